import type { Account } from '../accounts/account';
import type { AccountStore } from '../accounts/account-store';
import type { Rejection } from '../server/rejection';
import type { Ledger } from './ledger';
import { decidePayment, type Payment, type Quote } from './quote';

/** A payment taken for one request, enough to reverse it. */
export interface Charge extends Payment {
  accountId: string;
  quote: Quote;
}

/**
 * Takes and reverses payments. `charge` checks and debits synchronously (no await between the
 * check and the debit, so two requests cannot both spend the same balance); persistence
 * follows and is awaited before the request is acknowledged.
 */
export class Billing {
  constructor(
    private readonly accounts: AccountStore,
    private readonly ledger: Ledger,
    /** Where a never-funded account adds a payment method (known once the server listens). */
    private readonly billingUrl: () => string,
  ) {}

  /** The 402 this quote would get, without taking anything. */
  check(account: Account, q: Quote): Rejection | undefined {
    const decision = decidePayment(account, q, this.billingUrl());
    return decision.ok ? undefined : decision.error;
  }

  charge(
    account: Account,
    q: Quote,
    taskId: string | null,
  ):
    | { ok: true; value: { charge: Charge; entryId: string; saved: Promise<void> } }
    | { ok: false; error: Rejection } {
    const decision = decidePayment(account, q, this.billingUrl());
    if (!decision.ok) return decision;
    const payment = decision.value;
    if (payment.trial) {
      const allowance = account.trial?.[q.type];
      if (allowance) allowance.used += 1;
    } else {
      account.balance -= payment.amount;
    }
    const { entry, saved } = this.ledger.append({
      accountId: account.id,
      taskId,
      type: q.type,
      kind: 'charge',
      amount: payment.amount,
      seconds: q.billableSeconds,
      trial: payment.trial,
    });
    const charge: Charge = { ...payment, accountId: account.id, quote: q };
    return {
      ok: true,
      value: {
        charge,
        entryId: entry.id,
        saved: Promise.all([saved, this.accounts.save()]).then(() => undefined),
      },
    };
  }

  /**
   * Undoes a charge whose request could not be recorded (the data folder refused a write): the
   * balance or trial call is given back and the usage entry removed, as if it never happened.
   * Writing that back may fail too while the disk is full; memory is right either way, and the
   * next successful write of the account and its usage carries the corrected state.
   */
  async cancel(charge: Charge, entryId: string): Promise<void> {
    const account = this.accounts.get(charge.accountId);
    if (!account) return;
    if (charge.trial) {
      const allowance = account.trial?.[charge.quote.type];
      if (allowance) allowance.used = Math.max(0, allowance.used - 1);
    } else {
      account.balance += charge.amount;
    }
    await Promise.all([this.ledger.remove(account.id, entryId), this.accounts.save()]).catch(
      () => undefined,
    );
  }

  /** Gives a failed generation's payment back (money or the free trial call). */
  async refund(charge: Charge, taskId: string | null): Promise<void> {
    const account = this.accounts.get(charge.accountId);
    if (!account) return;
    // A task failed again after a restart must not be refunded twice.
    if (
      taskId &&
      this.ledger.entries(account.id).some((e) => e.taskId === taskId && e.kind === 'refund')
    )
      return;
    if (charge.trial) {
      const allowance = account.trial?.[charge.quote.type];
      if (allowance) allowance.used = Math.max(0, allowance.used - 1);
    } else {
      account.balance += charge.amount;
    }
    const { saved } = this.ledger.append({
      accountId: account.id,
      taskId,
      type: charge.quote.type,
      kind: 'refund',
      amount: charge.amount,
      seconds: charge.quote.billableSeconds,
      trial: charge.trial,
    });
    await Promise.all([saved, this.accounts.save()]);
  }
}
