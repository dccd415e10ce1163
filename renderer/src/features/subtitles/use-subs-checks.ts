import { useMemo } from 'react';
import type { SubtitlesPart } from '../../../../shared/domain/project/subtitles-part';
import type { QcIssue } from '../../../../shared/domain/subtitles/issue';
import type { Cue } from '../../../../shared/domain/subtitles/cue';
import { profileById, type QcProfile } from '../../../../shared/domain/subtitles/profiles';
import {
  startQc,
  updateQc,
  type QcState,
} from '../../../../shared/domain/subtitles/qc-incremental';
import {
  glossaryViolations,
  type GlossaryViolation,
} from '../../../../shared/domain/subtitles/glossary';

export interface LanguageIssue extends QcIssue {
  language: string;
}

export interface SubsChecks {
  issues: LanguageIssue[];
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

/**
 * Every QC rule of the chosen profile over every language, and the glossary, whenever a
 * language's cues change (each keystroke): an unchanged language keeps its result and an edited
 * one re-checks only its changed cues (docs/subtitles.md, "Speed").
 */
export function useSubsChecks(part: SubtitlesPart): SubsChecks {
  const profile = profileById(part.profile);
  const { issues, byCell } = useMemo(() => {
    const all: LanguageIssue[] = [];
    const byLanguage = new Map<string, ReadonlyMap<string, readonly LanguageIssue[]>>();
    for (const [language, cues] of Object.entries(part.languages)) {
      const state = languageState(cues, language, profile);
      for (const issue of state.issues) all.push(issue);
      byLanguage.set(language, state.byCue);
    }
    const lookup: CellLookup<LanguageIssue> = {
      get(key) {
        const cut = key.indexOf(':');
        return byLanguage.get(key.slice(0, cut))?.get(key.slice(cut + 1));
      },
    };
    return { issues: all, byCell: lookup };
  }, [part.languages, profile]);
  const glossary = useMemo(
    () => glossaryViolations(part.languages, part.sourceLanguage, part.glossary),
    [part.languages, part.sourceLanguage, part.glossary],
  );
  return useMemo(
    () => ({ issues, byCell, glossary, glossaryByCell: group(glossary) }),
    [issues, byCell, glossary],
  );
}
