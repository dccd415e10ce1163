import { create } from 'zustand';

/**
 * What Subtitles hands to Dub with "Send to Dub": the video and one approved script per
 * language, paired. Written to files first (subtitles:write), so Dub receives paths it can
 * upload like any script the user picked. Kept in memory; Dub reads and clears it.
 */
export interface DubHandoff {
  videoPath?: string;
  sourceLanguage?: string;
  /** Language code -> the exported .srt path. */
  scripts: Record<string, string>;
  sentAt: number;
}

interface HandoffState {
  handoff: DubHandoff | null;
  send: (handoff: DubHandoff) => void;
  clear: () => void;
}

export const useDubHandoff = create<HandoffState>()((set) => ({
  handoff: null,
  send: (handoff) => set({ handoff }),
  clear: () => set({ handoff: null }),
}));

/**
 * The hand-over as the Dub batch lists it (one video row, each script assigned to that video and
 * its language), for Dub to add to its own part.
 */
export function handoffAsBatch(handoff: DubHandoff): {
  videos: { path: string }[];
  scripts: { path: string; language: string; video?: string }[];
} {
  return {
    videos: handoff.videoPath ? [{ path: handoff.videoPath }] : [],
    scripts: Object.entries(handoff.scripts)
      .filter(([language]) => language !== handoff.sourceLanguage)
      .map(([language, path]) => ({
        path,
        language,
        ...(handoff.videoPath ? { video: handoff.videoPath } : {}),
      })),
  };
}
