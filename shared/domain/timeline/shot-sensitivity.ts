/**
 * "Shot detection sensitivity" (docs/editing.md, "Shots by hand") as the scene-score threshold
 * of main's detection (0.05 sensitive … 0.9 only stark cuts, docs/editing.md "Shot changes").
 * Medium is the detection's default, 0.3; a lower threshold finds more (softer) cuts.
 */
export const SHOT_SENSITIVITIES = [
  { id: 'low', label: 'Low (only hard cuts)', threshold: 0.5 },
  { id: 'medium', label: 'Medium', threshold: 0.3 },
  { id: 'high', label: 'High (soft cuts too)', threshold: 0.15 },
] as const;

export type ShotSensitivity = (typeof SHOT_SENSITIVITIES)[number]['id'];

export function thresholdOf(sensitivity: ShotSensitivity): number {
  return SHOT_SENSITIVITIES.find((s) => s.id === sensitivity)!.threshold;
}

/** The sensitivity whose threshold is nearest to a stored one (older documents may hold any). */
export function sensitivityOf(threshold: number): ShotSensitivity {
  let best: (typeof SHOT_SENSITIVITIES)[number] = SHOT_SENSITIVITIES[1];
  for (const s of SHOT_SENSITIVITIES) {
    if (Math.abs(s.threshold - threshold) < Math.abs(best.threshold - threshold)) best = s;
  }
  return best.id;
}
