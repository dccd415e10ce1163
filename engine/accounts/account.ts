import type { TaskType } from '../../shared/api/task-types';
import type { Money } from '../billing/money';

export interface TrialAllowance {
  granted: number;
  used: number;
}

/** A stored account. Keys are kept only as SHA-256 hashes. */
export interface Account {
  id: string;
  keyHashes: string[];
  balance: Money;
  /** Has ever added money. Never-funded accounts live on free trials (trial_exhausted after). */
  funded: boolean;
  suspended: boolean;
  rpmLimit: number;
  concurrencyLimit: number;
  maxUploadSizeMb: number;
  discountFactor: number;
  /** Only on self-serve accounts (docs/api-notes.md 6.14); absent means the account bills normally. */
  trial?: Partial<Record<TaskType, TrialAllowance>>;
  /** Services this account may use; absent = every service the engine serves. */
  services?: TaskType[];
  createdAt: string;
}

/** How tests and the CLI describe an account to create. Balance in USD. */
export interface AccountSeed {
  key: string;
  balance?: number;
  /** false = self-serve account that has never paid: gets DEFAULT_FREE_TRIALS. Default true. */
  funded?: boolean;
  suspended?: boolean;
  rpmLimit?: number;
  concurrencyLimit?: number;
  maxUploadSizeMb?: number;
  discountFactor?: number;
  /** Free calls per service, overriding DEFAULT_FREE_TRIALS on a self-serve account. */
  trial?: Partial<Record<TaskType, number>>;
  /** Restricts the account to these services (others answer 403 forbidden). */
  services?: TaskType[];
}

export const ACCOUNT_DEFAULTS = {
  fundedBalanceUsd: 1000,
  rpmLimit: 600,
  concurrencyLimit: 4,
  maxUploadSizeMb: 300,
  discountFactor: 1,
} as const;
