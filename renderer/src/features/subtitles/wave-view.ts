import { create } from 'zustand';
import * as player from '../../editor/media/player';
import { useTransport } from '../../editor/media/transport-store';
import { subsPart, useSubsView } from './subs-store';

/** Zoom steps of the Subtitles waveform, in pixels per second (60 is the start). */
export const WAVE_ZOOMS = [10, 20, 40, 60, 100, 160, 250, 400] as const;
const START = 3;

interface WaveViewState {
  zoom: number;
  /** Loop the current cue while playing (Shift+F5). */
  loop: boolean;
  /** Keep the playhead in view while playing. */
  follow: boolean;
  set: (patch: Partial<Omit<WaveViewState, 'set'>>) => void;
}

/** How the waveform is viewed: never part of the document or undo. */
export const useWaveView = create<WaveViewState>()((set) => ({
  zoom: START,
  loop: false,
  follow: true,
  set: (patch) => set(patch),
}));

export const pxPerSecond = (zoom: number) => WAVE_ZOOMS[zoom] ?? WAVE_ZOOMS[START];

/** = / + zoom in, - zoom out, 0 back to the start zoom (docs/editing.md). */
export function zoomWave(step: 1 | -1 | 0): void {
  const { zoom, set } = useWaveView.getState();
  const next = step === 0 ? START : Math.min(WAVE_ZOOMS.length - 1, Math.max(0, zoom + step));
  set({ zoom: next });
}

export function toggleLoop(): void {
  const { loop, set } = useWaveView.getState();
  set({ loop: !loop });
}

/** The current cue's span (first shown language), for looping. */
function currentSpan(): { startMs: number; endMs: number } | null {
  const id = useSubsView.getState().cueId;
  const part = subsPart();
  const cue = part.languages[part.shown[0] ?? '']?.find((c) => c.id === id);
  return cue ? { startMs: cue.startMs, endMs: cue.endMs } : null;
}

/**
 * While looping and playing, reaching the current cue's end jumps back to its start. Returns the
 * unsubscribe function (the waveform holds it while mounted).
 */
export function followLoop(): () => void {
  return useTransport.subscribe((state) => {
    if (!state.playing || !useWaveView.getState().loop) return;
    const span = currentSpan();
    if (span && state.playheadMs >= span.endMs) player.seek(span.startMs);
  });
}
