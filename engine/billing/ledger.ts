import { randomUUID } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { TaskType } from '../../shared/api/task-types';
import { JsonFile, readJsonFile } from '../files/atomic-json';
import type { Money } from './money';

/** One movement of money (or of a free trial call) on an account. */
export interface LedgerEntry {
  id: string;
  at: string;
  accountId: string;
  /** null for streams, which have no task. */
  taskId: string | null;
  type: TaskType;
  kind: 'charge' | 'refund';
  /** Always positive; a refund gives it back. */
  amount: Money;
  /** Billed media seconds (after multiplier and floor). */
  seconds: number;
  /** Covered by a free trial call. */
  trial: boolean;
}

/** Per-account ledgers in `<data>/ledger/<account>.json`, each rewritten atomically. */
export class Ledger {
  private readonly files = new Map<string, JsonFile>();

  private constructor(
    private readonly dir: string,
    private readonly byAccount: Map<string, LedgerEntry[]>,
  ) {}

  static async open(dataDir: string): Promise<Ledger> {
    const dir = join(dataDir, 'ledger');
    const byAccount = new Map<string, LedgerEntry[]>();
    let names: string[] = [];
    try {
      names = await readdir(dir);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
    // Copies set aside as unreadable (`<id>.corrupt-<time>.json`) are not accounts.
    for (const name of names.filter((n) => n.endsWith('.json') && !n.includes('.corrupt-'))) {
      const entries = (await readJsonFile<LedgerEntry[]>(join(dir, name))) ?? [];
      byAccount.set(name.slice(0, -'.json'.length), entries);
    }
    return new Ledger(dir, byAccount);
  }

  /** Records an entry in memory at once; the returned promise resolves when it is on disk. */
  append(
    entry: Omit<LedgerEntry, 'id' | 'at'>,
    at = new Date(),
  ): { entry: LedgerEntry; saved: Promise<void> } {
    const full: LedgerEntry = { id: randomUUID(), at: at.toISOString(), ...entry };
    const entries = this.byAccount.get(entry.accountId) ?? [];
    entries.push(full);
    this.byAccount.set(entry.accountId, entries);
    return { entry: full, saved: this.fileFor(entry.accountId).save(entries) };
  }

  /** Takes back an entry whose request was never accepted; resolves once that is on disk. */
  remove(accountId: string, entryId: string): Promise<void> {
    const entries = (this.byAccount.get(accountId) ?? []).filter((e) => e.id !== entryId);
    this.byAccount.set(accountId, entries);
    return this.fileFor(accountId).save(entries);
  }

  entries(accountId: string): readonly LedgerEntry[] {
    return this.byAccount.get(accountId) ?? [];
  }

  private fileFor(accountId: string): JsonFile {
    let file = this.files.get(accountId);
    if (!file) {
      file = new JsonFile(join(this.dir, `${accountId}.json`));
      this.files.set(accountId, file);
    }
    return file;
  }
}
