import { create } from 'zustand';

/**
 * Words a screen has for a job's notice once it knows more than main did: Score, having put
 * the job's take on the timeline, says "Take B is on the timeline." rather than pointing to
 * Jobs. Kept by job id, so it applies whether the notice arrives before or after the take.
 */
export const useToastWords = create<{ byJob: Readonly<Record<string, string>> }>(() => ({
  byJob: {},
}));

export function retellJobNotice(jobId: string, body: string): void {
  useToastWords.setState((s) => ({ byJob: { ...s.byJob, [jobId]: body } }));
}
