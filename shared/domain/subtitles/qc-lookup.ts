import type { QcIssue } from './issue';
import { QC_RULES } from './rules';

/** Merged lists remembered per cue id, so a cue's issues stay one array while its parts do. */
export type LookupCache<I> = Map<string, { own: readonly I[]; seq: readonly I[]; list: I[] }>;

/** Cue id -> that cue's issues in rule order, or undefined when it has none. */
export interface CueIssueLookup<I extends QcIssue> {
  get(cueId: string): readonly I[] | undefined;
  /** The sequence rules' issues per cue id, kept for the next lookup when they did not change. */
  readonly sequenceByCue: ReadonlyMap<string, readonly I[]>;
}

const RULE_INDEX = new Map(QC_RULES.map((rule, i) => [rule.id, i]));
const byRuleOrder = (a: QcIssue, b: QcIssue) => RULE_INDEX.get(a.rule)! - RULE_INDEX.get(b.rule)!;
const NONE: readonly never[] = [];

/**
 * Issues grouped by cue id, in their order; a group with the same items as in `previous` is
 * that array, so a row drawing it sees no change.
 */
export function groupByCue<I extends QcIssue>(
  issues: readonly I[],
  previous?: ReadonlyMap<string, readonly I[]>,
): Map<string, readonly I[]> {
  const grouped = new Map<string, I[]>();
  for (const issue of issues) {
    const list = grouped.get(issue.cueId);
    if (list) list.push(issue);
    else grouped.set(issue.cueId, [issue]);
  }
  const kept = new Map<string, readonly I[]>();
  for (const [id, list] of grouped) {
    const old = previous?.get(id);
    kept.set(
      id,
      old && old.length === list.length && old.every((x, i) => x === list[i]) ? old : list,
    );
  }
  return kept;
}

/** A lookup over plain groups (repeated ids: both cues' issues under the one id). */
export function plainLookup<I extends QcIssue>(
  grouped: ReadonlyMap<string, readonly I[]>,
): CueIssueLookup<I> {
  return { sequenceByCue: grouped, get: (id) => grouped.get(id) };
}

/**
 * A cue's issues from its own (cue rules, by position) and its sequence rules' issues, merged
 * in rule order only when asked: a keystroke then costs nothing for the 5,000 rows not drawn.
 */
export function cueIssueLookup<I extends QcIssue>(
  indexOf: ReadonlyMap<string, number>,
  perCue: readonly (readonly I[])[],
  sequenceByCue: ReadonlyMap<string, readonly I[]>,
  cache: LookupCache<I>,
): CueIssueLookup<I> {
  return {
    sequenceByCue,
    get(id) {
      const at = indexOf.get(id);
      if (at === undefined) return undefined;
      const own = perCue[at]!;
      const seq = sequenceByCue.get(id) ?? NONE;
      if (seq.length === 0) return own.length > 0 ? own : undefined;
      if (own.length === 0) return seq;
      const hit = cache.get(id);
      if (hit && hit.own === own && hit.seq === seq) return hit.list;
      // Both are in rule order; a stable sort keeps each rule's issues in their order.
      const list = [...own, ...seq].sort(byRuleOrder);
      cache.set(id, { own, seq, list });
      return list;
    },
  };
}
