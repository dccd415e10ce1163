import { create } from 'zustand';

export interface SelectedSegment {
  lane: 'music' | 'sfx';
  id: string;
}

interface TransportState {
  playheadMs: number;
  playing: boolean;
  /** Shuttle speed: negative plays backwards (J), 0 is stopped (K), positive forwards (L). */
  shuttle: number;
  snapping: boolean;
  pxPerSecond: number;
  selected: SelectedSegment | null;
  /** A streamed take heard against the picture (its job id): the music lane's take is silent. */
  auditionJobId: string | null;
  set: (patch: Partial<Omit<TransportState, 'set'>>) => void;
}

/** Where the editor is (playhead, shuttle, zoom, selection): view state, never an undo step. */
export const useTransport = create<TransportState>()((set) => ({
  playheadMs: 0,
  playing: false,
  shuttle: 0,
  snapping: true,
  pxPerSecond: 40,
  selected: null,
  auditionJobId: null,
  set: (patch) => set(patch),
}));
