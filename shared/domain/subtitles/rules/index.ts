import type { QcRule } from '../issue';
import { charsPerLineRule } from './chars-per-line';
import { cpsRule } from './cps';
import { emptyTextRule } from './empty-text';
import { lineCountRule } from './line-count';
import { maxDurationRule } from './max-duration';
import { minDurationRule } from './min-duration';
import { minGapRule } from './min-gap';
import { orderRule } from './order';
import { overlapRule } from './overlap';
import { timingRule } from './timing';

/** Every QC rule, errors first (what blocks an upload is listed before what only warns). */
export const QC_RULES: readonly QcRule[] = [
  timingRule,
  orderRule,
  overlapRule,
  emptyTextRule,
  cpsRule,
  charsPerLineRule,
  lineCountRule,
  minDurationRule,
  maxDurationRule,
  minGapRule,
];
