import { z } from 'zod';

/**
 * State files main could not read whole this session (the job history today): the bytes were
 * kept beside the file, and the app started with what it could read. The renderer shows a banner.
 */
export const storageProblemSchema = z.object({
  /** Which file: 'jobs' is the job history (jobs.json). */
  store: z.enum(['jobs']),
  message: z.string(),
  /** Where the unreadable copy was kept; null when even that failed (nothing is written then). */
  keptAt: z.string().nullable(),
});
export type StorageProblem = z.infer<typeof storageProblemSchema>;

export const storageChannels = {
  'storage:problems': {
    request: z.object({}).strict(),
    response: z.array(storageProblemSchema),
  },
} as const;
