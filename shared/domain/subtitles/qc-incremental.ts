import type { Cue } from './cue';
import type { QcContext, QcIssue, RuleId } from './issue';
import { qcContext, type QcOptions } from './qc';
import { QC_RULES } from './rules';

/**
 * QC that follows edits (docs/subtitles.md, "Speed"): after typing in one cell only that cue is
 * measured again. Rules are of two kinds:
 * - cue rules look at one cue alone (text measures, its duration): re-run for changed cues only;
 * - sequence rules look at neighbours (order, overlap, gaps): pure arithmetic over starts and
 *   ends, re-run over the whole list only when a time changed (an overlap's reach is not local:
 *   one long cue can overlap many after it), kept as they were when only text changed.
 * The result equals `runQc` on the same cues, issue for issue and in the same order.
 */

/** Rules whose verdict on a cue depends on that cue alone. */
export const CUE_RULES: ReadonlySet<RuleId> = new Set<RuleId>([
  'timing',
  'empty-text',
  'cps',
  'chars-per-line',
  'line-count',
  'min-duration',
  'max-duration',
]);

/** More changed cues than this and a full run is as quick (a fix-all, a shift, an undo of one). */
const MAX_PATCHED = 64;

export interface QcState<I extends QcIssue = QcIssue> {
  cues: readonly Cue[];
  /** Every issue, rule by rule, each rule in cue order (as runQc gives them). */
  issues: readonly I[];
  /** Cue id -> that cue's issues (the same array while the cue's issues stay the same). */
  byCue: ReadonlyMap<string, readonly I[]>;
  /** Cue rules' issues per cue id, and the sequence rules' issues, kept to patch next time. */
  cueIssues: ReadonlyMap<string, readonly I[]>;
  sequenceIssues: readonly I[];
  context: QcContext;
  skip: ReadonlySet<RuleId>;
}

const RULE_ORDER = new Map(QC_RULES.map((rule, i) => [rule.id, i]));
const CUE_RULE_LIST = QC_RULES.filter((rule) => CUE_RULES.has(rule.id));
const SEQUENCE_RULE_LIST = QC_RULES.filter((rule) => !CUE_RULES.has(rule.id));

type Tag<I> = (issue: QcIssue) => I;

function cueRuleIssues<I extends QcIssue>(
  cue: Cue,
  state: Pick<QcState<I>, 'context' | 'skip'>,
  tag: Tag<I>,
) {
  const found: I[] = [];
  for (const rule of CUE_RULE_LIST)
    if (!state.skip.has(rule.id))
      for (const issue of rule.check([cue], state.context)) found.push(tag(issue));
  return found;
}

function sequenceRuleIssues<I extends QcIssue>(
  cues: readonly Cue[],
  state: Pick<QcState<I>, 'context' | 'skip'>,
  tag: Tag<I>,
) {
  const found: I[] = [];
  for (const rule of SEQUENCE_RULE_LIST)
    if (!state.skip.has(rule.id))
      for (const issue of rule.check(cues, state.context)) found.push(tag(issue));
  return found;
}

const NONE: readonly never[] = [];

/** Every issue, rule by rule, each rule in cue order (runQc's order). */
function flatten<I extends QcIssue>(
  cues: readonly Cue[],
  cueIssues: ReadonlyMap<string, readonly I[]>,
  sequenceIssues: readonly I[],
): I[] {
  const buckets: I[][] = QC_RULES.map(() => []);
  for (const cue of cues) {
    const found = cueIssues.get(cue.id);
    if (found) for (const issue of found) buckets[RULE_ORDER.get(issue.rule)!]!.push(issue);
  }
  for (const issue of sequenceIssues) buckets[RULE_ORDER.get(issue.rule)!]!.push(issue);
  return buckets.flat();
}

/** Puts the kept and patched issues together: rule order first, cue order within a rule. */
function assemble<I extends QcIssue>(
  cues: readonly Cue[],
  cueIssues: ReadonlyMap<string, readonly I[]>,
  sequenceIssues: readonly I[],
  previous: ReadonlyMap<string, readonly I[]> | null,
): Pick<QcState<I>, 'issues' | 'byCue'> {
  const issues = flatten(cues, cueIssues, sequenceIssues);
  const grouped = new Map<string, I[]>();
  for (const issue of issues) {
    const list = grouped.get(issue.cueId);
    if (list) list.push(issue);
    else grouped.set(issue.cueId, [issue]);
  }
  // A cue whose issues are the same objects as before keeps its old array, so its row is not
  // drawn again.
  const byCue = new Map<string, readonly I[]>();
  for (const [id, list] of grouped) {
    const old = previous?.get(id);
    byCue.set(
      id,
      old && old.length === list.length && old.every((x, i) => x === list[i]) ? old : list,
    );
  }
  return { issues, byCue };
}

/** A full run, remembering enough to patch the next one. */
export function startQc<I extends QcIssue = QcIssue>(
  cues: readonly Cue[],
  options: QcOptions,
  tag: Tag<I> = (issue) => issue as I,
): QcState<I> {
  const base = { context: qcContext(options), skip: new Set(options.skip ?? []) };
  const cueIssues = new Map<string, readonly I[]>();
  for (const cue of cues) {
    const found = cueRuleIssues(cue, base, tag);
    // A repeated id (a hand-made file) keeps both cues' issues.
    if (found.length > 0) cueIssues.set(cue.id, [...(cueIssues.get(cue.id) ?? NONE), ...found]);
  }
  const sequenceIssues = sequenceRuleIssues(cues, base, tag);
  return {
    cues,
    cueIssues,
    sequenceIssues,
    ...base,
    ...assemble(cues, cueIssues, sequenceIssues, null),
  };
}

/**
 * QC of `cues` from the state of an earlier version of the same list: when the list has the
 * same ids in the same order and only a few cues changed, only those are re-checked.
 */
export function updateQc<I extends QcIssue = QcIssue>(
  state: QcState<I>,
  cues: readonly Cue[],
  tag: Tag<I> = (issue) => issue as I,
): QcState<I> {
  if (state.cues === cues) return state;
  const options = {
    language: state.context.language,
    profile: state.context.profile,
    skip: [...state.skip],
  };
  if (state.cues.length !== cues.length || state.byCue.size > cues.length)
    return startQc(cues, options, tag);
  const changed: number[] = [];
  for (let i = 0; i < cues.length; i += 1) {
    if (cues[i] === state.cues[i]) continue;
    if (cues[i]!.id !== state.cues[i]!.id || changed.length >= MAX_PATCHED)
      return startQc(cues, options, tag);
    changed.push(i);
  }
  const cueIssues = new Map(state.cueIssues);
  let retimed = false;
  for (const i of changed) {
    const cue = cues[i]!;
    const before = state.cues[i]!;
    retimed ||= cue.startMs !== before.startMs || cue.endMs !== before.endMs;
    const found = cueRuleIssues(cue, state, tag);
    if (found.length > 0) cueIssues.set(cue.id, found);
    else cueIssues.delete(cue.id);
  }
  if (retimed) {
    const sequenceIssues = sequenceRuleIssues(cues, state, tag);
    return {
      ...state,
      cues,
      cueIssues,
      sequenceIssues,
      ...assemble(cues, cueIssues, sequenceIssues, state.byCue),
    };
  }
  // Text only: the sequence rules' verdicts stand, so only the changed cues' entries of the
  // per-cue map are rebuilt (a copy of the map is far cheaper than grouping every issue again).
  const byCue = new Map(state.byCue);
  for (const i of changed) {
    const id = cues[i]!.id;
    const kept = (state.byCue.get(id) ?? NONE).filter((issue) => !CUE_RULES.has(issue.rule));
    const list = [...(cueIssues.get(id) ?? NONE), ...kept].sort(
      (a, b) => RULE_ORDER.get(a.rule)! - RULE_ORDER.get(b.rule)!,
    );
    if (list.length > 0) byCue.set(id, list);
    else byCue.delete(id);
  }
  return {
    ...state,
    cues,
    cueIssues,
    issues: flatten(cues, cueIssues, state.sequenceIssues),
    byCue,
  };
}
