import { z } from 'zod';
import { LIMITS } from '../limits';

/** GET /v1/account/usage?days=N: whole days 1-365, default 30. */
export const usageRequestSchema = z.strictObject({
  days: z
    .number()
    .int('Days must be a whole number.')
    .min(LIMITS.usageDays.min, `Days must be at least ${LIMITS.usageDays.min}.`)
    .max(LIMITS.usageDays.max, `Days may be at most ${LIMITS.usageDays.max}.`)
    .default(LIMITS.usageDays.default),
});
export type UsageRequest = z.output<typeof usageRequestSchema>;
