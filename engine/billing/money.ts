/**
 * Money is kept as an integer count of 1/10000 USD, the service's quantum (docs/api-notes.md 7:
 * "quantized to 0.0001"), so sums and refunds never drift.
 */
export type Money = number;

export const MONEY_SCALE = 10_000;

export function usd(amount: number): Money {
  return Math.round(amount * MONEY_SCALE);
}

export function toUsd(money: Money): number {
  return money / MONEY_SCALE;
}

/** `0.4320` style text used in messages and string money fields. */
export function formatMoney(money: Money): string {
  return (money / MONEY_SCALE).toFixed(4);
}
