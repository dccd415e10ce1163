import {
  computeCharge,
  formatUsd,
  quantizeUsd,
  type BillingUnits,
} from '../../../../shared/api/billing-rates';
import type { AccountServices } from '../../../../shared/api/responses';

export interface Estimate {
  /** What the click costs after the account's discount (0 when a free trial call covers it). */
  amount: number;
  /** One line for the button's side. */
  text: string;
  /** How the amount follows from the rules. */
  explanation: string;
  free: boolean;
  balanceAfter?: number;
  /** True when the balance would not cover it (the service answers 402). */
  short: boolean;
}

/**
 * The charge a click will make, from the shared billing rules and the account's discount,
 * trial calls and balance when known. Dubbing's free trial is a 15 s preview, not a free
 * full dub, so it is never counted as free here.
 */
export function estimateCharge(units: BillingUnits, account?: AccountServices): Estimate {
  const charge = computeCharge(units);
  const trial = account?.trial?.[units.type];
  // Several takes or briefs are never covered by a free call (docs/api-notes.md 6.1).
  const severalTakes = (units.variants ?? 1) > 1;
  if (trial && trial.remaining > 0 && units.type !== 'dubbing' && !severalTakes) {
    return {
      amount: 0,
      free: true,
      short: false,
      text: `Free trial call (${trial.remaining} of ${trial.granted} left)`,
      explanation: `Without the trial: ${charge.explanation}`,
    };
  }
  const factor = account?.discount_factor ?? 1;
  const amount = quantizeUsd(charge.amount * factor);
  const discount = factor < 1 ? ` × ${factor} account price` : '';
  const balanceAfter =
    account?.balance !== undefined ? quantizeUsd(account.balance - amount) : undefined;
  const short = balanceAfter !== undefined && balanceAfter < 0;
  const after =
    balanceAfter === undefined
      ? ''
      : short
        ? ' · balance too low'
        : ` · balance after ${formatUsd(balanceAfter)}`;
  return {
    amount,
    free: false,
    short,
    ...(balanceAfter !== undefined ? { balanceAfter } : {}),
    text: `Estimated charge ${formatUsd(amount)}${after}`,
    explanation: `${charge.explanation}${discount}`,
  };
}
