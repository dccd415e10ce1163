/**
 * Timestamps as people and tools actually write them: `1:02:03,5`, `00:00:01.250`, `01:02.000`
 * (VTT short form), `00:00:01` (no milliseconds), `-00:00:00,200`. Parsed here into integer ms
 * with a note of what was unusual; `subtitle` then only ever sees canonical timestamps (see
 * docs/decisions/040-subtitle-reader.md for why the front does this).
 */
export interface ReadTimestamp {
  ms: number;
  withoutMs: boolean;
  /** A 1- or 2-digit fraction (`,5` is 500 ms; `subtitle` alone would read 5 ms). */
  shortFraction: boolean;
  negative: boolean;
}

const FULL = /^(-)?(\d{1,3}):(\d{1,2}):(\d{1,2})(?:[,.](\d{1,3}))?$/;
const SHORT = /^(-)?(\d{1,2}):(\d{1,2})[,.](\d{1,3})$/;

const DIGIT_POSITIONS = [0, 1, 3, 4, 6, 7, 9, 10, 11];

/**
 * The digit at `i` (a module function, not a closure per call: a closure made for each of
 * 20,000 timestamps was a visible share of reading a long file).
 */
const digitAt = (text: string, i: number) => text.charCodeAt(i) - 48;

/** `HH:MM:SS,mmm` / `HH:MM:SS.mmm`, what nearly every timestamp is: read without a regex. */
function readCanonical(text: string): ReadTimestamp | null {
  if (text.length !== 12 || text[2] !== ':' || text[5] !== ':') return null;
  if (text[8] !== ',' && text[8] !== '.') return null;
  for (const i of DIGIT_POSITIONS) {
    const d = digitAt(text, i);
    if (d < 0 || d > 9) return null;
  }
  const minutes = digitAt(text, 3) * 10 + digitAt(text, 4);
  const seconds = digitAt(text, 6) * 10 + digitAt(text, 7);
  if (minutes > 59 || seconds > 59) return null;
  const ms =
    ((digitAt(text, 0) * 10 + digitAt(text, 1)) * 3600 + minutes * 60 + seconds) * 1000 +
    digitAt(text, 9) * 100 +
    digitAt(text, 10) * 10 +
    digitAt(text, 11);
  return { ms, withoutMs: false, shortFraction: false, negative: false };
}

export function readTimestamp(raw: string): ReadTimestamp | null {
  const canonical = readCanonical(raw);
  if (canonical) return canonical;
  const text = raw.trim();
  const full = FULL.exec(text);
  const short = full ? null : SHORT.exec(text);
  // The short VTT form has no hours: give it an empty hours group so both read alike.
  const parts = full ?? (short ? [short[0], short[1], '0', short[2], short[3], short[4]] : null);
  if (!parts) return null;
  const [, sign, hours, minutes, seconds, fraction] = parts;
  if (Number(minutes) > 59 || Number(seconds) > 59) return null;
  const millis = fraction === undefined ? 0 : Number(fraction.padEnd(3, '0'));
  const ms = (Number(hours) * 3600 + Number(minutes) * 60 + Number(seconds)) * 1000 + millis;
  return {
    ms: sign ? -ms : ms,
    withoutMs: fraction === undefined,
    shortFraction: fraction !== undefined && fraction.length < 3,
    negative: Boolean(sign) && ms > 0,
  };
}

const pad = (value: number, width: number) => String(value).padStart(width, '0');

/** `HH:MM:SS.mmm`, the form `subtitle` parses exactly (it accepts `.` in SRT too). */
export function canonicalTimestamp(ms: number): string {
  const hours = Math.floor(ms / 3_600_000);
  return `${pad(hours, 2)}:${pad(Math.floor(ms / 60_000) % 60, 2)}:${pad(Math.floor(ms / 1000) % 60, 2)}.${pad(ms % 1000, 3)}`;
}

/** A line that means to be a timing line: `start --> end [settings]`, spacing as it comes. */
export const TIMING_LINE = /^\s*(\S+)\s*-->\s*(\S+)(?:[ \t]+(.*?))?\s*$/;
