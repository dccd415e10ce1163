import { createHash, randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { DEFAULT_FREE_TRIALS } from '../../shared/api/limits';
import { TASK_TYPES, type TaskType } from '../../shared/api/task-types';
import { usd } from '../billing/money';
import { JsonFile, readJsonFile } from '../files/atomic-json';
import { ACCOUNT_DEFAULTS, type Account, type AccountSeed, type TrialAllowance } from './account';

interface AccountsFile {
  version: 1;
  accounts: Account[];
}

export function hashKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

/** Accounts and their keys, kept in memory and persisted to `<data>/accounts.json`. */
export class AccountStore {
  private readonly byKeyHash = new Map<string, Account>();
  private readonly file: JsonFile;

  private constructor(
    private readonly accounts: Account[],
    path: string,
  ) {
    this.file = new JsonFile(path);
    for (const account of accounts)
      for (const hash of account.keyHashes) this.byKeyHash.set(hash, account);
  }

  static async open(dataDir: string, seeds: readonly AccountSeed[]): Promise<AccountStore> {
    const path = join(dataDir, 'accounts.json');
    const stored = await readJsonFile<AccountsFile>(path);
    const store = new AccountStore(stored?.accounts ?? [], path);
    for (const seed of seeds) store.applySeed(seed);
    await store.save();
    return store;
  }

  findByKey(key: string): Account | undefined {
    return this.byKeyHash.get(hashKey(key));
  }

  get(id: string): Account | undefined {
    return this.accounts.find((account) => account.id === id);
  }

  save(): Promise<void> {
    return this.file.save({ version: 1, accounts: this.accounts } satisfies AccountsFile);
  }

  /**
   * Creates the seed's account when its key is new; for an existing one, re-applies the limits
   * the seed states explicitly (configuration) but keeps balance and trial usage (state).
   */
  private applySeed(seed: AccountSeed): void {
    const existing = this.findByKey(seed.key);
    if (existing) {
      if (seed.suspended !== undefined) existing.suspended = seed.suspended;
      if (seed.rpmLimit !== undefined) existing.rpmLimit = seed.rpmLimit;
      if (seed.concurrencyLimit !== undefined) existing.concurrencyLimit = seed.concurrencyLimit;
      if (seed.maxUploadSizeMb !== undefined) existing.maxUploadSizeMb = seed.maxUploadSizeMb;
      if (seed.discountFactor !== undefined) existing.discountFactor = seed.discountFactor;
      if (seed.services !== undefined) existing.services = [...seed.services];
      return;
    }
    const funded = seed.funded ?? true;
    const account: Account = {
      id: `acct_${randomUUID()}`,
      keyHashes: [hashKey(seed.key)],
      balance: usd(seed.balance ?? (funded ? ACCOUNT_DEFAULTS.fundedBalanceUsd : 0)),
      funded,
      suspended: seed.suspended ?? false,
      rpmLimit: seed.rpmLimit ?? ACCOUNT_DEFAULTS.rpmLimit,
      concurrencyLimit: seed.concurrencyLimit ?? ACCOUNT_DEFAULTS.concurrencyLimit,
      maxUploadSizeMb: seed.maxUploadSizeMb ?? ACCOUNT_DEFAULTS.maxUploadSizeMb,
      discountFactor: seed.discountFactor ?? ACCOUNT_DEFAULTS.discountFactor,
      createdAt: new Date().toISOString(),
      ...(funded ? {} : { trial: freeTrials(seed.trial) }),
      ...(seed.services ? { services: [...seed.services] } : {}),
    };
    this.accounts.push(account);
    this.byKeyHash.set(account.keyHashes[0]!, account);
  }
}

function freeTrials(overrides: AccountSeed['trial']): Partial<Record<TaskType, TrialAllowance>> {
  const trial: Partial<Record<TaskType, TrialAllowance>> = {};
  for (const type of TASK_TYPES) {
    const granted = overrides?.[type] ?? DEFAULT_FREE_TRIALS[type];
    if (granted > 0) trial[type] = { granted, used: 0 };
  }
  return trial;
}
