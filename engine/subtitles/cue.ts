/** One subtitle cue. Times are in seconds; `index` is 1-based and renumbered on serialisation. */
export interface Cue {
  index: number;
  start: number;
  end: number;
  text: string;
}

export interface SubtitleParseError {
  /** 1-based line number in the source text. */
  line: number;
  message: string;
}

export interface SubtitleParseResult {
  cues: Cue[];
  errors: SubtitleParseError[];
}

export type SubtitleFormat = 'srt' | 'vtt';

/**
 * Parses `HH:MM:SS,mmm`, `HH:MM:SS.mmm` or `MM:SS.mmm` (VTT allows the short form).
 * Fractions may have 1-3 digits, as hand-edited files often do.
 */
export function parseTimestamp(text: string): number | null {
  const match = /^(?:(\d+):)?([0-5]?\d):([0-5]?\d)[,.](\d{1,3})$/.exec(text.trim());
  if (!match) return null;
  const [, hours, minutes, seconds, fraction] = match;
  const millis = Number((fraction ?? '0').padEnd(3, '0'));
  return Number(hours ?? 0) * 3600 + Number(minutes) * 60 + Number(seconds) + millis / 1000;
}

/** Formats seconds as `HH:MM:SS,mmm` (SRT) or `HH:MM:SS.mmm` (VTT); negative times clamp to 0. */
export function formatTimestamp(seconds: number, separator: ',' | '.'): string {
  const totalMillis = Math.max(0, Math.round(seconds * 1000));
  const millis = totalMillis % 1000;
  const totalSeconds = Math.floor(totalMillis / 1000);
  const pad = (value: number, width: number) => String(value).padStart(width, '0');
  return (
    `${pad(Math.floor(totalSeconds / 3600), 2)}:${pad(Math.floor(totalSeconds / 60) % 60, 2)}:` +
    `${pad(totalSeconds % 60, 2)}${separator}${pad(millis, 3)}`
  );
}

/** Splits file text into lines, dropping a BOM and normalising CRLF/CR. */
export function splitLines(text: string): string[] {
  return text
    .replace(/^\uFEFF/, '')
    .replace(/\r\n?/g, '\n')
    .split('\n');
}

/** Text a viewer reads: markup such as `<i>`, `<c.x>` and `{\an8}` removed, lines trimmed. */
export function visibleText(text: string): string {
  return text
    .replace(/<[^>]*>/g, '')
    .replace(/\{\\[^}]*\}/g, '')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.length > 0)
    .join('\n');
}

/** Renumbers cues 1..n in order. */
export function renumber(cues: readonly Cue[]): Cue[] {
  return cues.map((cue, i) => ({ ...cue, index: i + 1 }));
}
