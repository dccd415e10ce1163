import { useMemo } from 'react';
import type { SubtitlesPart } from '../../../../shared/domain/project/subtitles-part';
import type { QcIssue, RuleId } from '../../../../shared/domain/subtitles/issue';
import type { Cue } from '../../../../shared/domain/subtitles/cue';
import { profileById, type QcProfile } from '../../../../shared/domain/subtitles/profiles';
import {
  startQc,
  updateQc,
  type QcState,
} from '../../../../shared/domain/subtitles/qc-incremental';
import { QC_RULES } from '../../../../shared/domain/subtitles/rules';
import {
  glossaryViolations,
  type GlossaryViolation,
} from '../../../../shared/domain/subtitles/glossary';

export interface LanguageIssue extends QcIssue {
  language: string;
}

export interface SubsChecks {
  issues: readonly LanguageIssue[];
  /**
   * Each rule's issues over every language (rules in the order they first appear), the same
   * array while none of its languages' lists changed, so the QC list redraws only what moved.
   */
  byRule: ReadonlyMap<RuleId, readonly LanguageIssue[]>;
  /**
   * `language:cueId` -> that cell's issues, for the row badges; an unchanged cell gives the same
   * array as before, so its row is not drawn again.
   */
  byCell: CellLookup<LanguageIssue>;
  glossary: GlossaryViolation[];
  glossaryByCell: Map<string, GlossaryViolation[]>;
}

export interface CellLookup<T> {
  get(key: string): readonly T[] | undefined;
}

export const cellKey = (language: string, cueId: string) => `${language}:${cueId}`;

function group<T extends { language: string; cueId: string }>(items: readonly T[]) {
  const map = new Map<string, T[]>();
  for (const item of items) {
    const key = cellKey(item.language, item.cueId);
    const list = map.get(key);
    if (list) list.push(item);
    else map.set(key, [item]);
  }
  return map;
}

/**
 * The last QC state per profile and language: the next version of that language's cues is
 * checked from it, so typing re-checks one cue (shared/domain/subtitles/qc-incremental.ts).
 */
const states = new Map<string, QcState<LanguageIssue>>();

function languageState(cues: readonly Cue[], language: string, profile: QcProfile) {
  const key = `${profile.id}:${language}`;
  const tag = (issue: QcIssue): LanguageIssue => ({ ...issue, language });
  const previous = states.get(key);
  const state = previous
    ? updateQc(previous, cues, tag)
    : startQc(cues, { language, profile }, tag);
  states.set(key, state);
  return state;
}

const NO_GLOSSARY: GlossaryViolation[] = [];

/** The last combined lists, so an unchanged rule or an unchanged whole keeps its array. */
let combined: {
  parts: readonly (readonly LanguageIssue[])[];
  issues: readonly LanguageIssue[];
  rules: Map<RuleId, { parts: readonly (readonly LanguageIssue[])[]; list: LanguageIssue[] }>;
} = { parts: [], issues: [], rules: new Map() };

const sameParts = (a: readonly unknown[], b: readonly unknown[]) =>
  a.length === b.length && a.every((part, i) => part === b[i]);

/** Every language's issues in one list, and per rule, rebuilt only where a language changed. */
function combine(states: readonly QcState<LanguageIssue>[]) {
  const parts = states.map((state) => state.issues);
  const issues = sameParts(parts, combined.parts)
    ? combined.issues
    : ([] as LanguageIssue[]).concat(...parts);
  const order: RuleId[] = [];
  for (const state of states)
    QC_RULES.forEach((rule, i) => {
      if (state.byRule[i]!.length > 0 && !order.includes(rule.id)) order.push(rule.id);
    });
  const rules = new Map<
    RuleId,
    { parts: readonly (readonly LanguageIssue[])[]; list: LanguageIssue[] }
  >();
  const byRule = new Map<RuleId, readonly LanguageIssue[]>();
  for (const rule of order) {
    const at = QC_RULES.findIndex((r) => r.id === rule);
    const ruleParts = states.map((state) => state.byRule[at]!);
    const old = combined.rules.get(rule);
    const list =
      old && sameParts(ruleParts, old.parts)
        ? old.list
        : ([] as LanguageIssue[]).concat(...ruleParts);
    rules.set(rule, { parts: ruleParts, list });
    byRule.set(rule, list);
  }
  combined = { parts, issues, rules };
  return { issues, byRule };
}

/**
 * Every QC rule of the chosen profile over every language, and the glossary, whenever a
 * language's cues change (each keystroke): an unchanged language keeps its result and an edited
 * one re-checks only its changed cues (docs/subtitles.md, "Speed").
 */
export function useSubsChecks(part: SubtitlesPart): SubsChecks {
  const profile = profileById(part.profile);
  const { issues, byRule, byCell } = useMemo(() => {
    const states: QcState<LanguageIssue>[] = [];
    const byLanguage = new Map<string, QcState<LanguageIssue>['byCue']>();
    for (const [language, cues] of Object.entries(part.languages)) {
      const state = languageState(cues, language, profile);
      states.push(state);
      byLanguage.set(language, state.byCue);
    }
    const lookup: CellLookup<LanguageIssue> = {
      get(key) {
        const cut = key.indexOf(':');
        return byLanguage.get(key.slice(0, cut))?.get(key.slice(cut + 1));
      },
    };
    return { ...combine(states), byCell: lookup };
  }, [part.languages, profile]);
  const glossary = useMemo(() => {
    const found = glossaryViolations(part.languages, part.sourceLanguage, part.glossary);
    return found.length === 0 ? NO_GLOSSARY : found;
  }, [part.languages, part.sourceLanguage, part.glossary]);
  const glossaryByCell = useMemo(() => group(glossary), [glossary]);
  return useMemo(
    () => ({ issues, byRule, byCell, glossary, glossaryByCell }),
    [issues, byRule, byCell, glossary, glossaryByCell],
  );
}
