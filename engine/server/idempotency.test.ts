import { afterEach, describe, expect, it } from 'vitest';
import { startTestEngine, type TestEngine } from '../testing/harness';

/** Idempotency-Key on generation POSTs against a real engine on a loopback port. */
let engine: TestEngine | undefined;
afterEach(async () => {
  await engine?.close();
  engine = undefined;
});

async function post(
  path: string,
  fields: Record<string, string>,
  key: string | undefined,
): Promise<{ status: number; body: Record<string, unknown>; text: string }> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  const headers: Record<string, string> = { Authorization: `Bearer ${engine!.key}` };
  if (key !== undefined) headers['Idempotency-Key'] = key;
  const response = await fetch(engine!.url + path, { method: 'POST', body: form, headers });
  const text = await response.text();
  let body: Record<string, unknown> = {};
  try {
    body = JSON.parse(text) as Record<string, unknown>;
  } catch {
    // An NDJSON stream: the tests read its text.
  }
  return { status: response.status, body, text };
}

async function requests(): Promise<number> {
  const usage = await engine!.get('/v1/account/usage?days=1');
  return Number(usage.body.summary.total_requests);
}

const sfx = { prompt: 'soft rain on a window', duration: '1' };

describe('Idempotency-Key', () => {
  it('answers a repeated key with the same body with the original 202, no new charge or task', async () => {
    engine = await startTestEngine();
    const first = await post('/v1/text-to-sfx', sfx, 'job-1-key');
    expect(first.status, first.text).toBe(202);
    const again = await post('/v1/text-to-sfx', sfx, 'job-1-key');
    expect(again.status, again.text).toBe(202);
    expect(again.body).toEqual(first.body);
    expect(await requests()).toBe(1);
    const other = await post('/v1/text-to-sfx', sfx, 'job-2-key');
    expect(other.status).toBe(202);
    expect(other.body.task_id).not.toBe(first.body.task_id);
    expect(await requests()).toBe(2);
  });

  it('lets a repeat that arrives while the first is still being checked wait for its answer', async () => {
    engine = await startTestEngine();
    const [a, b] = await Promise.all([
      post('/v1/text-to-sfx', sfx, 'k-same-time'),
      post('/v1/text-to-sfx', sfx, 'k-same-time'),
    ]);
    expect([a.status, b.status]).toEqual([202, 202]);
    expect(a.body.task_id).toBe(b.body.task_id);
    expect(await requests()).toBe(1);
  });

  it('refuses the same key with a different body with 409 idempotency_conflict', async () => {
    engine = await startTestEngine();
    expect((await post('/v1/text-to-sfx', sfx, 'k-conflict')).status).toBe(202);
    const changed = await post('/v1/text-to-sfx', { ...sfx, prompt: 'thunder' }, 'k-conflict');
    expect(changed.status).toBe(409);
    expect(changed.body.code).toBe('idempotency_conflict');
    expect(await requests()).toBe(1);
  });

  it('keeps its keys across an engine restart', async () => {
    engine = await startTestEngine();
    const first = await post('/v1/text-to-sfx', sfx, 'k-restart');
    expect(first.status).toBe(202);
    await engine.restart();
    const again = await post('/v1/text-to-sfx', sfx, 'k-restart');
    expect(again.status, again.text).toBe(202);
    expect(again.body.task_id).toBe(first.body.task_id);
    expect(await requests()).toBe(1);
  });

  it('never charges a stream twice: a repeated stream key is a 409 stream_replay_unsupported', async () => {
    engine = await startTestEngine();
    const stream = { prompt: 'soft ambient pad', duration: '5' };
    const first = await post('/v1/text-to-music', stream, 'k-stream');
    expect(first.status).toBe(200);
    expect(first.text).toContain('"complete"');
    const again = await post('/v1/text-to-music', stream, 'k-stream');
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('stream_replay_unsupported');
    expect(await requests()).toBe(1);
  });

  it('treats a request without a key as new every time, and refuses an unusable key', async () => {
    engine = await startTestEngine();
    expect((await post('/v1/text-to-sfx', sfx, undefined)).status).toBe(202);
    expect((await post('/v1/text-to-sfx', sfx, undefined)).status).toBe(202);
    expect(await requests()).toBe(2);
    const long = await post('/v1/text-to-sfx', sfx, 'k'.repeat(201));
    expect(long.status).toBe(400);
  });
});
