import { memo, useEffect, useMemo, useState } from 'react';
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
import { editLanguage, editSubs, subsPart, useSubsView } from './subs-store';
import { focusCue } from './cue-focus';
import type { LanguageIssue, SubsChecks } from './use-subs-checks';

/** Issues drawn per rule; the rest are counted (the table marks every cell anyway). */
const SHOWN_PER_RULE = 50;
const RULE_TITLES = new Map(QC_RULES.map((rule) => [rule.id, rule.title]));

// The fixes read the part when pressed, so the memoised lists below need not redraw per edit.
function fixOne(issue: LanguageIssue) {
  if (!issue.fix) return;
  const fix = issue.fix;
  const profile = profileById(subsPart().profile);
  const context = qcContext({ language: issue.language, profile });
  editLanguage(FIX_LABELS[fix], issue.language, (cues) =>
    applyFix(fix, cues, issue.cueId, context),
  );
}

/**
 * Applies every fix of one rule in each language that has its issues, as one undo step (a
 * language where the rule finds nothing to fix is left as it is).
 */
function fixRule(rule: RuleId) {
  const profile = profileById(subsPart().profile);
  const skip = QC_RULES.map((r) => r.id).filter((id) => id !== rule);
  editSubs(`Fix all: ${RULE_TITLES.get(rule) ?? rule}`, (current) => {
    const languages = { ...current.languages };
    let changed = false;
    for (const [language, cues] of Object.entries(current.languages)) {
      const fixed = fixAll(cues, { language, profile, skip });
      if (fixed.applied.length === 0) continue;
      languages[language] = [...fixed.cues];
      changed = true;
    }
    return changed ? { ...current, languages } : current;
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

/** One issue of the list: drawn again only when the issue or its being current changes. */
const IssueItem = memo(function IssueItem({
  issue,
  current,
}: {
  issue: LanguageIssue;
  current: boolean;
}) {
  return (
    <li
      className={`subs-qc__issue subs-qc__issue--${issue.severity}${current ? ' is-current' : ''}`}
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
        <Button size="small" variant="ghost" data-testid="qc-fix" onClick={() => fixOne(issue)}>
          {FIX_LABELS[issue.fix]}
        </Button>
      )}
    </li>
  );
});

interface RuleIssuesProps {
  rule: RuleId;
  issues: readonly LanguageIssue[];
  selected: string | null;
}

/**
 * The shown issues of one rule are the same objects while their cues are untouched (incremental
 * QC), so a keystroke elsewhere redraws nothing here; `part` is read only when a fix is pressed.
 */
function sameRuleIssues(a: RuleIssuesProps, b: RuleIssuesProps): boolean {
  if (a.rule !== b.rule || a.issues.length !== b.issues.length) return false;
  const shown = Math.min(a.issues.length, SHOWN_PER_RULE);
  for (let i = 0; i < shown; i += 1) {
    const x = a.issues[i]!;
    if (x !== b.issues[i]) return false;
    if ((x.cueId === a.selected) !== (x.cueId === b.selected)) return false;
  }
  return a.issues.some((issue) => issue.fix) === b.issues.some((issue) => issue.fix);
}

/** One rule's issues: a heading with the count and a fix-all, the first few listed. */
const RuleIssues = memo(function RuleIssues({ rule, issues, selected }: RuleIssuesProps) {
  return (
    <section className="subs-qc__rule" aria-label={RULE_TITLES.get(rule) ?? rule}>
      <header className="subs-qc__rule-head">
        <strong className="small">
          {RULE_TITLES.get(rule) ?? rule} · {issues.length}
        </strong>
        {issues.some((issue) => issue.fix) && (
          <Button
            size="small"
            data-testid="qc-fix-all"
            data-rule={rule}
            onClick={() => fixRule(rule)}
          >
            Fix all
          </Button>
        )}
      </header>
      <ul className="subs-qc__list">
        {issues.slice(0, SHOWN_PER_RULE).map((issue) => (
          <IssueItem
            key={`${issue.language}:${issue.cueId}:${issue.message}`}
            issue={issue}
            current={issue.cueId === selected}
          />
        ))}
      </ul>
      {issues.length > SHOWN_PER_RULE && (
        <p className="small faint">and {issues.length - SHOWN_PER_RULE} more (F8 visits each)</p>
      )}
    </section>
  );
}, sameRuleIssues);

/** The QC list: profile picker, issues grouped by rule, each with its fix and a fix-all. */
/** How long edits must pause before the list shows their checks. */
const SETTLE_MS = 150;

/**
 * The checks the list shows: the latest once edits pause for SETTLE_MS. While typing, the row's
 * own flags follow every key press; the list (whose redraw and relayout cost as much as the
 * rest of a key press) catches up when the typing stops (docs/subtitles.md, "Speed").
 */
function useSettledChecks(checks: SubsChecks): SubsChecks {
  const [shown, setShown] = useState(checks);
  useEffect(() => {
    if (shown === checks) return;
    const timer = setTimeout(() => setShown(checks), SETTLE_MS);
    return () => clearTimeout(timer);
  }, [checks, shown]);
  return shown;
}

export function QcPanel({ part, checks: latest }: { part: SubtitlesPart; checks: SubsChecks }) {
  const checks = useSettledChecks(latest);
  const { byRule } = checks;
  const selected = useSubsView((s) => s.cueId);
  const selection = useSubsView((s) => s.selection);
  const fixableSelected = useMemo(() => {
    if (selection.length === 0) return 0;
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
        <RuleIssues key={rule} rule={rule} issues={issues} selected={selected} />
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
