import type { Cue } from './cue';

/** A find/replace query over every language of a script. */
export interface FindQuery {
  find: string;
  replace: string;
  regex: boolean;
  matchCase: boolean;
  /** Only where the match is not part of a longer word (absent: false). */
  wholeWord?: boolean;
}

/** One cue whose text the replacement would change, for the preview. */
export interface ReplacementPreview {
  language: string;
  cueId: string;
  before: string;
  after: string;
  matches: number;
}

/** A RegExp matching `source` only as a whole word (no letter, digit or _ on either side). */
export function wholeWordPattern(source: string, flags: string): RegExp {
  return new RegExp(`(?<![\\p{L}\\p{M}\\d_])(?:${source})(?![\\p{L}\\p{M}\\d_])`, flags);
}

export type FindPattern = { ok: true; pattern: RegExp } | { ok: false; message: string };

/** The query as a global RegExp; a plain search escapes every special character. */
export function findPattern({ find, regex, matchCase, wholeWord }: FindQuery): FindPattern {
  if (!find) return { ok: false, message: 'Type what to find.' };
  const source = regex ? find : find.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  try {
    const flags = matchCase ? 'gu' : 'giu';
    const pattern = wholeWord ? wholeWordPattern(source, flags) : new RegExp(source, flags);
    // A pattern that matches the empty string would "replace" between every character.
    if (pattern.test('')) return { ok: false, message: 'The pattern matches empty text.' };
    return { ok: true, pattern };
  } catch (error) {
    return { ok: false, message: `Not a valid pattern: ${(error as Error).message}` };
  }
}

/** Every change a replace-all would make, language by language, cue by cue. */
export function previewReplacements(
  languages: Readonly<Record<string, readonly Cue[]>>,
  query: FindQuery,
): ReplacementPreview[] | { error: string } {
  const compiled = findPattern(query);
  if (!compiled.ok) return { error: compiled.message };
  const { pattern } = compiled;
  const changes: ReplacementPreview[] = [];
  for (const [language, cues] of Object.entries(languages)) {
    for (const cue of cues) {
      pattern.lastIndex = 0;
      const matches = cue.text.match(pattern)?.length ?? 0;
      if (matches === 0) continue;
      const after = query.regex
        ? cue.text.replace(pattern, query.replace)
        : cue.text.replace(pattern, () => query.replace);
      changes.push({ language, cueId: cue.id, before: cue.text, after, matches });
    }
  }
  return changes;
}

/** Applies previewed changes (all of them, or the ones the user kept ticked). */
export function applyReplacements(
  languages: Readonly<Record<string, readonly Cue[]>>,
  changes: readonly ReplacementPreview[],
): Record<string, Cue[]> {
  const byLanguage = new Map<string, Map<string, string>>();
  for (const change of changes) {
    const texts = byLanguage.get(change.language) ?? new Map<string, string>();
    texts.set(change.cueId, change.after);
    byLanguage.set(change.language, texts);
  }
  const next: Record<string, Cue[]> = {};
  for (const [language, cues] of Object.entries(languages)) {
    const texts = byLanguage.get(language);
    next[language] = texts
      ? cues.map((cue) => (texts.has(cue.id) ? { ...cue, text: texts.get(cue.id)! } : cue))
      : [...cues];
  }
  return next;
}
