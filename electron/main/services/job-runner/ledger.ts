import path from 'node:path';
import { z } from 'zod';
import { jobSchema, type Job } from '../../../../shared/domain/jobs/job';
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
  /** Set when the file existed but could not be parsed at all. */
  problem?: string;
}

export class JobLedger {
  readonly file: string;
  private readonly writer: SerialFileWriter;

  constructor(dataDir: string) {
    this.file = path.join(dataDir, LEDGER_FILE);
    // 0600: the ledger names the user's files and tasks; other local users may not read it.
    this.writer = new SerialFileWriter(this.file, 0o600);
  }

  async load(): Promise<LoadedLedger> {
    const read = await readJsonFile(this.file);
    if (read.state === 'missing') return { entries: [], dropped: 0 };
    if (read.state === 'corrupt') return { entries: [], dropped: 0, problem: read.message };
    const parsed = ledgerFileSchema.safeParse(read.value);
    if (!parsed.success)
      return { entries: [], dropped: 0, problem: 'The job ledger has an unknown format.' };
    const entries: LedgerEntry[] = [];
    let dropped = 0;
    for (const raw of parsed.data.entries) {
      const job = jobSchema.safeParse(raw.job);
      if (job.success) entries.push({ origin: raw.origin, job: job.data });
      else dropped += 1;
    }
    return { entries, dropped };
  }

  /** Schedules a write of the current entries; `snapshot` is read when the write starts. */
  save(snapshot: () => readonly LedgerEntry[]): Promise<void> {
    return this.writer.save(() => JSON.stringify({ version: LEDGER_VERSION, entries: snapshot() }));
  }

  /** Resolves once every scheduled write is on disk (with the last write error, if any). */
  flush(): Promise<Error | null> {
    return this.writer.flush();
  }
}
