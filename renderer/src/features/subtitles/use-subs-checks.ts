import { useMemo } from 'react';
import type { SubtitlesPart } from '../../../../shared/domain/project/subtitles-part';
import type { QcIssue } from '../../../../shared/domain/subtitles/issue';
import type { Cue } from '../../../../shared/domain/subtitles/cue';
import { profileById, type QcProfile } from '../../../../shared/domain/subtitles/profiles';
import { runQc } from '../../../../shared/domain/subtitles/qc';
import {
  glossaryViolations,
  type GlossaryViolation,
} from '../../../../shared/domain/subtitles/glossary';

export interface LanguageIssue extends QcIssue {
  language: string;
}

export interface SubsChecks {
  issues: LanguageIssue[];
  /** `language:cueId` -> that cell's issues, for the row badges. */
  byCell: Map<string, LanguageIssue[]>;
  glossary: GlossaryViolation[];
  glossaryByCell: Map<string, GlossaryViolation[]>;
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

/** Issues by cue array, then profile and language: an unchanged language is not re-checked. */
const cache = new WeakMap<readonly Cue[], Map<string, LanguageIssue[]>>();

function languageIssues(cues: readonly Cue[], language: string, profile: QcProfile) {
  const key = `${profile.id}:${language}`;
  let byKey = cache.get(cues);
  if (!byKey) {
    byKey = new Map();
    cache.set(cues, byKey);
  }
  let found = byKey.get(key);
  if (!found) {
    found = runQc(cues, { language, profile }).map((issue) => ({ ...issue, language }));
    byKey.set(key, found);
  }
  return found;
}

/**
 * Every QC rule of the chosen profile over every language, and the glossary, recomputed
 * whenever a language's cues change (each keystroke): a language whose cue array is unchanged
 * keeps its previous result, so typing in one cell re-checks one language.
 */
export function useSubsChecks(part: SubtitlesPart): SubsChecks {
  const profile = profileById(part.profile);
  const issues = useMemo(() => {
    const all: LanguageIssue[] = [];
    for (const [language, cues] of Object.entries(part.languages))
      all.push(...languageIssues(cues, language, profile));
    return all;
  }, [part.languages, profile]);
  const glossary = useMemo(
    () => glossaryViolations(part.languages, part.sourceLanguage, part.glossary),
    [part.languages, part.sourceLanguage, part.glossary],
  );
  return useMemo(
    () => ({ issues, byCell: group(issues), glossary, glossaryByCell: group(glossary) }),
    [issues, glossary],
  );
}
