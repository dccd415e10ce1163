import { taskStatusSchema } from '../../../../shared/api/responses';
import type { TimelineSegment } from '../../../../shared/domain/project/document';
import { fromApiSegments } from '../../../../shared/domain/timeline';

export interface BriefLanes {
  music: TimelineSegment[];
  sfx: TimelineSegment[];
  /** The overall prompt of each lane: the chosen music variation, the sound-design overview. */
  musicPrompt: string;
  sfxPrompt: string;
  variations: string[];
}

/**
 * A finished video-analysis task as lanes: its music segments fill the music lane, its
 * sfx_segments the SFX lane, and the chosen variation (default the first) is the music prompt.
 * Answers a sentence instead when the result holds no brief.
 */
export function lanesFromBrief(
  result: unknown,
  variation: number,
  makeId: () => string,
  durationMs?: number,
): BriefLanes | { error: string } {
  const parsed = taskStatusSchema.safeParse(result);
  if (!parsed.success || !parsed.data.segments?.length) {
    return { error: 'The analysis finished without a segment plan; try Analyse again.' };
  }
  const brief = parsed.data;
  const variations = (brief.variations ?? []).map((v) => v.prompt);
  const toLane = (list: typeof brief.segments = []) =>
    fromApiSegments(
      list.map(({ start, end, prompt }) => ({ start, end, prompt })),
      makeId,
      durationMs,
    ).segments;
  return {
    music: toLane(brief.segments),
    sfx: toLane(brief.sfx_segments),
    musicPrompt: variations[Math.min(Math.max(0, variation), variations.length - 1)] ?? '',
    sfxPrompt: brief.sfx_prompt ?? '',
    variations,
  };
}
