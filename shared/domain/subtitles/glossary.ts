import type { Cue } from './cue';

/** Glossary rules per project: required renderings of terms, and words never translated. */
export interface GlossaryRules {
  terms: readonly { source: string; targets: Readonly<Record<string, string>> }[];
  doNotTranslate: readonly string[];
}

export interface GlossaryViolation {
  language: string;
  cueId: string;
  kind: 'term' | 'do-not-translate';
  /** What should appear in this cue. */
  expected: string;
  message: string;
}

const contains = (text: string, word: string) =>
  text.toLocaleLowerCase().includes(word.toLocaleLowerCase());

/**
 * Checks every language against the glossary, cue by cue (cues that translate each other share
 * an id): when the source cue has a term, its translation must use the required rendering;
 * when any language's cue has a do-not-translate word, every other language's cue keeps it.
 */
export function glossaryViolations(
  languages: Readonly<Record<string, readonly Cue[]>>,
  sourceLanguage: string | undefined,
  rules: GlossaryRules,
): GlossaryViolation[] {
  if (rules.terms.length === 0 && rules.doNotTranslate.length === 0) return [];
  const textById = new Map<string, Map<string, string>>();
  for (const [language, cues] of Object.entries(languages))
    for (const cue of cues) {
      const texts = textById.get(cue.id) ?? new Map<string, string>();
      texts.set(language, cue.text);
      textById.set(cue.id, texts);
    }
  const violations: GlossaryViolation[] = [];
  for (const [cueId, texts] of textById) {
    const source = sourceLanguage ? texts.get(sourceLanguage) : undefined;
    for (const [language, text] of texts) {
      for (const word of rules.doNotTranslate) {
        const elsewhere = [...texts].some(([other, t]) => other !== language && contains(t, word));
        if (elsewhere && !contains(text, word))
          violations.push({
            language,
            cueId,
            kind: 'do-not-translate',
            expected: word,
            message: `Keep “${word}” as written (do not translate).`,
          });
      }
      if (source === undefined || language === sourceLanguage) continue;
      for (const term of rules.terms) {
        const required = term.targets[language];
        if (required && contains(source, term.source) && !contains(text, required))
          violations.push({
            language,
            cueId,
            kind: 'term',
            expected: required,
            message: `“${term.source}” should read “${required}” here.`,
          });
      }
    }
  }
  return violations;
}
