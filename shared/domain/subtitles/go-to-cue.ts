/** What a typed cue number means: the row to go to, or why there is none. */
export type CueNumberAnswer = { index: number } | { error: string };

/**
 * Reads a cue number typed into "Go to cue" (Ctrl+G, as in Subtitle Edit): 1-based, as the
 * table numbers its rows. A number outside the script says which numbers exist, so the user
 * can correct it at the field instead of landing somewhere unexpected.
 */
export function readCueNumber(typed: string, count: number): CueNumberAnswer {
  const text = typed.trim();
  if (count === 0) return { error: 'This script has no cues yet.' };
  const range = count === 1 ? 'It has only cue 1.' : `Type a number from 1 to ${count}.`;
  if (!/^\d+$/.test(text)) return { error: `Type a cue number. ${range}` };
  const number = Number(text);
  if (number < 1 || number > count) return { error: `There is no cue ${number}. ${range}` };
  return { index: number - 1 };
}
