import { create } from 'zustand';
import type { Job } from '../../../../shared/domain/jobs/job';

/**
 * What Jobs hands to Subtitles with "Edit subtitles": a finished Proofread job whose .srt files
 * and video Subtitles opens. Kept in memory; Subtitles reads and clears it (as Dub does with
 * dub-handoff), so the Jobs screen never imports the Subtitles feature.
 */
interface SubtitlesHandoffState {
  job: Job | null;
  send: (job: Job) => void;
  clear: () => void;
}

export const useSubtitlesHandoff = create<SubtitlesHandoffState>()((set) => ({
  job: null,
  send: (job) => set({ job }),
  clear: () => set({ job: null }),
}));

/** A Proofread job that finished with subtitle files can be opened in the editor. */
export const canEditSubtitles = (job: Job): boolean =>
  job.request.type === 'proofread' &&
  job.stage === 'succeeded' &&
  job.files.some((file) => /\.(srt|vtt)$/i.test(file.path));
