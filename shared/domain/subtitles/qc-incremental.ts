import type { Cue } from './cue';
import type { QcContext, QcIssue, RuleId } from './issue';
import { qcContext, type QcOptions } from './qc';
import {
  cueIssueLookup,
  groupByCue,
  plainLookup,
  type CueIssueLookup,
  type LookupCache,
} from './qc-lookup';
import { QC_RULES } from './rules';

/**
 * QC that follows edits (docs/subtitles.md, "Speed"; decision 095). Rules are of two kinds:
 * - cue rules look at one cue alone (its text, its duration): re-run only for the cues an edit
 *   changed, and not even then when the text and duration stayed (a shift moves every cue);
 * - sequence rules look at neighbours (order, overlap, gaps): pure arithmetic over starts and
 *   ends, re-run over the whole list when a time changed or cues came or went (an overlap's
 *   reach is not local: one long cue can overlap many after it).
 * Cues inserted, removed or moved (split, merge, delete, sort) are matched by id, so only the new
 * ones are measured. An issue whose value did not change stays the same object, and a rule's list
 * stays the same array, so the views that draw them can skip the unchanged ones.
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

export interface QcState<I extends QcIssue = QcIssue> {
  cues: readonly Cue[];
  /** Every issue, rule by rule, each rule in cue order (as runQc gives them). */
  issues: readonly I[];
  /** Issues per rule, in QC_RULES order, each in cue order (the same array while unchanged). */
  byRule: readonly (readonly I[])[];
  /** Cue id -> that cue's issues in rule order (the same array while they stay the same). */
  byCue: CueIssueLookup<I>;
  /** Cue rules' issues of each cue, aligned with `cues`. */
  perCue: readonly (readonly I[])[];
  /** Cue id -> position, or null when ids repeat (a hand-made file: every edit is a full run). */
  indexOf: ReadonlyMap<string, number> | null;
  context: QcContext;
  skip: ReadonlySet<RuleId>;
  cache: LookupCache<I>;
}

type Tag<I> = (issue: QcIssue) => I;
type Base<I extends QcIssue> = Pick<QcState<I>, 'context' | 'skip'>;

const RULE_INDEX = new Map(QC_RULES.map((rule, i) => [rule.id, i]));
const CUE_RULE_LIST = QC_RULES.filter((rule) => CUE_RULES.has(rule.id));
const SEQUENCE_RULE_LIST = QC_RULES.filter((rule) => !CUE_RULES.has(rule.id));
const NONE: readonly never[] = [];

/** Same finding, field by field (what a view shows and a fix acts on). */
const sameIssue = (a: QcIssue, b: QcIssue) =>
  a.rule === b.rule &&
  a.cueId === b.cueId &&
  a.severity === b.severity &&
  a.message === b.message &&
  a.fix === b.fix &&
  a.measured === b.measured &&
  a.limit === b.limit;

const sameItems = <T>(a: readonly T[], b: readonly T[]) =>
  a === b || (a.length === b.length && a.every((item, i) => item === b[i]));

/** The cue rules' issues of one cue; `before` (its last issues) is given back when equal. */
function checkCue<I extends QcIssue>(
  cue: Cue,
  state: Base<I>,
  tag: Tag<I>,
  before: readonly I[] = NONE,
): readonly I[] {
  const found: QcIssue[] = [];
  for (const rule of CUE_RULE_LIST)
    if (!state.skip.has(rule.id))
      for (const issue of rule.check([cue], state.context)) found.push(issue);
  if (found.length === before.length && found.every((issue, i) => sameIssue(issue, before[i]!)))
    return before;
  return found.length === 0 ? NONE : found.map(tag);
}

/** A time the timing rule objects to; its message names the time, so it is not reusable. */
const badTiming = (cue: Cue) => cue.startMs < 0 || cue.endMs <= cue.startMs;

/**
 * Whether a cue rule could judge `cue` differently from `before`: the cue rules read the text
 * and the duration only, except the timing rule, whose message quotes the bad times.
 */
const needsCheck = (cue: Cue, before: Cue) =>
  cue.text !== before.text ||
  cue.endMs - cue.startMs !== before.endMs - before.startMs ||
  badTiming(cue) ||
  badTiming(before);

/** Every sequence rule's issues, per rule; an issue equal to one of `before` is that object. */
function checkSequence<I extends QcIssue>(
  cues: readonly Cue[],
  state: Base<I>,
  tag: Tag<I>,
  before: readonly (readonly I[])[] | null,
): Map<number, readonly I[]> {
  const lists = new Map<number, readonly I[]>();
  for (const rule of SEQUENCE_RULE_LIST) {
    const index = RULE_INDEX.get(rule.id)!;
    if (state.skip.has(rule.id)) {
      lists.set(index, NONE);
      continue;
    }
    const old = before?.[index] ?? NONE;
    const oldByCue = new Map(old.map((issue) => [issue.cueId, issue]));
    const found = rule.check(cues, state.context).map((issue) => {
      const kept = oldByCue.get(issue.cueId);
      return kept && sameIssue(issue, kept) ? kept : tag(issue);
    });
    lists.set(index, sameItems(found, old) ? old : found);
  }
  return lists;
}

/** Rule id -> its place in QC_RULES, as a plain record (read once per issue in a rebuild). */
const RULE_POSITION = Object.fromEntries(QC_RULES.map((rule, i) => [rule.id, i])) as Record<
  RuleId,
  number
>;

/** The cue rules' lists built from each cue's issues, keeping an old list when unchanged. */
function cueRuleLists<I extends QcIssue>(
  perCue: readonly (readonly I[])[],
  before: readonly (readonly I[])[] | null,
): Map<number, readonly I[]> {
  const lists: I[][] = QC_RULES.map(() => []);
  for (const found of perCue)
    for (let k = 0; k < found.length; k += 1) {
      const issue = found[k]!;
      lists[RULE_POSITION[issue.rule]]!.push(issue);
    }
  const kept = new Map<number, readonly I[]>();
  for (const rule of CUE_RULE_LIST) {
    const index = RULE_POSITION[rule.id];
    const list = lists[index]!;
    const old = before?.[index];
    kept.set(index, old && sameItems(list, old) ? old : list);
  }
  return kept;
}

/**
 * Replaces, in one rule's list (cue order), the entries of the cue at `position` with `fresh`.
 * Binary search on positions: the list is in cue order and ids are unique.
 */
function patchRuleList<I extends QcIssue>(
  list: readonly I[],
  position: number,
  fresh: readonly I[],
  indexOf: ReadonlyMap<string, number>,
): readonly I[] {
  let low = 0;
  let high = list.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (indexOf.get(list[mid]!.cueId)! < position) low = mid + 1;
    else high = mid;
  }
  let end = low;
  while (end < list.length && indexOf.get(list[end]!.cueId) === position) end += 1;
  if (end === low && fresh.length === 0) return list;
  return [...list.slice(0, low), ...fresh, ...list.slice(end)];
}

function positions(cues: readonly Cue[]): Map<string, number> | null {
  const indexOf = new Map<string, number>();
  for (let i = 0; i < cues.length; i += 1) {
    if (indexOf.has(cues[i]!.id)) return null;
    indexOf.set(cues[i]!.id, i);
  }
  return indexOf;
}

const SEQUENCE_INDEXES = SEQUENCE_RULE_LIST.map((rule) => RULE_INDEX.get(rule.id)!);

/** Puts a state together from its rule lists, reusing what did not change. */
function build<I extends QcIssue>(
  cues: readonly Cue[],
  perCue: readonly (readonly I[])[],
  lists: ReadonlyMap<number, readonly I[]>,
  indexOf: ReadonlyMap<string, number> | null,
  base: Base<I> & { cache: LookupCache<I> },
  previous: QcState<I> | null,
): QcState<I> {
  const byRule = QC_RULES.map((_, i) => lists.get(i) ?? previous?.byRule[i] ?? NONE);
  const unchanged = previous !== null && byRule.every((list, i) => list === previous.byRule[i]);
  const issues = unchanged ? previous.issues : ([] as I[]).concat(...byRule);
  let byCue: CueIssueLookup<I>;
  if (indexOf === null) byCue = plainLookup(groupByCue(issues));
  else {
    const before = previous?.indexOf ? previous.byCue.sequenceByCue : undefined;
    const sequenceByCue =
      before && SEQUENCE_INDEXES.every((i) => byRule[i] === previous!.byRule[i])
        ? before
        : groupByCue(([] as I[]).concat(...SEQUENCE_INDEXES.map((i) => byRule[i]!)), before);
    byCue = cueIssueLookup(indexOf, perCue, sequenceByCue, base.cache);
  }
  const { context, skip, cache } = base;
  return { cues, issues, byRule, byCue, perCue, indexOf, context, skip, cache };
}

/** A full run, remembering enough to patch the next one. */
export function startQc<I extends QcIssue = QcIssue>(
  cues: readonly Cue[],
  options: QcOptions,
  tag: Tag<I> = (issue) => issue as I,
): QcState<I> {
  const base = {
    context: qcContext(options),
    skip: new Set(options.skip ?? []),
    cache: new Map() as LookupCache<I>,
  };
  const perCue = cues.map((cue) => checkCue(cue, base, tag));
  const lists = new Map([...cueRuleLists(perCue, null), ...checkSequence(cues, base, tag, null)]);
  return build(cues, perCue, lists, positions(cues), base, null);
}

/**
 * QC of `cues` from the state of an earlier version of the same script: cues kept (by id) keep
 * their issues, and only changed or new cues are measured.
 */
export function updateQc<I extends QcIssue = QcIssue>(
  state: QcState<I>,
  cues: readonly Cue[],
  tag: Tag<I> = (issue) => issue as I,
): QcState<I> {
  if (state.cues === cues) return state;
  const old = state.cues;
  const { indexOf } = state;
  if (indexOf === null) return startQc(cues, optionsOf(state), tag);
  // Typing, a retime, a shift: the same ids in the same places, some cues replaced.
  const changed: number[] = [];
  let sameIds = old.length === cues.length;
  for (let i = 0; sameIds && i < cues.length; i += 1) {
    if (cues[i] === old[i]) continue;
    if (cues[i]!.id !== old[i]!.id) sameIds = false;
    else changed.push(i);
  }
  if (sameIds) return patchInPlace(state, cues, changed, tag);
  // Cues came, went or moved (split, merge, insert, delete, sort): matched by id.
  const next = positions(cues);
  if (next === null) return startQc(cues, optionsOf(state), tag);
  const perCue = cues.map((cue) => {
    const at = indexOf.get(cue.id);
    if (at === undefined) return checkCue(cue, state, tag);
    const before = old[at]!;
    return before === cue || !needsCheck(cue, before)
      ? state.perCue[at]!
      : checkCue(cue, state, tag, state.perCue[at]);
  });
  const lists = new Map([
    ...cueRuleLists(perCue, state.byRule),
    ...checkSequence(cues, state, tag, state.byRule),
  ]);
  return build(cues, perCue, lists, next, state, state);
}

function patchInPlace<I extends QcIssue>(
  state: QcState<I>,
  cues: readonly Cue[],
  changed: readonly number[],
  tag: Tag<I>,
): QcState<I> {
  const indexOf = state.indexOf!;
  let perCue: (readonly I[])[] | null = null;
  let retimed = false;
  const lists = new Map<number, readonly I[]>();
  for (const i of changed) {
    const cue = cues[i]!;
    const before = state.cues[i]!;
    retimed ||= cue.startMs !== before.startMs || cue.endMs !== before.endMs;
    if (!needsCheck(cue, before)) continue;
    const found = checkCue(cue, state, tag, state.perCue[i]);
    if (found === state.perCue[i]) continue;
    perCue ??= state.perCue.slice();
    perCue[i] = found;
    for (const rule of CUE_RULE_LIST) {
      const index = RULE_INDEX.get(rule.id)!;
      const list = lists.get(index) ?? state.byRule[index]!;
      const fresh = found.filter((issue) => issue.rule === rule.id);
      lists.set(index, patchRuleList(list, i, fresh, indexOf));
    }
  }
  if (retimed)
    for (const [index, list] of checkSequence(cues, state, tag, state.byRule))
      lists.set(index, list);
  return build(cues, perCue ?? state.perCue, lists, indexOf, state, state);
}

const optionsOf = (state: Base<QcIssue>): QcOptions => ({
  language: state.context.language,
  profile: state.context.profile,
  skip: [...state.skip],
});
