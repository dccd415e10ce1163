import { createStore, type StoreApi } from 'zustand/vanilla';

/**
 * What part of the timeline is on screen: the horizontal scroll (in px of the lanes' track)
 * and the track's visible width. Kept outside React state so a scroll re-renders only the
 * parts that draw the visible window (ruler, waveforms), not every lane and segment.
 */
export interface Viewport {
  scrollLeft: number;
  width: number;
}

export type ViewportStore = StoreApi<Viewport>;

export function createViewport(): ViewportStore {
  return createStore<Viewport>(() => ({ scrollLeft: 0, width: 0 }));
}
