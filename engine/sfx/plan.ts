import { CATALOG, FALLBACK_LAYERS, type LayerSpec } from './catalog';

export interface SfxPlan {
  /** Continuous layers, lead layer first. */
  beds: LayerSpec[];
  /** One-shot layers (played together at each placement). */
  shots: LayerSpec[];
  /** 0.6 gentle … 1 normal … 1.5 heavy. */
  intensity: number;
  /** Heard through a wall or from far away: the mix is low-passed. */
  muffled: boolean;
  /** Catalogue ids that matched, in prompt order ("fallback" when none did). */
  matched: string[];
}

const MAX_BEDS = 4;
const MAX_SHOTS = 3;
const HEAVY =
  /\b(?:heavy|intense|strong|loud|violent|huge|massive|big|powerful|fierce|pouring|raging|torrential|busy|hard)\b/i;
const GENTLE =
  /\b(?:light|gentle|soft|quiet|calm|faint|small|subtle|distant|far|slow|peaceful|relaxing|sparse|tiny)\b/i;
const MUFFLED =
  /\b(?:distant|far away|far-off|muffled|through (?:a|the) (?:wall|window)|behind (?:a|the) (?:wall|door)|next door|underwater)\b/i;
/** Only one kind of footsteps plays: the most specific named one. */
const FOOTSTEP_PRIORITY = ['gravel', 'running', 'walking'];

/**
 * Maps a free-text prompt to layers by keywords. This is keyword matching, not understanding:
 * "glass bottle breaking on tile" gets a generic glass break, and unknown sounds get the fallback.
 */
export function planFromPrompt(prompt: string): SfxPlan {
  const hits = CATALOG.map((entry) => ({ entry, at: prompt.search(entry.words) }))
    .filter((hit) => hit.at >= 0)
    .sort((a, b) => a.at - b.at);
  const footstep = FOOTSTEP_PRIORITY.find((id) => hits.some((hit) => hit.entry.id === id));
  const kept = hits.filter(
    (hit) => !FOOTSTEP_PRIORITY.includes(hit.entry.id) || hit.entry.id === footstep,
  );
  const beds: LayerSpec[] = [];
  const shots: LayerSpec[] = [];
  const seen = new Set<string>();
  for (const { entry } of kept) {
    for (const layer of entry.layers) {
      const id = `${layer.kind}:${layer.name}`;
      if (seen.has(id)) continue;
      seen.add(id);
      const continuous = layer.kind === 'bed' || layer.kind === 'sampleBed';
      if (continuous && beds.length < MAX_BEDS) beds.push(layer);
      if (!continuous && shots.length < MAX_SHOTS) shots.push(layer);
    }
  }
  const matched = kept.map((hit) => hit.entry.id);
  const heavy = HEAVY.test(prompt);
  const gentle = GENTLE.test(prompt);
  const intensity = heavy && !gentle ? 1.5 : gentle && !heavy ? 0.6 : 1;
  if (beds.length === 0 && shots.length === 0) {
    return {
      beds: [...FALLBACK_LAYERS],
      shots: [],
      intensity,
      muffled: MUFFLED.test(prompt),
      matched: ['fallback'],
    };
  }
  return { beds, shots, intensity, muffled: MUFFLED.test(prompt), matched };
}
