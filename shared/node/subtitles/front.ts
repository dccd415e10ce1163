import type { ReadError, ReadRepair, SubtitleFormat } from '../../domain/subtitles/file';
import { readTimestamp, TIMING_LINE, type ReadTimestamp } from './timestamp';

/**
 * The tolerant front of the reader: real-world file text -> cues with integer-ms times and
 * their text lines, plus a list of what was mended. It finds cue blocks itself (a timing line starts a
 * cue even without a blank line before it), drops cue numbers and VTT identifiers, lifts VTT
 * STYLE/REGION/NOTE blocks out, and reads every timing line tolerantly. Why each step is
 * here and not left to `subtitle`: docs/decisions/040-subtitle-reader.md.
 */

export interface FrontCue {
  /** 1-based line of the timing line in the original text. */
  line: number;
  startMs: number;
  endMs: number;
  settings: string;
  text: string[];
}

export interface Prepared {
  format: SubtitleFormat;
  cues: FrontCue[];
  repairs: ReadRepair[];
  header: string;
  blocks: { kind: 'STYLE' | 'REGION' | 'NOTE'; text: string }[];
}

const VTT_BLOCK = /^(NOTE|STYLE|REGION)(?=$|[ \t])/;
const quote = (line: string) => `"${line.length > 60 ? `${line.slice(0, 57)}...` : line}"`;

/** An arrow with a time-like number on either side; `He said --> go` stays text. */
const looksLikeTiming = (line: string) => line.includes('-->') && /\d\s*[:.,]\s*\d/.test(line);

interface Block {
  first: number;
  lines: string[];
}

function toBlocks(lines: readonly string[], from: number): Block[] {
  const blocks: Block[] = [];
  let current: Block | null = null;
  for (let i = from; i < lines.length; i += 1) {
    const line = lines[i]!;
    if (line.trim() === '') {
      current = null;
      continue;
    }
    if (!current) {
      current = { first: i + 1, lines: [] };
      blocks.push(current);
    }
    current.lines.push(line.trimEnd());
  }
  return blocks;
}

class Tally {
  private readonly counts = new Map<ReadRepair['code'], { line: number; count: number }>();
  add(code: ReadRepair['code'], line: number): void {
    const seen = this.counts.get(code);
    if (seen) seen.count += 1;
    else this.counts.set(code, { line, count: 1 });
  }
  get(code: ReadRepair['code']) {
    return this.counts.get(code);
  }
}

const REPAIR_WORDS: Partial<Record<ReadRepair['code'], (n: number) => string>> = {
  'timestamp-without-ms': (n) => `${n} timestamp(s) had no milliseconds; read as .000.`,
  'short-fraction': (n) =>
    `${n} timestamp(s) had a 1- or 2-digit fraction; read as tenths or hundredths of a second.`,
  'negative-time': (n) => `${n} negative time(s) set to 0:00:00.000.`,
  'missing-blank-line': (n) =>
    `${n} cue(s) started right after text with no blank line; each timing line starts a new cue.`,
  'cue-number': (n) => `${n} cue number(s) were not numbers; they were ignored.`,
  'text-without-timing': (n) =>
    `${n} block(s) of text had no timing line; kept as more lines of the cue above.`,
};

function summarise(tally: Tally): ReadRepair[] {
  const repairs: ReadRepair[] = [];
  for (const [code, words] of Object.entries(REPAIR_WORDS) as [
    ReadRepair['code'],
    (n: number) => string,
  ][]) {
    const seen = tally.get(code);
    if (seen)
      repairs.push({
        code,
        message: `${words(seen.count)} First at line ${seen.line}.`,
        line: seen.line,
        count: seen.count,
      });
  }
  return repairs;
}

type Timing =
  { ok: true; startMs: number; endMs: number; settings: string } | { ok: false; error: ReadError };

function noteUnusual(stamp: ReadTimestamp, lineNo: number, tally: Tally): void {
  if (stamp.withoutMs) tally.add('timestamp-without-ms', lineNo);
  if (stamp.shortFraction) tally.add('short-fraction', lineNo);
  if (stamp.negative) tally.add('negative-time', lineNo);
}

function readTimingLine(line: string, lineNo: number, tally: Tally): Timing {
  const match = TIMING_LINE.exec(line);
  const start = match ? readTimestamp(match[1]!) : null;
  const end = match ? readTimestamp(match[2]!) : null;
  if (!start || !end) {
    const bad = match ? (start ? match[2]! : match[1]!) : line.trim();
    return {
      ok: false,
      error: {
        code: 'bad_timing',
        line: lineNo,
        message: `Line ${lineNo}: cannot read the time ${quote(bad)}. Write timing lines as 00:00:01,000 --> 00:00:04,000, then open the file again.`,
      },
    };
  }
  noteUnusual(start, lineNo, tally);
  noteUnusual(end, lineNo, tally);
  return {
    ok: true,
    startMs: Math.max(0, start.ms),
    endMs: Math.max(0, end.ms),
    settings: match?.[3] ?? '',
  };
}

function notSubtitles(line: number, text: string): { ok: false; error: ReadError } {
  return {
    ok: false,
    error: {
      code: 'not_subtitles',
      line,
      message: `Line ${line}: expected a cue (a timing line such as 00:00:01,000 --> 00:00:04,000), found ${quote(text.trim())}. This does not look like a subtitle file; nothing was imported.`,
    },
  };
}

/** Reads the structure of the text; `hint` is the format the file name says. */
export function prepareSubtitleText(
  input: string,
  hint: SubtitleFormat | null,
): { ok: true; value: Prepared } | { ok: false; error: ReadError } {
  const repairs: ReadRepair[] = [];
  const text = input.replace(/^\uFEFF/, '');
  if (text.includes('\r')) {
    const crlf = text.includes('\r\n');
    repairs.push({
      code: 'line-endings',
      message: crlf
        ? 'Windows line endings (CRLF) read as line breaks.'
        : 'Old Mac line endings (CR) read as line breaks.',
    });
  }
  const lines = text.split(/\r\n|\r|\n/);
  let from = lines.findIndex((line) => line.trim() !== '');
  if (from < 0) from = lines.length;
  let format: SubtitleFormat = hint ?? 'srt';
  let header = 'WEBVTT';
  if (/^WEBVTT(?=$|[ \t])/.test(lines[from] ?? '')) {
    if (hint !== 'vtt')
      repairs.push({
        code: 'format-from-content',
        message: 'The file starts with WEBVTT, so it was read as WebVTT.',
      });
    format = 'vtt';
    let end = from;
    while (end < lines.length && lines[end]!.trim() !== '') end += 1;
    header = lines
      .slice(from, end)
      .map((l) => l.trimEnd())
      .join('\n');
    from = end;
  } else if (format === 'vtt') {
    repairs.push({
      code: 'missing-header',
      message: 'The WEBVTT header line was missing; it will be written on save.',
    });
  }

  const tally = new Tally();
  const cues: FrontCue[] = [];
  const blocks: Prepared['blocks'] = [];
  const previousText = (stray: string[], line: number): boolean => {
    const previous = cues[cues.length - 1];
    if (!previous) return false;
    previous.text.push(...stray);
    tally.add('text-without-timing', line);
    return true;
  };

  for (const block of toBlocks(lines, from)) {
    const kind = format === 'vtt' ? VTT_BLOCK.exec(block.lines[0]!)?.[1] : undefined;
    if (kind) {
      blocks.push({ kind: kind as 'STYLE' | 'REGION' | 'NOTE', text: block.lines.join('\n') });
      continue;
    }
    const timings: number[] = [];
    for (let i = 0; i < block.lines.length; i += 1)
      if (looksLikeTiming(block.lines[i]!)) timings.push(i);
    if (timings.length === 0) {
      if (!previousText(block.lines, block.first))
        return notSubtitles(block.first, block.lines[0]!);
      continue;
    }
    const lead = block.lines.slice(0, timings[0]);
    if (lead.length > 1 && !previousText(lead.slice(0, -1), block.first))
      return notSubtitles(block.first, lead[0]!);
    const label = lead[lead.length - 1];
    if (label !== undefined && format === 'srt' && !/^\s*\d+\s*$/.test(label))
      tally.add('cue-number', block.first + lead.length - 1);
    for (let k = 0; k < timings.length; k += 1) {
      const at = timings[k]!;
      const lineNo = block.first + at;
      const timing = readTimingLine(block.lines[at]!, lineNo, tally);
      if (!timing.ok) return timing;
      const next = timings[k + 1] ?? block.lines.length;
      let body = block.lines.slice(at + 1, next);
      if (k + 1 < timings.length) {
        tally.add('missing-blank-line', block.first + next);
        // A number right above the next timing line is that cue's number, not this cue's text.
        if (body.length > 1 && /^\s*\d+\s*$/.test(body[body.length - 1]!)) body = body.slice(0, -1);
      }
      cues.push({
        line: lineNo,
        startMs: timing.startMs,
        endMs: timing.endMs,
        settings: timing.settings,
        text: body,
      });
    }
  }

  return {
    ok: true,
    value: {
      format,
      cues,
      repairs: [...repairs, ...summarise(tally)],
      header,
      blocks,
    },
  };
}
