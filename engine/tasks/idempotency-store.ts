import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { join } from 'node:path';
import { JsonFile, readJsonFile } from '../files/atomic-json';
import type { RequestForm } from '../server/form';

/** How long a key is remembered (docs/api-notes.md "Idempotency-Key"). */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/** Longest key accepted; a longer one is a 400 rather than a silently truncated key. */
export const MAX_IDEMPOTENCY_KEY_LENGTH = 200;

/** What a first request with a key came to: an accepted task (its 202) or a started stream. */
export type IdempotentOutcome =
  { kind: 'task'; taskId: string; ack: Record<string, unknown> } | { kind: 'stream' };

export interface IdempotencyRecord {
  accountId: string;
  key: string;
  /** Digest of the request (path, text fields, file contents), not of the wire bytes. */
  fingerprint: string;
  at: number;
  outcome: IdempotentOutcome;
}

interface IdempotencyFile {
  version: 1;
  records: IdempotencyRecord[];
}

/** What the server should do with a request carrying a key. */
export type IdempotencyVerdict =
  { kind: 'new' } | { kind: 'replay'; outcome: IdempotentOutcome } | { kind: 'conflict' };

/**
 * The keys each account used in the last 24 h and what their first request came to,
 * persisted beside the task store (`<data>/idempotency.json`) so an engine restart keeps them.
 * A key is only recorded once its request was accepted (charged): a refused request left
 * nothing behind, so sending it again is a new request.
 */
export class IdempotencyStore {
  private readonly records = new Map<string, IdempotencyRecord>();
  /** Requests with a key being checked right now; a repeat waits for the first to settle. */
  private readonly inFlight = new Map<string, Promise<void>>();
  private readonly file: JsonFile;

  private constructor(
    path: string,
    private readonly now: () => number,
  ) {
    this.file = new JsonFile(path);
  }

  static async open(dataDir: string, now: () => number = Date.now): Promise<IdempotencyStore> {
    const path = join(dataDir, 'idempotency.json');
    const store = new IdempotencyStore(path, now);
    const stored = await readJsonFile<IdempotencyFile>(path).catch(() => undefined);
    for (const record of stored?.records ?? []) store.records.set(slot(record), record);
    store.prune();
    return store;
  }

  /**
   * Waits while an earlier request with the same key is still being decided, then reserves the
   * key; the returned release must be called when this request is answered.
   */
  async reserve(accountId: string, key: string): Promise<() => void> {
    const id = slot({ accountId, key });
    for (let busy = this.inFlight.get(id); busy; busy = this.inFlight.get(id)) await busy;
    let release!: () => void;
    this.inFlight.set(
      id,
      new Promise<void>((resolve) => {
        let released = false;
        release = () => {
          if (released) return;
          released = true;
          this.inFlight.delete(id);
          resolve();
        };
      }),
    );
    return release;
  }

  verdict(accountId: string, key: string, fingerprint: string): IdempotencyVerdict {
    this.prune();
    const record = this.records.get(slot({ accountId, key }));
    if (!record) return { kind: 'new' };
    if (record.fingerprint !== fingerprint) return { kind: 'conflict' };
    return { kind: 'replay', outcome: record.outcome };
  }

  /** Remembers an accepted request; resolves once the record is on disk. */
  remember(
    accountId: string,
    key: string,
    fingerprint: string,
    outcome: IdempotentOutcome,
  ): Promise<void> {
    const record: IdempotencyRecord = { accountId, key, fingerprint, at: this.now(), outcome };
    this.records.set(slot(record), record);
    this.prune();
    return this.file.save({ version: 1, records: [...this.records.values()] });
  }

  /** Forgets a request that was not accepted after all (its records could not be written). */
  forget(accountId: string, key: string): void {
    this.records.delete(slot({ accountId, key }));
    void this.file.save({ version: 1, records: [...this.records.values()] }).catch(() => undefined);
  }

  private prune(): void {
    const oldest = this.now() - IDEMPOTENCY_TTL_MS;
    for (const [id, record] of this.records) if (record.at < oldest) this.records.delete(id);
  }
}

function slot(record: { accountId: string; key: string }): string {
  return `${record.accountId}\n${record.key}`;
}

/**
 * A digest of what a request asks for: its path, its text fields in order and every file
 * part's name and content. The multipart boundary differs on every send, so the raw body
 * cannot be compared; this can.
 */
export async function requestFingerprint(path: string, form: RequestForm): Promise<string> {
  const hash = createHash('sha256').update(`${path}\n`);
  for (const entry of form.entries) {
    if (entry.kind === 'text') {
      hash.update(`t:${entry.name.length}:${entry.name}:${entry.value.length}:${entry.value}\n`);
      continue;
    }
    hash.update(`f:${entry.name.length}:${entry.name}:${entry.file.size}:`);
    for await (const chunk of createReadStream(entry.file.path)) hash.update(chunk as Buffer);
    hash.update('\n');
  }
  return hash.digest('hex');
}
