/**
 * Child process of the crash test: the app's job runner on a data folder, talking to a
 * service URL (the test's proxy). On a fresh folder it submits the jobs it is given; on a
 * folder with a ledger it only resumes. It exits 0 once every job is terminal and prints
 * `done <jobs as JSON>`. Like the app, it takes the data-folder lock before reading the ledger.
 *
 * usage: crash-child.ts <dataDir> <baseUrl> <key> <jobs JSON> <concurrency>
 */
import path from 'node:path';
import { isTerminal, jobRequestSchema } from '../../../../../shared/domain/jobs/job';
import { ApiClient } from '../../api-client/api-client';
import { DataFolderLock, describeHolder } from '../../storage/data-folder-lock';
import { JobRunner } from '../job-runner';

const [dataDir, baseUrl, key, jobsJson, concurrency] = process.argv.slice(2);
if (!dataDir || !baseUrl || !key || !jobsJson || !concurrency)
  throw new Error('usage: crash-child.ts <dataDir> <baseUrl> <key> <jobs JSON> <concurrency>');

const locked = await DataFolderLock.acquire(dataDir);
if (!locked.ok) {
  process.stdout.write(`locked ${describeHolder(locked.holder, dataDir)}\n`);
  process.exit(3);
}
const client = new ApiClient({ baseUrl, getKey: async () => key, clientVersion: 'crash-test' });
const runner = new JobRunner({
  dataDir,
  projectFolder: () => path.join(dataDir, 'project'),
  client: () => client,
  concurrency: () => Number(concurrency),
  onChange: () => undefined,
  onStreamChunk: () => undefined,
  origin: () => 'local',
  pollIntervalMs: 200,
  retryDelayMs: 100,
  log: (line) => process.stderr.write(`crash-child: ${line}\n`),
});
await runner.start();
if (runner.list().length === 0) {
  const requests = jobRequestSchema.array().parse(JSON.parse(jobsJson));
  for (const request of requests) {
    const submitted = await runner.submit(request);
    if (!submitted.ok) throw new Error(submitted.error.message);
  }
}
process.stdout.write('running\n');
const timer = setInterval(() => {
  const jobs = runner.list();
  if (!jobs.every((job) => isTerminal(job.stage))) return;
  clearInterval(timer);
  void runner.dispose().then(async () => {
    await locked.lock.release();
    process.stdout.write(`done ${JSON.stringify(jobs)}\n`);
    process.exit(0);
  });
}, 100);
