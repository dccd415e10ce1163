import { RATES_PER_SECOND } from '../../shared/api/billing-rates';
import { LIMITS } from '../../shared/api/limits';
import type { TaskType } from '../../shared/api/task-types';

/** USD per billable second; the same table the app estimates with. */
export function ratePerSecond(type: TaskType): number {
  return RATES_PER_SECOND[type];
}

/**
 * Where the 10 s floor applies: dubbing and proofread floor the total after multiplying by
 * languages (spec); a video-analysis brief is floored on its own so the cost stays linear in
 * variants_num.
 */
const FLOORS: Partial<Record<TaskType, 'total' | 'per_unit'>> = {
  dubbing: 'total',
  proofread: 'total',
  video_analysis: 'per_unit',
};

/** Billable seconds after multiplier and floor. */
export function billableSeconds(type: TaskType, seconds: number, multiplier: number): number {
  const floor = LIMITS.billingFloorSeconds;
  switch (FLOORS[type]) {
    case 'per_unit':
      return Math.max(floor, seconds) * multiplier;
    case 'total':
      return Math.max(floor, seconds * multiplier);
    default:
      return seconds * multiplier;
  }
}
