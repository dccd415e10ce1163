import path from 'node:path';
import { z } from 'zod';
import { jobSchema, type Job } from '../../../../shared/domain/jobs/job';
import { setAside } from '../../../../shared/node/storage/set-aside';
import { readJsonFile, SerialFileWriter } from '../storage/atomic-file';

/**
 * The persisted job ledger: one JSON file in the data folder, rewritten atomically (temp +
 * fsync + rename) whenever a job changes stage, so a crash at any moment leaves the previous
 * or the next ledger, never a torn one. Each entry also records which service (origin) the
 * job was sent to, so a restart never polls a task on the wrong service.
 */
export const LEDGER_FILE = 'jobs.json';
const LEDGER_VERSION = 1;

export interface LedgerEntry {
  job: Job;
  /** Identity of the service the job belongs to ('local', or a custom base URL). */
  origin: string;
}

const ledgerFileSchema = z.object({
  version: z.literal(LEDGER_VERSION),
  entries: z.array(z.object({ origin: z.string(), job: z.unknown() })),
});

export interface LoadedLedger {
  entries: LedgerEntry[];
  /** Entries that could not be read (kept out of the list, reported once). */
  dropped: number;
  /** Set when the file, or part of it, could not be read. */
  problem?: LedgerProblem;
}

/** What the app tells the user when the job history could not be read whole. */
export interface LedgerProblem {
  message: string;
  /** Where the unreadable bytes were kept; null when even that failed (the ledger is then frozen). */
  keptAt: string | null;
}

export class JobLedger {
  readonly file: string;
  private readonly writer: SerialFileWriter;
  /** Set when an unreadable file could not be set aside: writing would destroy it. */
  private frozen = false;

  constructor(dataDir: string) {
    this.file = path.join(dataDir, LEDGER_FILE);
    // 0600: the ledger names the user's files and tasks; other local users may not read it.
    this.writer = new SerialFileWriter(this.file, 0o600);
  }

  /**
   * Reads the ledger. A file that is torn, corrupt or from a newer version is never written
   * over: its bytes are kept beside it (moved when nothing could be read, copied when some
   * entries were), and the app starts with what could be read.
   */
  async load(): Promise<LoadedLedger> {
    const read = await readJsonFile(this.file);
    if (read.state === 'missing') return { entries: [], dropped: 0 };
    if (read.state === 'corrupt')
      return this.unreadable(`The job history file is not valid JSON (${read.message}).`);
    const version = (read.value as { version?: unknown } | null)?.version;
    if (typeof version === 'number' && version > LEDGER_VERSION)
      return this.unreadable(
        `The job history was written by a newer version of Soundstage (format ${version}).`,
      );
    const parsed = ledgerFileSchema.safeParse(read.value);
    if (!parsed.success) return this.unreadable('The job history file has an unknown format.');
    const entries: LedgerEntry[] = [];
    let dropped = 0;
    for (const raw of parsed.data.entries) {
      const job = jobSchema.safeParse(raw.job);
      if (job.success) entries.push({ origin: raw.origin, job: job.data });
      else dropped += 1;
    }
    if (dropped === 0) return { entries, dropped };
    const keptAt = await this.keep('copy');
    return {
      entries,
      dropped,
      problem: { message: `${dropped} entries of the job history could not be read.`, keptAt },
    };
  }

  private async unreadable(message: string): Promise<LoadedLedger> {
    return { entries: [], dropped: 0, problem: { message, keptAt: await this.keep('move') } };
  }

  private async keep(how: 'move' | 'copy'): Promise<string | null> {
    const keptAt = await setAside(this.file, how);
    if (keptAt === null) this.frozen = true;
    return keptAt;
  }

  /**
   * Schedules a write of the entries; `snapshot` is read when the write starts. Resolves once
   * the state at the time of the call is on disk, with the write's error or null.
   */
  save(snapshot: () => readonly LedgerEntry[]): Promise<Error | null> {
    if (this.frozen)
      return Promise.resolve(
        new Error('The unreadable job history could not be set aside, so it is not overwritten.'),
      );
    return this.writer.save(() => JSON.stringify({ version: LEDGER_VERSION, entries: snapshot() }));
  }

  /** Resolves once every scheduled write is on disk (with the last write error, if any). */
  flush(): Promise<Error | null> {
    return this.writer.flush();
  }
}
