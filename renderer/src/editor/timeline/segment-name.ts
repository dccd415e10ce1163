import { formatClock } from '../../lib/format';

/** "0:04.0": seconds with tenths, the precision a segment edge is read at. */
export function formatTimecode(ms: number): string {
  const safe = Number.isFinite(ms) && ms > 0 ? ms : 0;
  const tenths = Math.floor(safe / 100);
  return `${formatClock(Math.floor(tenths / 10))}.${tenths % 10}`;
}

/** Shown, and spoken, for a segment whose prompt is still empty. */
export const NO_PROMPT = 'No prompt yet';

/** Long prompts are cut in the accessible name; the full text is one Enter away (edit). */
const NAME_PROMPT_CHARS = 120;

/**
 * A segment's accessible name, e.g. "Music segment 2, 0:04.0 to 0:09.5: rising strings":
 * lane, 1-based position, span, then the prompt, so a screen reader hears where and what; a
 * broken rule is appended ("… rising strings. A segment can't be shorter than 0.1 s.").
 */
export function segmentName(
  laneLabel: string,
  index: number,
  segment: { startMs: number; endMs: number; prompt: string },
  problem?: string,
): string {
  const prompt = segment.prompt.trim();
  const shown =
    prompt.length > NAME_PROMPT_CHARS ? `${prompt.slice(0, NAME_PROMPT_CHARS - 1)}…` : prompt;
  const span = `${formatTimecode(segment.startMs)} to ${formatTimecode(segment.endMs)}`;
  const name = `${laneLabel} segment ${index + 1}, ${span}: ${shown || NO_PROMPT}`;
  return problem ? `${name}. ${problem}` : name;
}
