/**
 * The timeline's segment algebra, shared by every editor (Score lanes now; Subtitles and Dub
 * later). Everything here is pure, in integer milliseconds, and returns problems as values.
 *
 * - `Lane` (lane.ts): an array of `TimelineSegment` {id, startMs, endMs, prompt}, contiguous
 *   from 0, ≤ 30 items, last end ≤ duration. `laneProblems(segments, durationMs)` lists the API
 *   rules it breaks as {segmentId | null, code, message}, reusing shared/api/segments.ts.
 * - Edits (edits.ts), each returning {segments, problems} and never throwing:
 *   `splitSegment(segments, atMs, newId)`, `mergeWithNext(segments, id)`,
 *   `moveBoundary(segments, edgeIndex, toMs, {durationMs, snapTargetsMs, snapToleranceMs,
 *   minLengthMs})` (also returns `snappedToMs`), `insertSegment(segments, atMs, newId,
 *   {durationMs, prompt})`, `deleteSegment(segments, id)`, `rippleDeleteSegment(segments, id)`
 *   (later segments move earlier, the last keeps the lane's end), `setPrompt(segments, id,
 *   prompt)`.
 * - `snapMs(ms, targetsMs, toleranceMs)` (snap.ts).
 * - `toApiSegments(segments)` / `fromApiSegments(list, makeId, durationMs?)`: seconds JSON.
 */
export * from './lane';
export * from './edits';
export * from './snap';
export * from './placement';
export * from './shot-edits';
export * from './shot-sensitivity';
export * from './mix-peaks';
export * from './panel-take';
export * from './loop-region';
