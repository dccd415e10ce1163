/**
 * Fixed sizes shared by the component and its stylesheet (set as CSS variables from here, so
 * the numbers live in one place). Heights are fixed so lane heads and tracks line up without
 * measuring the DOM.
 */
export const HEAD_PX = 148;
export const RULER_PX = 30;
export const LANE_PX = { source: 72, music: 48, sfx: 48, take: 34, mix: 56 } as const;
/** Width of the grab zone around a segment edge (resize cursor). */
export const EDGE_GRAB_PX = 10;
