/**
 * Typed cue times (docs/subtitles.md, "Typed timing"): `h:mm:ss,mmm` as SubRip writes them, or
 * `h:mm:ss:ff` (frames) when the user chooses frames. Parsing never throws: a refusal is a
 * message that says what to type.
 */

export type TimeFormat = 'ms' | 'frames';

export type Parsed = { ok: true; ms: number } | { ok: false; message: string };

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** `0:01:02,345` (ms) or `0:01:02:08` (frames at `fps`). */
export function formatTime(ms: number, format: TimeFormat = 'ms', fps = 25): string {
  const total = Math.max(0, Math.round(ms));
  const hours = Math.floor(total / 3_600_000);
  const minutes = Math.floor(total / 60_000) % 60;
  const seconds = Math.floor(total / 1000) % 60;
  const head = `${hours}:${pad(minutes)}:${pad(seconds)}`;
  if (format === 'ms') return `${head},${pad(total % 1000, 3)}`;
  const frame = Math.min(Math.ceil(fps) - 1, Math.floor(((total % 1000) * fps) / 1000));
  return `${head}:${pad(frame)}`;
}

const MS_PATTERN = /^(?:(?:(\d+):)?(\d{1,2}):)?(\d{1,2})(?:[,.](\d{1,3}))?$/;
const FRAMES_PATTERN = /^(?:(\d+):)?(\d{1,2}):(\d{1,2}):(\d{1,3})$/;

/**
 * Reads a typed time. Accepted: `h:mm:ss,mmm`, `mm:ss,mmm`, `ss,mmm` (a dot works as the comma;
 * `,5` means 500 ms as in SubRip); with frames `h:mm:ss:ff` or `mm:ss:ff`, `ff` below the rate.
 */
export function parseTime(input: string, format: TimeFormat = 'ms', fps = 25): Parsed {
  const text = input.trim();
  const example = format === 'ms' ? '0:01:02,500' : '0:01:02:12';
  if (text.startsWith('-')) return { ok: false, message: 'Times cannot be negative.' };
  if (format === 'frames') {
    const match = FRAMES_PATTERN.exec(text);
    if (!match) return { ok: false, message: `Type the time as h:mm:ss:ff, e.g. ${example}.` };
    const [, h = '0', m, s, f] = match;
    if (Number(m) > 59 || Number(s) > 59)
      return { ok: false, message: 'Minutes and seconds go up to 59.' };
    if (Number(f) >= Math.ceil(fps))
      return { ok: false, message: `Frames go up to ${Math.ceil(fps) - 1} at ${fps} fps.` };
    const ms =
      Number(h) * 3_600_000 +
      Number(m) * 60_000 +
      Number(s) * 1000 +
      Math.round((Number(f) * 1000) / fps);
    return { ok: true, ms };
  }
  const match = MS_PATTERN.exec(text);
  if (!match) return { ok: false, message: `Type the time as h:mm:ss,mmm, e.g. ${example}.` };
  const [, h = '0', m = '0', s, fraction = '0'] = match;
  if (Number(m) > 59 || Number(s) > 59)
    return { ok: false, message: 'Minutes and seconds go up to 59.' };
  const ms =
    Number(h) * 3_600_000 + Number(m) * 60_000 + Number(s) * 1000 + Number(fraction.padEnd(3, '0'));
  return { ok: true, ms };
}

/**
 * A typed start or end for a cue: refused when malformed, negative, or when the end would not
 * come after the start. Overlapping a neighbour is allowed (QC shows it), never moved silently.
 */
export function checkTypedTime(
  input: string,
  edge: 'start' | 'end',
  cue: { startMs: number; endMs: number },
  format: TimeFormat = 'ms',
  fps = 25,
): Parsed {
  const parsed = parseTime(input, format, fps);
  if (!parsed.ok) return parsed;
  const startMs = edge === 'start' ? parsed.ms : cue.startMs;
  const endMs = edge === 'end' ? parsed.ms : cue.endMs;
  if (endMs <= startMs)
    return {
      ok: false,
      message:
        edge === 'start'
          ? `The start must come before the end (${formatTime(cue.endMs, format, fps)}).`
          : `The end must come after the start (${formatTime(cue.startMs, format, fps)}).`,
    };
  return parsed;
}
