import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TASK_PATHS } from '../../shared/api/task-types';
import { ENDPOINTS } from '../server/endpoints';
import { startTestEngine, type TestEngine } from '../testing/harness';

let engine: TestEngine;
const SELF_SERVE = 'sk_self_serve';
const SFX_ONLY = 'sk_sfx_only';

beforeAll(async () => {
  engine = await startTestEngine({
    accounts: [
      { key: SELF_SERVE, funded: false },
      { key: SFX_ONLY, services: ['text_to_sfx'] },
    ],
  });
});
afterAll(async () => {
  await engine.close();
});

describe('authentication', () => {
  const reads = [
    '/v1/account/services',
    '/v1/account/usage?days=7',
    '/v1/tasks/4288764d-0057-4a77-885e-03c0391c7c1d',
    '/v1/nowhere',
  ];

  it('answers 401 auth_invalid on every /v1 route without a key or with a wrong one', async () => {
    for (const path of reads) {
      for (const key of [null, 'sk_wrong']) {
        const res = await engine.get(path, { key });
        expect(res.status, `${path} ${key}`).toBe(401);
        expect(res.body.code).toBe('auth_invalid');
        expect(typeof res.body.message).toBe('string');
      }
    }
    for (const endpoint of ENDPOINTS) {
      const res = await engine.post(endpoint.path, { prompt: 'x', duration: 5 }, undefined, {
        key: 'sk_wrong',
      });
      expect(res.status, endpoint.path).toBe(401);
      expect(res.body.code).toBe('auth_invalid');
    }
    // Every task type's path, registered yet or not, is behind auth.
    for (const path of Object.values(TASK_PATHS)) {
      expect((await engine.post(path, {}, undefined, { key: null })).status).toBe(401);
    }
  });

  it('accepts a bearer key in any letter case of the scheme', async () => {
    const res = await fetch(`${engine.url}/v1/account/services`, {
      headers: { authorization: `bearer ${engine.key}` },
    });
    expect(res.status).toBe(200);
  });
});

describe('GET /v1/account/services', () => {
  it('describes a funded account without a trial object', async () => {
    const res = await engine.get('/v1/account/services');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json');
    expect(res.body).toMatchObject({
      rpm_limit: 600,
      concurrency_limit: 4,
      discount_factor: 1,
      max_upload_size_mb: 300,
      balance: 1000,
    });
    expect(res.body.available_services).toContain('text_to_music');
    expect(res.body.trial).toBeUndefined();
  });

  it('shows free trials on a self-serve account', async () => {
    const res = await engine.get('/v1/account/services', { key: SELF_SERVE });
    expect(res.body.trial.text_to_music).toEqual({ granted: 2, used: 0, remaining: 2 });
    expect(res.body.trial.video_to_sound).toEqual({ granted: 1, used: 0, remaining: 1 });
    expect(res.body.trial.dubbing).toBeUndefined();
    expect(res.body.balance).toBe(0);
  });
});

describe('service access', () => {
  it('answers 403 forbidden for a service the account does not have, and lists only its own', async () => {
    const res = await engine.post('/v1/text-to-music', { prompt: 'rock', duration: 5 }, undefined, {
      key: SFX_ONLY,
    });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({
      code: 'forbidden',
      message: 'This account has no access to text-to-music',
    });
    const services = await engine.get('/v1/account/services', { key: SFX_ONLY });
    expect(services.body.available_services.every((s: string) => s === 'text_to_sfx')).toBe(true);
  });
});

describe('GET /v1/account/usage', () => {
  it('accepts days from 1 to 365 and defaults to 30', async () => {
    for (const days of [1, 365]) {
      const res = await engine.get(`/v1/account/usage?days=${days}`);
      expect(res.status).toBe(200);
      const span =
        Date.parse(res.body.summary.period_end) - Date.parse(res.body.summary.period_start);
      expect(span).toBe(days * 86_400_000);
    }
    const fallback = await engine.get('/v1/account/usage');
    expect(
      Date.parse(fallback.body.summary.period_end) - Date.parse(fallback.body.summary.period_start),
    ).toBe(30 * 86_400_000);
    expect(fallback.body.daily).toEqual([]);
    expect(fallback.body.summary.total_cost).toBe('0.0000');
  });

  it('refuses days out of range with 422', async () => {
    for (const days of ['0', '366', '-1', '7.5', 'abc']) {
      const res = await engine.get(`/v1/account/usage?days=${days}`);
      expect(res.status, days).toBe(422);
      expect(res.body.code).toBe('unprocessable_entity');
    }
  });
});

describe('GET /v1/tasks/{id}', () => {
  it('answers 404 not_found "Task not found" for unknown ids', async () => {
    for (const id of ['4288764d-0057-4a77-885e-03c0391c7c1d', '..%2F..%2Faccounts']) {
      const res = await engine.get(`/v1/tasks/${id}`);
      expect(res.status, id).toBe(404);
      expect(res.body).toEqual({ code: 'not_found', message: 'Task not found' });
    }
    // A target whose percent-encoding is broken is the client's error, for any path.
    const malformed = await engine.get('/v1/tasks/%E0%A4%A');
    expect(malformed.status).toBe(400);
    expect(malformed.body).toMatchObject({ code: 'bad_request' });
  });

  it('answers 404 for unknown /v1 paths and 405 for a wrong method', async () => {
    expect((await engine.get('/v1/text-to-nothing')).status).toBe(404);
    const wrongMethod = await engine.get('/v1/text-to-music');
    expect(wrongMethod.status).toBe(405);
  });
});
