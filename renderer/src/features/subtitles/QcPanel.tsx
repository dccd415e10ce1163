import { useMemo } from 'react';
import type { SubtitlesPart } from '../../../../shared/domain/project/subtitles-part';
import { applyFix, FIX_LABELS, fixAll } from '../../../../shared/domain/subtitles/fixes';
import type { RuleId } from '../../../../shared/domain/subtitles/issue';
import {
  profileById,
  QC_PROFILES,
  type ProfileId,
} from '../../../../shared/domain/subtitles/profiles';
import { qcContext } from '../../../../shared/domain/subtitles/qc';
import { QC_RULES } from '../../../../shared/domain/subtitles/rules';
import { Button } from '../../ui/Button';
import { editLanguage, editSubs, useSubsView } from './subs-store';
import { focusCue } from './cue-focus';
import type { LanguageIssue, SubsChecks } from './use-subs-checks';

/** Issues drawn per rule; the rest are counted (the table marks every cell anyway). */
const SHOWN_PER_RULE = 50;
const RULE_TITLES = new Map(QC_RULES.map((rule) => [rule.id, rule.title]));

function fixOne(part: SubtitlesPart, issue: LanguageIssue) {
  if (!issue.fix) return;
  const fix = issue.fix;
  const context = qcContext({ language: issue.language, profile: profileById(part.profile) });
  editLanguage(FIX_LABELS[fix], issue.language, (cues) =>
    applyFix(fix, cues, issue.cueId, context),
  );
}

/** Applies every fix of one rule's issues in one language, as one undo step. */
function fixRule(part: SubtitlesPart, rule: RuleId, issues: readonly LanguageIssue[]) {
  const profile = profileById(part.profile);
  editSubs(`Fix all: ${RULE_TITLES.get(rule) ?? rule}`, (current) => {
    const languages = { ...current.languages };
    for (const language of new Set(issues.map((issue) => issue.language))) {
      const skip = QC_RULES.map((r) => r.id).filter((id) => id !== rule);
      languages[language] = [
        ...fixAll(languages[language] ?? [], { language, profile, skip }).cues,
      ];
    }
    return { ...current, languages };
  });
}

/**
 * Applies the fix of every issue on the selected cues, as one undo step. Fixes run one after
 * another on the running result, each keyed by cue id, so an earlier fix never misplaces a later.
 */
function fixSelected(
  part: SubtitlesPart,
  issues: readonly LanguageIssue[],
  ids: readonly string[],
) {
  const chosen = new Set(ids);
  const profile = profileById(part.profile);
  const todo = issues.filter((issue) => issue.fix && chosen.has(issue.cueId));
  editSubs(`Fix ${chosen.size} selected cues`, (current) => {
    const languages = { ...current.languages };
    for (const issue of todo) {
      const context = qcContext({ language: issue.language, profile });
      const cues = languages[issue.language];
      if (cues) languages[issue.language] = [...applyFix(issue.fix!, cues, issue.cueId, context)];
    }
    return todo.length > 0 ? { ...current, languages } : current;
  });
}

/** The QC list: profile picker, issues grouped by rule, each with its fix and a fix-all. */
export function QcPanel({ part, checks }: { part: SubtitlesPart; checks: SubsChecks }) {
  const byRule = useMemo(() => {
    const map = new Map<RuleId, LanguageIssue[]>();
    for (const issue of checks.issues) {
      const list = map.get(issue.rule);
      if (list) list.push(issue);
      else map.set(issue.rule, [issue]);
    }
    return map;
  }, [checks.issues]);
  const selected = useSubsView((s) => s.cueId);
  const selection = useSubsView((s) => s.selection);
  const fixableSelected = useMemo(() => {
    const chosen = new Set(selection);
    return checks.issues.filter((issue) => issue.fix && chosen.has(issue.cueId)).length;
  }, [checks.issues, selection]);

  return (
    <div className="subs-qc" aria-label="Quality checks">
      <label className="field subs-qc__profile">
        <span className="field__label">Profile</span>
        <select
          className="select"
          data-testid="qc-profile"
          value={part.profile}
          onChange={(event) =>
            editSubs('Choose QC profile', (current) => ({
              ...current,
              profile: event.target.value as ProfileId,
            }))
          }
        >
          {QC_PROFILES.map((profile) => (
            <option key={profile.id} value={profile.id} title={profile.description}>
              {profile.name}
            </option>
          ))}
        </select>
        <span className="small faint">{profileById(part.profile).description}</span>
      </label>
      {fixableSelected > 0 && (
        <Button
          size="small"
          data-testid="qc-fix-selected"
          onClick={() => fixSelected(part, checks.issues, selection)}
        >
          Fix {fixableSelected} issues on the {selection.length} selected cues
        </Button>
      )}
      {checks.issues.length === 0 && (
        <p className="small muted" data-testid="qc-clean">
          No issues: every cue meets the profile.
        </p>
      )}
      {[...byRule].map(([rule, issues]) => (
        <section key={rule} className="subs-qc__rule" aria-label={RULE_TITLES.get(rule) ?? rule}>
          <header className="subs-qc__rule-head">
            <strong className="small">
              {RULE_TITLES.get(rule) ?? rule} · {issues.length}
            </strong>
            {issues.some((issue) => issue.fix) && (
              <Button
                size="small"
                data-testid="qc-fix-all"
                data-rule={rule}
                onClick={() => fixRule(part, rule, issues)}
              >
                Fix all
              </Button>
            )}
          </header>
          <ul className="subs-qc__list">
            {issues.slice(0, SHOWN_PER_RULE).map((issue) => (
              <li
                key={`${issue.language}:${issue.cueId}:${issue.message}`}
                className={`subs-qc__issue subs-qc__issue--${issue.severity}${issue.cueId === selected ? ' is-current' : ''}`}
                data-testid="qc-issue"
                data-rule={issue.rule}
                data-cue-id={issue.cueId}
                data-lang={issue.language}
              >
                <button
                  type="button"
                  className="subs-qc__goto small"
                  onClick={() => focusCue(issue.cueId, issue.language)}
                >
                  <span className="mono faint">{issue.language}</span> {issue.message}
                </button>
                {issue.fix && (
                  <Button
                    size="small"
                    variant="ghost"
                    data-testid="qc-fix"
                    onClick={() => fixOne(part, issue)}
                  >
                    {FIX_LABELS[issue.fix]}
                  </Button>
                )}
              </li>
            ))}
          </ul>
          {issues.length > SHOWN_PER_RULE && (
            <p className="small faint">
              and {issues.length - SHOWN_PER_RULE} more (F8 visits each)
            </p>
          )}
        </section>
      ))}
      {checks.glossary.length > 0 && (
        <section className="subs-qc__rule" aria-label="Glossary">
          <header className="subs-qc__rule-head">
            <strong className="small">Glossary · {checks.glossary.length}</strong>
          </header>
          <ul className="subs-qc__list">
            {checks.glossary.slice(0, SHOWN_PER_RULE).map((v) => (
              <li
                key={`${v.language}:${v.cueId}:${v.expected}`}
                className="subs-qc__issue"
                data-testid="glossary-issue"
                data-cue-id={v.cueId}
              >
                <button
                  type="button"
                  className="subs-qc__goto small"
                  onClick={() => focusCue(v.cueId, v.language)}
                >
                  <span className="mono faint">{v.language}</span> {v.message}
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
