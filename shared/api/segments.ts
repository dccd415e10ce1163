import { LIMITS } from './limits';

/** A timed prompt, as sent in the `segments` form field (JSON text). */
export interface Segment {
  start: number;
  end: number;
  prompt: string;
}

export interface SegmentProblem {
  /** Index of the offending segment, or -1 for the list as a whole. */
  index: number;
  field: 'start' | 'end' | 'prompt' | 'list';
  message: string;
}

/**
 * The server's segment rules (spec "Segment item" + docs/api-notes.md 6.5), used by the app before
 * upload and by the local engine before charging. `durationSeconds` is the media or requested
 * duration the last end must not exceed; pass undefined when it is not known yet.
 */
export function checkSegments(
  segments: readonly Segment[],
  durationSeconds?: number,
): SegmentProblem[] {
  const rules = LIMITS.segments;
  const problems: SegmentProblem[] = [];
  if (segments.length === 0) {
    problems.push({ index: -1, field: 'list', message: 'Add at least one segment, or send none.' });
    return problems;
  }
  if (segments.length > rules.maxItems) {
    problems.push({
      index: -1,
      field: 'list',
      message: `At most ${rules.maxItems} segments are allowed (got ${segments.length}).`,
    });
  }
  segments.forEach((segment, index) => {
    const label = `Segment ${index + 1}`;
    if (!Number.isFinite(segment.start) || !Number.isFinite(segment.end)) {
      problems.push({ index, field: 'start', message: `${label}: start and end must be numbers.` });
      return;
    }
    if (index === 0 && Math.abs(segment.start) > rules.startTolerance) {
      problems.push({ index, field: 'start', message: `${label} must start at 0 s.` });
    }
    if (segment.end <= segment.start) {
      problems.push({ index, field: 'end', message: `${label}: end must be after its start.` });
    }
    const previous = segments[index - 1];
    if (previous && Math.abs(previous.end - segment.start) > rules.contiguityTolerance) {
      problems.push({
        index,
        field: 'start',
        message: `${label} must start where segment ${index} ends (${previous.end} s).`,
      });
    }
    const length = [...segment.prompt.trim()].length;
    if (length < rules.promptMin || [...segment.prompt].length > rules.promptMax) {
      problems.push({
        index,
        field: 'prompt',
        message: `${label}: prompt must be ${rules.promptMin}–${rules.promptMax} characters.`,
      });
    }
  });
  const last = segments[segments.length - 1];
  if (last && durationSeconds !== undefined && last.end > durationSeconds + rules.endTolerance) {
    problems.push({
      index: segments.length - 1,
      field: 'end',
      message: `The last segment ends at ${last.end} s, after the ${durationSeconds} s duration.`,
    });
  }
  return problems;
}

/** Parses the JSON text of a `segments` field; returns null when it is not a segment list. */
export function parseSegmentsField(text: string): Segment[] | null {
  if (text.length > LIMITS.segments.rawJsonMaxChars) return null;
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return null;
  }
  if (!Array.isArray(raw)) return null;
  const segments: Segment[] = [];
  for (const item of raw) {
    if (typeof item !== 'object' || item === null) return null;
    const { start, end, prompt } = item as Record<string, unknown>;
    const startN = toNumber(start);
    const endN = toNumber(end);
    if (startN === null || endN === null || typeof prompt !== 'string') return null;
    segments.push({ start: startN, end: endN, prompt });
  }
  return segments;
}

/** A JSON number, or a string holding one ("5", "2.25"); blank or other strings are not numbers. */
function toNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && /^\s*-?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?\s*$/i.test(value))
    return Number(value);
  return null;
}
