import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { Job } from '../../../../../shared/domain/jobs/job';
import type { DubQueueState } from '../../../../../shared/ipc/channels/dub';
import { ApiClient } from '../../api-client/api-client';
import { JobRunner } from '../../job-runner/job-runner';
import { probeMedia } from '../../media/probe';
import { ProjectStore } from '../../project/project-store';
import { DubFacts } from '../dub-facts';
import { DubQueue } from '../dub-queue';
import { RequestPacer } from '../request-pacer';

/** A Dub queue as main wires it (pacer in fetch, runner holding on pause) on real folders. */
export async function queueFor(
  baseUrl: string,
  key: string,
  dataDir: string,
  concurrency = 2,
  paced = true,
  pollIntervalMs = 100,
) {
  const projectFolder = path.join(dataDir, 'project');
  await fs.mkdir(projectFolder, { recursive: true });
  const pacer = new RequestPacer();
  const states: DubQueueState[] = [];
  const client = new ApiClient({
    baseUrl,
    getKey: async () => key,
    clientVersion: 'test',
    fetchImpl: paced ? pacer.wrap(fetch) : fetch,
    ...(paced ? { beforePost: (signal?: AbortSignal) => pacer.acquire(signal) } : {}),
  });
  let queue: DubQueue | null = null;
  const jobs = new JobRunner({
    dataDir,
    projectFolder: () => projectFolder,
    client: () => client,
    concurrency: () => concurrency,
    onChange: (job: Job) => queue?.jobChanged(job),
    onStreamChunk: () => undefined,
    holds: (job) => queue?.holds(job) ?? false,
    // The local engine honours Idempotency-Key: a job caught sending is re-sent with its key.
    origin: () => 'local',
    pollIntervalMs,
    retryDelayMs: 100,
  });
  const projects = new ProjectStore({ userDataDir: dataDir, projectFolder: () => projectFolder });
  queue = new DubQueue({
    jobs,
    projects,
    facts: new DubFacts({ probe: probeMedia }),
    pacer,
    client: () => client,
    engine: () => 'local',
    maxUploadMb: async () => 500,
    onQueueChanged: (state) => states.push(state),
    onRunsChanged: () => undefined,
  });
  await jobs.start();
  return { queue, jobs, projects, pacer, states, projectFolder };
}

export async function waitUntil(check: () => boolean, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
