import {
  DEFAULT_MIN_SEGMENT_MS,
  MAX_SEGMENTS,
  PROMPT_STORE_MAX_CHARS,
  segmentIndexAt,
  type Lane,
  type LaneEdit,
  type LaneProblem,
  type LaneProblemCode,
} from './lane';
import type { TimelineSegment } from '../project/document';
import { snapMs } from './snap';

/**
 * Pure edits of a lane (see lane.ts for what a lane is). Each keeps the lane's structure valid:
 * contiguous from 0, at most MAX_SEGMENTS, no segment shorter than the minimum, the last end
 * within the duration, ids stable and unique. An edit that cannot be done returns the input lane
 * and says why; an edit that had to be limited (a drag past a neighbour) returns the limited
 * lane and says what limited it. Prompt rules are not enforced here: a prompt being typed may be
 * empty or long for a while, and laneProblems shows it on the segment.
 */

const refuse = (
  segments: Lane,
  code: LaneProblemCode,
  message: string,
  segmentId: string | null = null,
): LaneEdit => ({ segments: unchanged(segments), problems: [{ segmentId, code, message }] });

/**
 * The input lane itself, so `edit.segments === lane` tells a caller nothing changed and there is
 * nothing to record. Edits never mutate it; the mutable type only matches the document schema's.
 */
const unchanged = (segments: Lane) => segments as TimelineSegment[];

const seconds = (ms: number): string => `${+(ms / 1000).toFixed(3)} s`;

export interface SplitOptions {
  minLengthMs?: number;
}

/**
 * Splits the segment covering `atMs` in two; the left part keeps its id, the right part gets
 * `newId`; both keep the prompt.
 */
export function splitSegment(
  segments: Lane,
  atMs: number,
  newId: string,
  { minLengthMs = DEFAULT_MIN_SEGMENT_MS }: SplitOptions = {},
): LaneEdit {
  const index = segmentIndexAt(segments, atMs);
  const segment = segments[index];
  if (!segment) return refuse(segments, 'not-found', `No segment at ${seconds(atMs)} to split.`);
  const cannotAdd = checkCanAdd(segments, newId);
  if (cannotAdd) return cannotAdd;
  const at = Math.round(atMs);
  if (at - segment.startMs < minLengthMs || segment.endMs - at < minLengthMs) {
    return refuse(
      segments,
      'too-short',
      `Split at least ${seconds(minLengthMs)} from the segment's edges.`,
      segment.id,
    );
  }
  const next = [...segments];
  next.splice(
    index,
    1,
    { ...segment, endMs: at },
    { id: newId, startMs: at, endMs: segment.endMs, prompt: segment.prompt },
  );
  return { segments: next, problems: [] };
}

/** Merges a segment with the next one: it keeps its id and prompt and takes the next one's end. */
export function mergeWithNext(segments: Lane, id: string): LaneEdit {
  const index = segments.findIndex((segment) => segment.id === id);
  const segment = segments[index];
  const following = segments[index + 1];
  if (!segment) return refuse(segments, 'not-found', 'That segment is no longer on the lane.');
  if (!following) {
    return refuse(segments, 'no-next', 'The last segment has nothing after it to merge.', id);
  }
  const next = [...segments];
  next.splice(index, 2, { ...segment, endMs: following.endMs });
  return { segments: next, problems: [] };
}

export interface MoveBoundaryOptions {
  durationMs: number;
  /** Shot changes, the playhead, other lanes' edges: where the edge likes to land. */
  snapTargetsMs?: readonly number[];
  snapToleranceMs?: number;
  minLengthMs?: number;
}

export interface BoundaryMove extends LaneEdit {
  /** The snap target the edge landed on, or null when it landed where it was dragged. */
  snappedToMs: number | null;
}

/**
 * Moves edge `index` to `toMs`: edge i is the boundary between segment i-1 and i (both follow,
 * so the lane stays contiguous), edge `segments.length` is the last end. Edge 0 is the lane's
 * start and stays at 0. The edge snaps first, then is held so no segment gets shorter than the
 * minimum and the last end stays within the duration; a held edge reports why.
 */
export function moveBoundary(
  segments: Lane,
  index: number,
  toMs: number,
  {
    durationMs,
    snapTargetsMs = [],
    snapToleranceMs = 0,
    minLengthMs = DEFAULT_MIN_SEGMENT_MS,
  }: MoveBoundaryOptions,
): BoundaryMove {
  const before = segments[index - 1];
  if (!Number.isInteger(index) || index < 1 || !before) {
    const edit =
      index === 0 && segments.length > 0
        ? refuse(
            segments,
            'fixed-start',
            'The first segment always starts at 0 s.',
            segments[0]!.id,
          )
        : refuse(segments, 'not-found', 'There is no such edge on the lane.');
    return { ...edit, snappedToMs: null };
  }
  const after = segments[index];
  const snap = snapMs(Math.round(toMs), snapTargetsMs, snapToleranceMs);
  const lowest = before.startMs + minLengthMs;
  const highest = after ? after.endMs - minLengthMs : durationMs;
  if (lowest > highest) {
    // Only when the lane is already too tight for the minimum (e.g. imported): leave it.
    const edit = refuse(segments, 'too-short', 'There is no room to move this edge.', before.id);
    return { ...edit, snappedToMs: null };
  }
  const problems: LaneProblem[] = [];
  let edge = snap.ms;
  if (edge < lowest) {
    edge = lowest;
    problems.push({
      segmentId: before.id,
      code: 'too-short',
      message: `A segment can't be shorter than ${seconds(minLengthMs)}.`,
    });
  } else if (edge > highest) {
    edge = highest;
    problems.push(
      after
        ? {
            segmentId: after.id,
            code: 'too-short',
            message: `A segment can't be shorter than ${seconds(minLengthMs)}.`,
          }
        : {
            segmentId: before.id,
            code: 'past-duration',
            message: `The last segment can't end after the video (${seconds(durationMs)}).`,
          },
    );
  }
  if (edge === before.endMs) return { segments: unchanged(segments), problems, snappedToMs: null };
  const next = [...segments];
  next[index - 1] = { ...before, endMs: edge };
  if (after) next[index] = { ...after, startMs: edge };
  return { segments: next, problems, snappedToMs: edge === snap.snappedToMs ? edge : null };
}

export interface InsertOptions {
  durationMs: number;
  prompt?: string;
  /** Length of a segment appended after the lane's end. */
  lengthMs?: number;
  minLengthMs?: number;
}

/** Length of a new segment appended at the lane's end when no length is given. */
export const DEFAULT_NEW_SEGMENT_MS = 5000;

/**
 * Adds a segment with `newId` at `atMs`. Inside a segment it takes the rest of that segment from
 * `atMs`; at or after the lane's end it is appended from the end (the lane must stay contiguous)
 * to `lengthMs` past the later of `atMs` and the end, within the duration.
 */
export function insertSegment(
  segments: Lane,
  atMs: number,
  newId: string,
  {
    durationMs,
    prompt = '',
    lengthMs = DEFAULT_NEW_SEGMENT_MS,
    minLengthMs = DEFAULT_MIN_SEGMENT_MS,
  }: InsertOptions,
): LaneEdit {
  const cannotAdd = checkCanAdd(segments, newId);
  if (cannotAdd) return cannotAdd;
  const laneEnd = segments.length === 0 ? 0 : segments[segments.length - 1]!.endMs;
  const at = Math.round(atMs);
  if (at >= laneEnd) {
    const endMs = Math.min(durationMs, Math.max(at, laneEnd) + lengthMs);
    if (endMs - laneEnd < minLengthMs) {
      return refuse(segments, 'past-duration', 'There is no room left before the video ends.');
    }
    return {
      segments: [...segments, { id: newId, startMs: laneEnd, endMs, prompt }],
      problems: [],
    };
  }
  // On or beside an edge the split below would refuse with a split's words; an insert says
  // where the playhead has to go instead (the Score shows it when + or Insert cannot act).
  const inside = segments[segmentIndexAt(segments, at)];
  if (inside && at === inside.startMs) {
    return refuse(
      segments,
      'too-short',
      `A segment already starts at ${seconds(at)}: move the playhead inside a segment to add one there, or to the lane's end (${seconds(laneEnd)}) to add one after it.`,
      inside.id,
    );
  }
  if (inside && (at - inside.startMs < minLengthMs || inside.endMs - at < minLengthMs)) {
    const edge = at - inside.startMs < minLengthMs ? inside.startMs : inside.endMs;
    return refuse(
      segments,
      'too-short',
      `Too close to the segment edge at ${seconds(edge)}: a new segment starts at least ${seconds(minLengthMs)} from an edge.`,
      inside.id,
    );
  }
  const split = splitSegment(segments, at, newId, { minLengthMs });
  if (split.problems.length > 0) return split;
  const index = split.segments.findIndex((segment) => segment.id === newId);
  split.segments[index] = { ...split.segments[index]!, prompt };
  return split;
}

/**
 * Removes a segment; a neighbour absorbs its time so the lane stays contiguous: the previous
 * one, or the next when it is the first. Removing the only segment empties the lane.
 */
export function deleteSegment(segments: Lane, id: string): LaneEdit {
  const index = segments.findIndex((segment) => segment.id === id);
  const segment = segments[index];
  if (!segment) return refuse(segments, 'not-found', 'That segment is no longer on the lane.');
  const next = [...segments];
  const previous = segments[index - 1];
  const following = segments[index + 1];
  if (previous) next[index - 1] = { ...previous, endMs: segment.endMs };
  else if (following) next[index + 1] = { ...following, startMs: segment.startMs };
  next.splice(index, 1);
  return { segments: next, problems: [] };
}

/**
 * Ripple delete (Shift+Delete, as in NLEs): removes a segment and moves every later one earlier
 * by its length, so the prompts after it come that much sooner. A prompt lane must stay
 * contiguous from 0 and should still score the stretch of video it scored, so the last segment
 * stretches back to the lane's old end (no segment gets shorter, so no minimum can break).
 * Removing the last segment is therefore the same as deleteSegment; the only one empties the
 * lane.
 */
export function rippleDeleteSegment(segments: Lane, id: string): LaneEdit {
  const index = segments.findIndex((segment) => segment.id === id);
  const segment = segments[index];
  if (!segment) return refuse(segments, 'not-found', 'That segment is no longer on the lane.');
  const lengthMs = segment.endMs - segment.startMs;
  const laneEndMs = segments[segments.length - 1]!.endMs;
  const next = segments
    .filter((_, i) => i !== index)
    .map((item, i) =>
      i < index
        ? item
        : { ...item, startMs: item.startMs - lengthMs, endMs: item.endMs - lengthMs },
    );
  const last = next[next.length - 1];
  if (last) next[next.length - 1] = { ...last, endMs: laneEndMs };
  return { segments: next, problems: [] };
}

/** Sets a segment's prompt, held to what a document can store. */
export function setPrompt(segments: Lane, id: string, prompt: string): LaneEdit {
  const index = segments.findIndex((segment) => segment.id === id);
  const segment = segments[index];
  if (!segment) return refuse(segments, 'not-found', 'That segment is no longer on the lane.');
  const problems: LaneProblem[] = [];
  let text = prompt;
  if (text.length > PROMPT_STORE_MAX_CHARS) {
    text = text.slice(0, PROMPT_STORE_MAX_CHARS);
    problems.push({
      segmentId: id,
      code: 'prompt-too-long',
      message: `A prompt keeps at most ${PROMPT_STORE_MAX_CHARS} characters; the rest was cut.`,
    });
  }
  if (text === segment.prompt) return { segments: unchanged(segments), problems };
  const next = [...segments];
  next[index] = { ...segment, prompt: text };
  return { segments: next, problems };
}

function checkCanAdd(segments: Lane, newId: string): LaneEdit | null {
  if (segments.length >= MAX_SEGMENTS) {
    return refuse(segments, 'too-many', `A lane holds at most ${MAX_SEGMENTS} segments.`);
  }
  if (newId.length === 0 || segments.some((segment) => segment.id === newId)) {
    return refuse(segments, 'duplicate-id', `The id "${newId}" is already on the lane.`);
  }
  return null;
}
