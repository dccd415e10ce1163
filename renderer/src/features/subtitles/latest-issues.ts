import { useLayoutEffect } from 'react';
import type { LanguageIssue } from './use-subs-checks';

/**
 * The workspace's QC issues, for actions that read them when pressed (F8, Export): they change
 * with every keystroke while those actions do not, so nothing redraws for them
 * (docs/subtitles.md, "Speed").
 */
const latest: { issues: readonly LanguageIssue[] } = { issues: [] };

export const latestIssues = (): readonly LanguageIssue[] => latest.issues;

/** Keeps `latestIssues()` at the issues of the last render. */
export function useLatestIssues(issues: readonly LanguageIssue[]): void {
  useLayoutEffect(() => {
    latest.issues = issues;
  });
}
