import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEngine, type TestEngine } from '../testing/harness';

let engine: TestEngine;
const RPM2 = 'sk_rpm2';
const SINGLE = 'sk_single';

beforeAll(async () => {
  engine = await startTestEngine({
    accounts: [
      { key: RPM2, rpmLimit: 2 },
      { key: SINGLE, concurrencyLimit: 1 },
    ],
  });
});
afterAll(async () => {
  await engine.close();
});

describe('requests per minute', () => {
  it('counts rejected POSTs too, answers 429 with Retry-After, and never limits GETs', async () => {
    const invalid = await engine.post('/v1/text-to-music', { prompt: '', duration: 5 }, undefined, {
      key: RPM2,
    });
    expect(invalid.status).toBe(422);
    const accepted = await engine.post(
      '/v1/text-to-music',
      { prompt: 'rock', duration: 5, mode: 'async' },
      undefined,
      { key: RPM2 },
    );
    expect(accepted.status).toBe(202);
    const limited = await engine.post(
      '/v1/text-to-music',
      { prompt: 'rock', duration: 5, mode: 'async' },
      undefined,
      { key: RPM2 },
    );
    expect(limited.status).toBe(429);
    expect(limited.body.code).toBe('rate_limit_exceeded');
    expect(limited.body.message).toMatch(
      /^Rate limit exceeded: your account allows 2 requests per minute\. Please retry after 1 minute\./,
    );
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    for (let i = 0; i < 5; i++) {
      expect((await engine.get(`/v1/tasks/${accepted.body.task_id}`, { key: RPM2 })).status).toBe(
        200,
      );
      expect((await engine.get('/v1/account/services', { key: RPM2 })).status).toBe(200);
    }
    // The limited request created nothing.
    expect((await engine.get('/v1/account/usage', { key: RPM2 })).body.summary.total_requests).toBe(
      1,
    );
    await engine.pollTask(accepted.body.task_id, { key: RPM2 });
  });
});

describe('concurrent generations', () => {
  it('refuses a second generation while a stream runs, and allows it after', async () => {
    const controller = new AbortController();
    const response = await fetch(`${engine.url}/v1/text-to-music`, {
      method: 'POST',
      headers: { authorization: `Bearer ${SINGLE}` },
      body: new URLSearchParams({ prompt: 'long ambient drone', duration: '60' }),
      signal: controller.signal,
    });
    expect(response.status).toBe(200);
    const reader = response.body!.getReader();
    await reader.read(); // the stream is under way

    const busy = await engine.post(
      '/v1/text-to-music',
      { prompt: 'rock', duration: 5, mode: 'async' },
      undefined,
      { key: SINGLE },
    );
    expect(busy.status).toBe(429);
    expect(busy.body.code).toBe('rate_limit_exceeded');
    expect(busy.body.message).toMatch(/^Too many concurrent generations: 1 of 1 in progress\./);
    expect(busy.headers.get('retry-after')).toBe('5');

    for (;;) if ((await reader.read()).done) break;
    const after = await engine.post(
      '/v1/text-to-music',
      { prompt: 'rock', duration: 5, mode: 'async' },
      undefined,
      { key: SINGLE },
    );
    expect(after.status).toBe(202);
    // An async task holds the slot until it finishes.
    const busyAgain = await engine.post(
      '/v1/text-to-music',
      { prompt: 'rock', duration: 5 },
      undefined,
      { key: SINGLE },
    );
    expect(busyAgain.status).toBe(429);
    expect((await engine.pollTask(after.body.task_id, { key: SINGLE })).status).toBe('succeeded');
    const free = await engine.post(
      '/v1/text-to-music',
      { prompt: 'rock', duration: 5 },
      undefined,
      { key: SINGLE },
    );
    expect(free.status).toBe(200);
  });
});
