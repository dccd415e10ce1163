import type { Cue } from './cue';

/**
 * A new language column for translating: the source's cues with their ids and timings, the
 * text empty, so every row lines up with its source and QC flags what is still untranslated.
 * Null when the language is already there or the source has no cues.
 */
export function translationColumn(
  languages: Readonly<Record<string, readonly Cue[]>>,
  source: string,
  language: string,
): Cue[] | null {
  const cues = languages[source];
  if (!cues || cues.length === 0 || language in languages) return null;
  return cues.map((cue) => ({ ...cue, text: '' }));
}
