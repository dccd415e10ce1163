import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEngine, type TestEngine } from '../../../../engine/testing/harness';
import { ApiClient } from './api-client';

/** The API client against the real local engine on a loopback port: read calls and errors. */
let engine: TestEngine;
const log: string[] = [];
beforeAll(async () => {
  engine = await startTestEngine({
    accounts: [{ key: 'sk_trial_user_1', funded: false, concurrencyLimit: 2, maxUploadSizeMb: 120 }],
  });
});
afterAll(async () => {
  await engine?.close();
});

const clientFor = (key: string | null, baseUrl = engine.url) =>
  new ApiClient({ baseUrl, getKey: async () => key, clientVersion: '9.9.9', log: (line) => log.push(line) });

describe('ApiClient against the engine', () => {
  it('reads account services with the account limits', async () => {
    const services = await clientFor('sk_trial_user_1').getServices();
    expect(services.ok).toBe(true);
    if (!services.ok) return;
    expect(services.value.concurrency_limit).toBe(2);
    expect(services.value.max_upload_size_mb).toBe(120);
    expect(services.value.trial).toBeDefined();
  });

  it('accepts a base URL that ends in /v1/ (client-notes 1.1)', async () => {
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
    expect(task).toMatchObject({ ok: false, error: { kind: 'not_found', status: 404, retryable: false } });
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
});
