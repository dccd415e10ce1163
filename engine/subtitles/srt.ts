import { formatTimestamp, parseTimestamp, renumber, splitLines } from './cue';
import type { Cue, SubtitleParseError, SubtitleParseResult } from './cue';

const TIMING_LINE = /^\s*(\S+)\s*-->\s*(\S+)(?:\s.*)?$/;

/** Groups lines into blank-line separated blocks, keeping each block's first line number. */
export function toBlocks(lines: string[]): { firstLine: number; lines: string[] }[] {
  const blocks: { firstLine: number; lines: string[] }[] = [];
  let current: { firstLine: number; lines: string[] } | null = null;
  lines.forEach((line, i) => {
    if (line.trim() === '') {
      current = null;
      return;
    }
    if (!current) {
      current = { firstLine: i + 1, lines: [] };
      blocks.push(current);
    }
    current.lines.push(line);
  });
  return blocks;
}

/** Reads the `start --> end` line; returns null when it is not a timing line at all. */
export function parseTimingLine(
  line: string,
  lineNumber: number,
  errors: SubtitleParseError[],
): { start: number; end: number } | null {
  const match = TIMING_LINE.exec(line);
  if (!match) return null;
  const start = parseTimestamp(match[1] ?? '');
  const end = parseTimestamp(match[2] ?? '');
  if (start === null || end === null) {
    errors.push({ line: lineNumber, message: `Malformed timestamp in "${line.trim()}"` });
    return { start: Number.NaN, end: Number.NaN };
  }
  return { start, end };
}

/**
 * Parses SubRip text. A block is an optional numeric index, a timing line and text lines.
 * Problems are collected rather than thrown so a preflight report can list all of them.
 */
/**
 * Reads one cue from a block whose timing line is at `cursor` (SRT and VTT differ only in what
 * may stand before it), appending the cue or a parse error.
 */
export function readCue(
  block: { firstLine: number; lines: string[] },
  cursor: number,
  cues: Cue[],
  errors: SubtitleParseError[],
): void {
  const timing = parseTimingLine(block.lines[cursor] ?? '', block.firstLine + cursor, errors);
  if (!timing) {
    errors.push({
      line: block.firstLine + cursor,
      message: 'Expected a "start --> end" timing line',
    });
    return;
  }
  if (Number.isNaN(timing.start)) return;
  const body = block.lines.slice(cursor + 1).map((line) => line.trimEnd());
  cues.push({
    index: cues.length + 1,
    start: timing.start,
    end: timing.end,
    text: body.join('\n'),
  });
}

export function parseSrt(text: string): SubtitleParseResult {
  const errors: SubtitleParseError[] = [];
  const cues: Cue[] = [];
  for (const block of toBlocks(splitLines(text))) {
    let cursor = 0;
    if (/^\s*\d+\s*$/.test(block.lines[0] ?? '') && block.lines.length > 1) cursor = 1;
    readCue(block, cursor, cues, errors);
  }
  return { cues, errors };
}

export function serializeSrt(cues: readonly Cue[]): string {
  return renumber(cues)
    .map(
      (cue) =>
        `${cue.index}\n${formatTimestamp(cue.start, ',')} --> ${formatTimestamp(cue.end, ',')}\n${cue.text}\n`,
    )
    .join('\n');
}
