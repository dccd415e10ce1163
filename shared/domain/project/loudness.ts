import type { LoudnessPreset } from './document';

/**
 * Delivery loudness of each export preset (integrated, EBU R128 / ITU-R BS.1770 LUFS) and the
 * true-peak ceiling every preset shares. The values are restated in docs/editing.md.
 */
export const LOUDNESS_TARGETS: Record<LoudnessPreset, { lufs: number; label: string }> = {
  streaming: { lufs: -14, label: 'Streaming (−14 LUFS)' },
  podcast: { lufs: -16, label: 'Podcast (−16 LUFS)' },
  'ebu-r128': { lufs: -23, label: 'Broadcast EBU R128 (−23 LUFS)' },
};

export const TRUE_PEAK_CEILING_DB = -1;
