import type { TaskType } from '../../shared/api/task-types';
import type { Account } from '../accounts/account';
import type { BillingRequest } from '../server/endpoint';
import type { Rejection } from '../server/rejection';
import { formatMoney, usd, type Money } from './money';
import { billableSeconds, ratePerSecond as rateOf } from './rates';

/** The price of one request, before deciding how it is paid. */
export interface Quote {
  type: TaskType;
  /** Media seconds, as the task's duration_seconds. */
  seconds: number;
  billableSeconds: number;
  ratePerSecond: number;
  beforeDiscount: Money;
  afterDiscount: Money;
  discountFactor: number;
  trialEligible: boolean;
}

/** How an accepted request will be paid. */
export interface Payment {
  amount: Money;
  trial: boolean;
}

export function quote(type: TaskType, request: BillingRequest, account: Account): Quote {
  const multiplier = request.multiplier ?? 1;
  const seconds = Math.max(0, request.seconds);
  const billable = billableSeconds(type, seconds, multiplier);
  const ratePerSecond = rateOf(type);
  const beforeDiscount = usd(ratePerSecond * billable);
  return {
    type,
    seconds,
    billableSeconds: billable,
    ratePerSecond,
    beforeDiscount,
    afterDiscount: usd((beforeDiscount / 10_000) * account.discountFactor),
    discountFactor: account.discountFactor,
    trialEligible: request.trialEligible ?? true,
  };
}

/**
 * Decides how a quoted request is paid, or the 402 that refuses it (docs/api-notes.md 3.3): a free
 * trial call first, then the balance; a never-funded account out of trial calls gets
 * trial_exhausted, a funded one insufficient_balance, a suspended one payment_required.
 */
export function decidePayment(
  account: Account,
  q: Quote,
  billingUrl: string,
): { ok: true; value: Payment } | { ok: false; error: Rejection } {
  if (account.suspended) return refuse('payment_required', 'Account is suspended');
  const allowance = account.trial?.[q.type];
  if (q.trialEligible && allowance && allowance.used < allowance.granted) {
    return { ok: true, value: { amount: 0, trial: true } };
  }
  if (account.balance >= q.afterDiscount)
    return { ok: true, value: { amount: q.afterDiscount, trial: false } };
  const service = q.type.replace(/_/g, '-');
  if (!account.funded) {
    if (allowance) {
      return refuse(
        'trial_exhausted',
        `You've used your ${allowance.granted} free trial calls for ${service}. Add a payment method to continue: ${billingUrl}`,
      );
    }
    return refuse(
      'payment_required',
      `${service} has no free trial calls. Add a payment method to continue: ${billingUrl}`,
    );
  }
  return refuse(
    'insufficient_balance',
    `Insufficient balance: need ${formatMoney(q.afterDiscount)}, have ${formatMoney(account.balance)}`,
  );
}

function refuse(code: string, message: string): { ok: false; error: Rejection } {
  return { ok: false, error: { status: 402, code, message } };
}

/** The `cost` event of a stream (docs/api-notes.md 4.1): every value a string. */
export function costEvent(q: Quote, payment: Payment): Record<string, string> {
  return {
    type: 'cost',
    billing_rate_per_sec: String(q.ratePerSecond),
    billing_before_discount: formatMoney(payment.trial ? 0 : q.beforeDiscount),
    billing_after_discount: formatMoney(payment.amount),
    discount_factor: q.discountFactor.toFixed(4),
  };
}
