import { checkSegments, type Segment } from '../../api/segments';
import { LIMITS } from '../../api/limits';
import type { TimelineSegment } from '../project/document';

/**
 * A lane is an array of segments in integer milliseconds, contiguous from 0 (each start equals
 * the previous end), at most `LIMITS.segments.maxItems` long, the last end at or before the
 * video's duration. An empty lane is valid: the request then carries no segments.
 * The API's own rule check (`checkSegments`, in seconds) is the single source of the rules;
 * this file converts at the edge and names each problem by segment id.
 */
export type Lane = readonly TimelineSegment[];

/** Why a lane breaks a rule, or why an edit was refused or adjusted. */
export type LaneProblemCode =
  // Rules of the API (reported by laneProblems).
  | 'too-many'
  | 'not-contiguous'
  | 'not-after-start'
  | 'past-duration'
  | 'prompt-length'
  | 'duplicate-id'
  // Edits that cannot be done as asked (reported by the edit functions).
  | 'not-found'
  | 'too-short'
  | 'fixed-start'
  | 'no-next'
  | 'prompt-too-long';

export interface LaneProblem {
  /** The segment the problem is about, or null for the lane as a whole. */
  segmentId: string | null;
  code: LaneProblemCode;
  message: string;
}

/**
 * What every edit returns; edits never throw. An edit that changes nothing (refused, or a move
 * to where the edge already is) returns the input array itself: `edit.segments === lane`.
 */
export interface LaneEdit {
  segments: TimelineSegment[];
  problems: LaneProblem[];
}

export const MAX_SEGMENTS = LIMITS.segments.maxItems;
/** Shortest segment an edit will make: shorter ones cannot be grabbed or heard. */
export const DEFAULT_MIN_SEGMENT_MS = 100;
/** The document schema's own cap on a prompt; the API's 200 is a rule shown, not enforced. */
export const PROMPT_STORE_MAX_CHARS = LIMITS.promptMaxChars;

/** The API's segment JSON (seconds) for a lane. */
export function toApiSegments(segments: Lane): Segment[] {
  return segments.map((segment) => ({
    start: segment.startMs / 1000,
    end: segment.endMs / 1000,
    prompt: segment.prompt,
  }));
}

/**
 * A lane from the API's segment JSON (e.g. an analysis brief). Seconds become integer ms; a
 * start within the API's own contiguity tolerance of the previous end is joined to it, so the
 * lane is exactly contiguous. Problems are the API rules the input breaks.
 */
export function fromApiSegments(
  list: readonly Segment[],
  makeId: (index: number) => string,
  durationMs?: number,
): LaneEdit {
  const toleranceMs = Math.round(LIMITS.segments.contiguityTolerance * 1000);
  const segments: TimelineSegment[] = [];
  list.forEach((item, index) => {
    const previous = segments[index - 1];
    let startMs = toMs(item.start);
    if (!previous && Math.abs(startMs) <= Math.round(LIMITS.segments.startTolerance * 1000)) {
      startMs = 0;
    }
    if (previous && Math.abs(startMs - previous.endMs) <= toleranceMs) startMs = previous.endMs;
    segments.push({ id: makeId(index), startMs, endMs: toMs(item.end), prompt: item.prompt });
  });
  return { segments, problems: list.length === 0 ? [] : laneProblems(segments, durationMs) };
}

/** Seconds to integer ms, never negative (the document schema's ms are ≥ 0). */
function toMs(seconds: number): number {
  return Number.isFinite(seconds) ? Math.max(0, Math.round(seconds * 1000)) : 0;
}

/**
 * The API rules a lane breaks, each tied to a segment id (or null for the lane). `durationMs`
 * is the video's duration; omit it while unknown. An empty lane breaks nothing.
 */
export function laneProblems(segments: Lane, durationMs?: number): LaneProblem[] {
  if (segments.length === 0) return [];
  const problems: LaneProblem[] = checkSegments(
    toApiSegments(segments),
    durationMs === undefined ? undefined : durationMs / 1000,
  ).map((problem) => {
    const segment = segments[problem.index];
    return {
      segmentId: segment?.id ?? null,
      code: ruleCode(problem.field, segment),
      message: problem.message,
    };
  });
  const seen = new Set<string>();
  for (const segment of segments) {
    if (seen.has(segment.id)) {
      problems.push({
        segmentId: segment.id,
        code: 'duplicate-id',
        message: `Two segments share the id ${segment.id}.`,
      });
    }
    seen.add(segment.id);
  }
  return problems;
}

function ruleCode(field: string, segment: TimelineSegment | undefined): LaneProblemCode {
  if (field === 'list') return 'too-many';
  if (field === 'prompt') return 'prompt-length';
  if (field === 'start') return 'not-contiguous';
  return segment && segment.endMs <= segment.startMs ? 'not-after-start' : 'past-duration';
}

/** Index of the segment covering `ms` (start ≤ ms < end), or -1. */
export function segmentIndexAt(segments: Lane, ms: number): number {
  return segments.findIndex((segment) => segment.startMs <= ms && ms < segment.endMs);
}

/** Every edge of the lane in ms, ascending: 0, each inner boundary, the last end. */
export function laneEdgesMs(segments: Lane): number[] {
  if (segments.length === 0) return [];
  return [segments[0]!.startMs, ...segments.map((segment) => segment.endMs)];
}
