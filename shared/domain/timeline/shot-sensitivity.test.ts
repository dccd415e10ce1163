import { describe, expect, it } from 'vitest';
import { sensitivityOf, SHOT_SENSITIVITIES, thresholdOf } from './shot-sensitivity';

describe('shot detection sensitivity', () => {
  it('maps each level to a threshold inside the detection’s range, more sensitive = lower', () => {
    const [low, medium, high] = SHOT_SENSITIVITIES.map((s) => thresholdOf(s.id));
    expect(medium).toBe(0.3);
    expect(low!).toBeGreaterThan(medium!);
    expect(high!).toBeLessThan(medium!);
    for (const t of [low!, high!]) expect(t >= 0.05 && t <= 0.9).toBe(true);
  });

  it('reads a stored threshold back as the nearest level', () => {
    for (const s of SHOT_SENSITIVITIES) expect(sensitivityOf(s.threshold)).toBe(s.id);
    expect(sensitivityOf(0.05)).toBe('high');
    expect(sensitivityOf(0.9)).toBe('low');
    expect(sensitivityOf(0.33)).toBe('medium');
  });
});
