import type { RuleId, Severity } from './issue';

/** The part of a QC issue that decides whether a script can be sent as it is. */
export interface ExportIssue {
  rule: RuleId;
  severity: Severity;
  language: string;
}

export interface ExportBlockers {
  /** Cues with an error, over the exported languages. */
  count: number;
  /** One sentence: what is wrong and what it means for the dubbing service. */
  summary: string;
}

/** How each error rule reads with a count ("2 cues overlap"). */
const PHRASES: Partial<Record<RuleId, [one: string, many: string]>> = {
  overlap: ['cue overlaps the one before it', 'cues overlap'],
  timing: ['cue has negative or reversed timing', 'cues have negative or reversed timing'],
  order: ['cue is out of time order', 'cues are out of time order'],
};

/**
 * The QC errors of the languages about to be exported, as one sentence, or null when there are
 * none. Errors are exactly what the dubbing service refuses before billing (docs/subtitles.md,
 * "Severity"); warnings never hold an export back.
 */
export function exportBlockers(
  issues: readonly ExportIssue[],
  languages: readonly string[],
): ExportBlockers | null {
  const chosen = new Set(languages);
  const counts = new Map<RuleId, number>();
  const affected: string[] = [];
  for (const issue of issues) {
    if (issue.severity !== 'error' || !chosen.has(issue.language)) continue;
    counts.set(issue.rule, (counts.get(issue.rule) ?? 0) + 1);
    if (!affected.includes(issue.language)) affected.push(issue.language);
  }
  if (counts.size === 0) return null;
  let count = 0;
  const parts: string[] = [];
  for (const [rule, n] of counts) {
    count += n;
    const [one, many] = PHRASES[rule] ?? [`cue fails “${rule}”`, `cues fail “${rule}”`];
    parts.push(`${n} ${n === 1 ? one : many}`);
  }
  const listed =
    parts.length > 1 ? `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}` : parts[0];
  const where = languages.length > 1 ? ` (${affected.join(', ')})` : '';
  const scripts = affected.length > 1 ? 'these scripts' : 'this script';
  return { count, summary: `${listed}${where}: the dubbing service refuses ${scripts}.` };
}
