import { promises as fs } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Job } from '../../../../shared/domain/jobs/job';
import { ApiClient } from '../api-client/api-client';
import { JobRunner } from './job-runner';

/**
 * A transport case the engine cannot produce: the connection breaks in the middle of the
 * upload, so nobody knows whether the service got the job. The runner must fail the job and
 * must not post it again by itself.
 */
let dir: string;
let server: Server;
let posts = 0;
beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'upload-cut-'));
  server = createServer((req, res) => {
    if (req.method !== 'POST') {
      res
        .writeHead(404, { 'content-type': 'application/json' })
        .end('{"code":"not_found","message":"Not found"}');
      return;
    }
    posts += 1;
    let received = 0;
    req.on('data', (chunk: Buffer) => {
      received += chunk.length;
      if (received > 256 * 1024) req.socket.destroy();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await fs.rm(dir, { recursive: true, force: true });
});

describe('an upload cut off mid-way', () => {
  it('fails the job as upload_interrupted and never re-posts it', async () => {
    const voice = path.join(dir, 'voice.wav');
    await fs.writeFile(voice, Buffer.alloc(4 * 1024 * 1024, 7));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const client = new ApiClient({
      baseUrl: url,
      getKey: async () => 'sk_test',
      clientVersion: 't',
    });
    const changes: Job[] = [];
    // The runner reports every change; the wait ends on the one that settles the job.
    let settle: (job: Job) => void = () => undefined;
    const settled = new Promise<Job>((resolve) => (settle = resolve));
    const runner = new JobRunner({
      dataDir: dir,
      projectFolder: () => path.join(dir, 'project'),
      client: () => client,
      concurrency: () => 1,
      onChange: (job) => {
        changes.push(job);
        if (['failed', 'succeeded', 'canceled'].includes(job.stage)) settle(job);
      },
      onStreamChunk: () => undefined,
      retryDelayMs: 10,
    });
    await runner.start();
    const submitted = await runner.submit({
      type: 'audio_ducking',
      delivery: 'async',
      fields: {},
      files: { voice_file: voice, music_file: voice },
      label: 'cut',
    });
    if (!submitted.ok) throw new Error(submitted.error.message);
    const job = await settled;
    expect(job.id).toBe(submitted.value.id);
    expect(job).toMatchObject({
      stage: 'failed',
      attempts: 1,
      error: { kind: 'network', code: 'upload_interrupted', retryable: false },
    });
    await new Promise((r) => setTimeout(r, 200));
    expect(posts).toBe(1);
    await runner.dispose();
  });
});
