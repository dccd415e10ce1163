/**
 * Child process for the crash test: rewrites the job ledger as fast as it can, growing it by
 * one job per write, until it is stopped or killed. Prints "writing" once the loop runs.
 */
import type { Job } from '../../../../../shared/domain/jobs/job';
import { JobLedger, type LedgerEntry } from '../ledger';

const dataDir = process.argv[2];
if (!dataDir) throw new Error('usage: ledger-writer.fixture.ts <dataDir>');
const ledger = new JobLedger(dataDir);
const entries: LedgerEntry[] = [];
let n = 0;
for (;;) {
  const job: Job = {
    id: `job-${n}`,
    request: {
      type: 'text_to_sfx',
      delivery: 'async',
      fields: { prompt: 'x'.repeat(20_000), duration: 3 },
      files: {},
      label: `job ${n}`,
    },
    stage: 'queued',
    createdAt: n,
    updatedAt: n,
    attempts: 1,
    files: [],
  };
  entries.push({ origin: 'local', job });
  await ledger.save(() => entries);
  if (n === 3) process.stdout.write('writing\n');
  n += 1;
}
