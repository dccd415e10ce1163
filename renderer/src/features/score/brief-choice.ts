import { create } from 'zustand';
import { lanesFromBrief } from './brief-lanes';
import { newId } from './lane-edits';
import { useScoreStore } from './score-store';

interface BriefChoice {
  /** The project the brief was applied to, so another project never offers its variations. */
  projectPath: string | null;
  /** The finished analysis result, kept so another variation can be applied without a new job. */
  result: unknown;
  variations: string[];
  chosen: number;
}

export const useBriefChoice = create<BriefChoice>()(() => ({
  projectPath: null,
  result: undefined,
  variations: [],
  chosen: 0,
}));

/**
 * Fills both lanes and both lane prompts from a brief with the given music variation, as ONE
 * undo step labelled `label`; answers a sentence when the result holds no brief. `landedJobId`:
 * the analysis job this lands, recorded in the same edit (score-store.ts `landedJobIds`).
 */
export function applyBrief(
  result: unknown,
  variation: number,
  label: string,
  landedJobId?: string,
): string | undefined {
  const store = useScoreStore.getState();
  const lanes = lanesFromBrief(result, variation, newId, store.history?.present.video?.durationMs);
  if ('error' in lanes) return lanes.error;
  store.edit(
    label,
    (current) => ({
      ...current,
      lanes: { music: lanes.music, sfx: lanes.sfx },
      prompts: { music: lanes.musicPrompt, sfx: lanes.sfxPrompt },
    }),
    landedJobId ? { landedJobIds: [landedJobId] } : {},
  );
  useBriefChoice.setState({
    projectPath: store.project?.path ?? null,
    result,
    variations: lanes.variations,
    chosen: Math.min(Math.max(0, variation), Math.max(0, lanes.variations.length - 1)),
  });
  return undefined;
}

/** Re-applies the last brief with another variation (both lanes replaced, one undo step). */
export function chooseVariation(index: number): string | undefined {
  const { result, chosen } = useBriefChoice.getState();
  if (result === undefined || index === chosen) return undefined;
  return applyBrief(result, index, `Choose brief variation ${index + 1}`);
}
