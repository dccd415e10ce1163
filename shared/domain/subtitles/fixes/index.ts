import type { Cue } from '../cue';
import type { FixId, QcContext } from '../issue';
import type { QcOptions } from '../qc';
import { qcContext, runQc } from '../qc';
import { closeGap } from './close-gap';
import { extendIntoGap } from './extend-into-gap';
import type { Fix } from './fix';
import { rebalanceLines } from './rebalance-lines';
import { removeEmpty } from './remove-empty';
import { repairTiming } from './repair-timing';
import { shiftOverlap } from './shift-overlap';
import { sortCuesByStart } from './sort-by-start';
import { trimOverlap } from './trim-overlap';
import { trimToMax } from './trim-to-max';

export { closeSmallGaps } from './close-gap';

export const FIXES: Readonly<Record<FixId, Fix>> = {
  'sort-by-start': sortCuesByStart,
  'repair-timing': repairTiming,
  'remove-empty': removeEmpty,
  'shift-overlap': shiftOverlap,
  'trim-overlap': trimOverlap,
  'rebalance-lines': rebalanceLines,
  'trim-to-max': trimToMax,
  'extend-into-gap': extendIntoGap,
  'close-gap': closeGap,
};

/** Labels for buttons and the undo history. */
export const FIX_LABELS: Readonly<Record<FixId, string>> = {
  'sort-by-start': 'Sort cues by start time',
  'repair-timing': 'Repair timing',
  'remove-empty': 'Remove empty cue',
  'shift-overlap': 'Move after the previous cue',
  'trim-overlap': 'End the previous cue here',
  'rebalance-lines': 'Rebalance lines',
  'trim-to-max': 'Trim to maximum duration',
  'extend-into-gap': 'Extend into the gap',
  'close-gap': 'Set gap to the minimum',
};

/**
 * The order "fix all" applies fixes in: time order first (every other fix reads neighbours),
 * then timing that cannot be shown, then overlaps, then text, then durations and gaps.
 */
const FIX_ORDER: readonly FixId[] = [
  'sort-by-start',
  'repair-timing',
  'remove-empty',
  'shift-overlap',
  'rebalance-lines',
  'trim-to-max',
  'extend-into-gap',
  'close-gap',
];

/** Applies one fix to one cue. */
export function applyFix(
  fix: FixId,
  cues: readonly Cue[],
  cueId: string,
  context: QcContext,
): readonly Cue[] {
  return FIXES[fix](cues, cueId, context);
}

export interface AppliedFix {
  fix: FixId;
  cueId: string;
}

/** Applies every fix QC proposes, fix by fix in FIX_ORDER; lists what changed. */
export function fixAll(
  cues: readonly Cue[],
  options: QcOptions,
): { cues: readonly Cue[]; applied: AppliedFix[] } {
  const context = qcContext(options);
  let current = cues;
  const applied: AppliedFix[] = [];
  for (const fix of FIX_ORDER) {
    const targets = runQc(current, options).filter((issue) => issue.fix === fix);
    for (const cueId of new Set(targets.map((issue) => issue.cueId))) {
      const next = FIXES[fix](current, cueId, context);
      if (next !== current) applied.push({ fix, cueId });
      current = next;
    }
  }
  return { cues: current, applied };
}
