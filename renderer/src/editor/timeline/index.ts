/**
 * The Score timeline: a presentational-but-interactive component the screen wires to its
 * document, video and commands. API: docs/editing.md ("Timeline component").
 */
export { Timeline, type TimelineHandle, type TimelineProps } from './Timeline';
export type { LaneKind, TimelineLane, TimelineTake } from './types';
export { decodePeaks, type DecodedPeaks, type LanePeaks } from './peaks';
export { fitPxPerSecond, MAX_PX_PER_SECOND, MIN_PX_PER_SECOND, ZOOM_STEP } from './scale';
