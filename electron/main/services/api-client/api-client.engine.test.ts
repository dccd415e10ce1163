import { execFile } from 'node:child_process';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobRequest } from '../../../../shared/domain/jobs/job';
import { startTestEngine, tempDir, type TestEngine } from '../../../../engine/testing/harness';
import { ApiClient } from './api-client';
import { toolPath } from '../../../../shared/node/toolchain';

const run = promisify(execFile);
async function probeSeconds(file: string): Promise<number> {
  const { stdout } = await run(toolPath('ffprobe'), [
    '-v',
    'error',
    '-show_entries',
    'format=duration',
    '-of',
    'csv=p=0',
    file,
  ]);
  return Number(stdout.trim());
}
const music = (
  fields: JobRequest['fields'],
  delivery: JobRequest['delivery'] = 'stream',
): JobRequest => ({
  type: 'text_to_music',
  delivery,
  fields,
  files: {},
  label: 'music',
});

/** The API client against the real local engine on a loopback port: read calls and errors. */
let engine: TestEngine;
let dir: string;
const log: string[] = [];
beforeAll(async () => {
  dir = await tempDir('api-client-');
  engine = await startTestEngine({
    accounts: [
      { key: 'sk_trial_user_1', funded: false, concurrencyLimit: 2, maxUploadSizeMb: 120 },
      { key: 'sk_low_balance_1', funded: true, balance: 0.01 },
      { key: 'sk_one_rpm_1', rpmLimit: 1 },
    ],
  });
});
afterAll(async () => {
  await engine?.close();
  await fs.rm(dir, { recursive: true, force: true });
});

const clientFor = (key: string | null, baseUrl = engine.url) =>
  new ApiClient({
    baseUrl,
    getKey: async () => key,
    clientVersion: '9.9.9',
    log: (line) => log.push(line),
  });

describe('ApiClient against the engine', () => {
  it('reads account services with the account limits', async () => {
    const services = await clientFor('sk_trial_user_1').getServices();
    expect(services.ok).toBe(true);
    if (!services.ok) return;
    expect(services.value.concurrency_limit).toBe(2);
    expect(services.value.max_upload_size_mb).toBe(120);
    expect(services.value.trial).toBeDefined();
  });

  it('accepts a base URL that ends in /v1/ (docs/api-notes.md 1.1)', async () => {
    const services = await clientFor(engine.key, `${engine.url}/v1/`).getServices();
    expect(services.ok).toBe(true);
  });

  it('reads usage for a number of days', async () => {
    const usage = await clientFor(engine.key).getUsage(7);
    expect(usage.ok).toBe(true);
    if (!usage.ok) return;
    expect(usage.value.summary.total_requests).toBe(0);
    expect(Array.isArray(usage.value.daily)).toBe(true);
  });

  it('answers not_found for an unknown task (id percent-encoded as one segment)', async () => {
    const task = await clientFor(engine.key).getTask('no such/task?');
    expect(task).toMatchObject({
      ok: false,
      error: { kind: 'not_found', status: 404, retryable: false },
    });
  });

  it('answers unauthorized for a wrong key, and never logs the key', async () => {
    const wrong = 'sk_wrong_key_abcdef';
    const services = await clientFor(wrong).getServices();
    expect(services).toMatchObject({ ok: false, error: { kind: 'unauthorized', status: 401 } });
    expect(log.length).toBeGreaterThan(0);
    for (const line of log) {
      expect(line).not.toContain(wrong);
      expect(line).not.toContain(engine.key);
    }
  });

  it('streams music: events in order, bytes that concatenate to an m4a of the asked duration', async () => {
    const types: string[] = [];
    const parts: Buffer[] = [];
    const result = await clientFor(engine.key).stream(
      music({ prompt: 'warm lofi beat', duration: 6 }),
      {
        onEvent: (event) => types.push(event.type),
        onBytes: (bytes, index) => {
          expect(index).toBe(0);
          parts.push(Buffer.from(bytes));
        },
      },
    );
    expect(result.ok, JSON.stringify(result)).toBe(true);
    if (!result.ok) return;
    expect(types[0]).toBe('title');
    expect(types.slice(-2)).toEqual(['cost', 'complete']);
    expect(types.filter((t) => t === 'audio_chunk').length).toBe(result.value.chunks);
    const take = path.join(dir, 'take.m4a');
    await fs.writeFile(take, Buffer.concat(parts));
    expect(result.value.bytes).toBe((await fs.stat(take)).size);
    expect(await probeSeconds(take)).toBeCloseTo(6, 0);
  });

  it('submits async, polls the task and downloads the result without credentials', async () => {
    const sent: { url: string; headers: Record<string, string> }[] = [];
    const client = new ApiClient({
      baseUrl: engine.url,
      getKey: async () => engine.key,
      clientVersion: '1.2.3',
      fetchImpl: (url, init) => {
        sent.push({ url: String(url), headers: { ...(init?.headers as Record<string, string>) } });
        return fetch(url, init);
      },
    });
    const progress: number[] = [];
    const accepted = await client.submit(
      music({ prompt: 'string quartet', duration: 5, output_format: 'wav' }, 'async'),
      (sent) => progress.push(sent),
    );
    expect(accepted.ok, JSON.stringify(accepted)).toBe(true);
    if (!accepted.ok) return;
    expect(accepted.value.status).toBe('processing');
    expect(progress.length).toBeGreaterThan(0);
    let task = await client.getTask(accepted.value.task_id);
    while (task.ok && task.value.status === 'processing') {
      await new Promise((r) => setTimeout(r, 200));
      task = await client.getTask(accepted.value.task_id);
    }
    expect(task.ok && task.value.status).toBe('succeeded');
    if (!task.ok || !Array.isArray(task.value.audio)) throw new Error('no audio list');
    const media = task.value.audio[0]!;
    const dest = path.join(dir, 'result.wav');
    const got = await client.download(media.url, dest, undefined, undefined, media.file_size);
    expect(got.ok, JSON.stringify(got)).toBe(true);
    expect(got.ok && got.value.bytes).toBe(media.file_size);
    expect(await probeSeconds(dest)).toBeCloseTo(5, 0);
    const taskGet = sent.find((r) => r.url.includes('/v1/tasks/'))!;
    expect(taskGet.headers).toMatchObject({
      Authorization: `Bearer ${engine.key}`,
      'X-Sonilo-Client': 'soundstage-desktop',
      'X-Sonilo-Client-Version': '1.2.3',
    });
    const download = sent.find((r) => r.url === media.url)!;
    expect(Object.keys(download.headers).map((h) => h.toLowerCase())).not.toContain(
      'authorization',
    );
    expect(Object.keys(download.headers).some((h) => h.toLowerCase().startsWith('x-sonilo'))).toBe(
      false,
    );
    expect((await fs.readdir(dir)).filter((f) => f.endsWith('.part'))).toEqual([]);
    // A size that does not match what the envelope promised is refused and nothing is kept.
    const wrong = await client.download(
      media.url,
      path.join(dir, 'wrong.wav'),
      undefined,
      undefined,
      (media.file_size ?? 0) + 1,
    );
    expect(wrong).toMatchObject({ ok: false, error: { code: 'size_mismatch' } });
    await expect(fs.stat(path.join(dir, 'wrong.wav'))).rejects.toThrow();
  });

  it('classifies a 402 for a low balance as insufficient_balance', async () => {
    const result = await clientFor('sk_low_balance_1').submit(
      music({ prompt: 'x', duration: 60 }, 'async'),
    );
    expect(result).toMatchObject({
      ok: false,
      error: { kind: 'insufficient_balance', status: 402, retryable: false },
    });
  });

  it('classifies a 429 of a 1-rpm account as rate_limited rpm with Retry-After', async () => {
    const client = clientFor('sk_one_rpm_1');
    const first = await client.submit(music({ prompt: 'x', duration: 5 }, 'async'));
    expect(first.ok).toBe(true);
    const second = await client.submit(music({ prompt: 'x', duration: 5 }, 'async'));
    expect(second).toMatchObject({
      ok: false,
      error: { kind: 'rate_limited', rateLimit: 'rpm', status: 429, retryable: true },
    });
    if (!second.ok) expect(second.error.retryAfter).toBeGreaterThan(0);
  });
});
