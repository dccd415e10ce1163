import {
  BILLING_CURRENCY,
  computeCharge,
  formatUsd,
  quantizeUsd,
  type BillingUnits,
} from '../../api/billing-rates';

/** The parts of GET /v1/account/services that decide a charge (parsed accountServicesSchema). */
export interface AccountBilling {
  /** Multiplies every charge; 1 when absent. */
  discount_factor?: number;
  /** Free calls left per task type; absent = the account bills normally. */
  trial?: Record<string, { remaining: number }>;
  /** The engine reports it; the live service may not. */
  balance?: number;
}

export interface ChargeEstimate {
  amount: number;
  currency: typeof BILLING_CURRENCY;
  trialUsed: boolean;
  explanation: string;
}

/** A free dubbing call is a 15-second single-language preview without scripts (docs/api-notes.md 6.10). */
function trialApplies(units: BillingUnits): boolean {
  // Several takes or briefs are never covered by a free call (docs/api-notes.md 6.1).
  if ((units.variants ?? 1) > 1) return false;
  if (units.type !== 'dubbing') return true;
  return units.languages === 1 && units.scripts !== true;
}

/**
 * What one call will charge: a remaining free trial call makes it 0 (and says what it would
 * otherwise cost); else the rules of computeCharge times the account's discount factor.
 */
export function estimateCharge(units: BillingUnits, account: AccountBilling = {}): ChargeEstimate {
  const charge = computeCharge(units);
  const remaining = account.trial?.[units.type]?.remaining ?? 0;
  if (remaining > 0 && trialApplies(units)) {
    const what =
      units.type === 'dubbing' ? 'Free preview (first 15 s of the video)' : 'Free trial call';
    return {
      amount: 0,
      currency: BILLING_CURRENCY,
      trialUsed: true,
      explanation: `${what}: ${remaining} left, so no charge. Without it: ${charge.explanation}.`,
    };
  }
  const factor = account.discount_factor ?? 1;
  if (factor === 1) {
    return {
      amount: charge.amount,
      currency: BILLING_CURRENCY,
      trialUsed: false,
      explanation: `${charge.explanation}.`,
    };
  }
  const amount = quantizeUsd(charge.amount * factor);
  return {
    amount,
    currency: BILLING_CURRENCY,
    trialUsed: false,
    explanation: `${charge.explanation}, × your discount factor ${factor} = ${formatUsd(amount)}.`,
  };
}

export interface BatchEstimate {
  total: number;
  currency: typeof BILLING_CURRENCY;
  items: ChargeEstimate[];
}

/** Several calls in order: each free call a type has left covers one call of that type. */
export function estimateBatch(
  batch: readonly BillingUnits[],
  account: AccountBilling = {},
): BatchEstimate {
  const remaining: Record<string, { remaining: number }> = {};
  for (const [type, entry] of Object.entries(account.trial ?? {}))
    remaining[type] = { remaining: entry.remaining };
  const items = batch.map((units) => {
    const estimate = estimateCharge(units, { ...account, trial: remaining });
    const entry = remaining[units.type];
    if (estimate.trialUsed && entry) entry.remaining -= 1;
    return estimate;
  });
  const total = quantizeUsd(items.reduce((sum, item) => sum + item.amount, 0));
  return { total, currency: BILLING_CURRENCY, items };
}

export interface BalanceAfter {
  balance: number;
  /** False when the charge exceeds the balance: the service would answer 402. */
  sufficient: boolean;
}

/** The balance once `amount` is charged; null when the account does not report a balance. */
export function balanceAfter(balance: number | undefined, amount: number): BalanceAfter | null {
  if (balance === undefined || !Number.isFinite(balance)) return null;
  return { balance: quantizeUsd(balance - amount), sufficient: amount <= balance };
}
