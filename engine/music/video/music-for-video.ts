import type { Segment } from '../../../shared/api/segments';
import type { VideoAnalysis } from '../../media/analysis';
import { buildBrief } from '../../media/brief';
import type { MusicSpec } from '../spec';

/** A segment as the music endpoints take it: the clients' music shape may carry a section label. */
export type MusicSegment = Segment & { label?: string };

export interface VideoMusicRequest {
  durationSeconds: number;
  prompt?: string;
  /** 0..1: how much the user's prompt, rather than the measured picture, steers the music. */
  promptInfluence: number;
  segments?: MusicSegment[];
  /** 0 for the first take; later takes get their own seed and brief reading. */
  variant: number;
}

/**
 * The music request for a video. Cuts always shape the form (sections start on them, crashes
 * accent them). The words come from the user's prompt and from the measured brief (light,
 * motion, colour -> palette, tempo, mode): prompt_influence 1 uses only the prompt, 0 only the
 * brief, and in between both, the dominant one named first (the composer gives earlier words
 * priority). Without user segments, the brief's per-section prompts (labelled intro/chorus/...)
 * shape the sections when the picture leads.
 */
export function musicSpecForVideo(analysis: VideoAnalysis, request: VideoMusicRequest): MusicSpec {
  const brief = buildBrief(analysis, {
    prompt: request.prompt,
    variantsNum: request.variant + 1,
    mode: 'music',
  });
  const briefPrompt =
    brief.variations[request.variant]?.prompt ??
    brief.variations[0]?.prompt ??
    'cinematic underscore';
  const user = request.prompt?.trim();
  const influence = user ? request.promptInfluence : 0;
  const prompt =
    influence >= 1
      ? user!
      : influence <= 0
        ? briefPrompt
        : influence >= 0.5
          ? `${user}. ${briefPrompt}`
          : `${briefPrompt} ${user}`;
  const pictureLeads = influence < 0.5;
  const chosen: MusicSegment[] | undefined =
    request.segments ?? (pictureLeads && brief.segments.length > 1 ? brief.segments : undefined);
  // A label ("chorus") joins the prompt, where the composer reads section words.
  const segments = chosen?.map((s) => ({
    start: s.start,
    end: s.end,
    prompt: s.label && s.label !== 'none' ? `${s.label}: ${s.prompt}` : s.prompt,
  }));
  const lastEnd = segments?.[segments.length - 1]?.end;
  // Brief segments end on whole seconds; the music must still fill the video to its last frame.
  const fitted =
    segments && lastEnd !== undefined && lastEnd < request.durationSeconds
      ? segments.map((s, i) =>
          i === segments.length - 1 ? { ...s, end: request.durationSeconds } : s,
        )
      : segments;
  return {
    prompt,
    durationSeconds: request.durationSeconds,
    cuts: analysis.cuts,
    ...(fitted ? { segments: fitted } : {}),
    ...(request.variant > 0 ? { seed: request.variant } : {}),
  };
}

/**
 * Music segments as clients send them (docs/api-notes.md 6.1/6.2): the spec's `{start, end, prompt}`
 * items, or the start-only music shape `{start, prompt, label?}` where each item ends where the
 * next begins (the last at the end of the piece).
 */
export function readMusicSegments(
  raw: unknown,
  durationSeconds: number,
): { ok: true; value: MusicSegment[] } | { ok: false; message: string } {
  const shapeError = {
    ok: false as const,
    message: 'segments must be a JSON array of {start, end?, prompt, label?} objects',
  };
  if (!Array.isArray(raw)) return shapeError;
  const items = raw.map((item: unknown) =>
    typeof item === 'object' && item !== null ? (item as Record<string, unknown>) : null,
  );
  const segments: MusicSegment[] = [];
  for (const [index, item] of items.entries()) {
    if (
      !item ||
      typeof item.prompt !== 'string' ||
      item.start === undefined ||
      typeof item.start === 'boolean'
    )
      return shapeError;
    const start = Number(item.start);
    const next = items[index + 1];
    const end =
      item.end !== undefined ? Number(item.end) : next ? Number(next.start) : durationSeconds;
    if (!Number.isFinite(start) || !Number.isFinite(end)) return shapeError;
    segments.push({
      start,
      end,
      prompt: item.prompt,
      ...(typeof item.label === 'string' ? { label: item.label } : {}),
    });
  }
  return { ok: true, value: segments };
}
