import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseNdjson, startTestEngine, type TestEngine } from '../testing/harness';

let engine: TestEngine;
const TRIAL = 'sk_trial';
const POOR = 'sk_poor';
const SUSPENDED = 'sk_suspended';
const DISCOUNTED = 'sk_discount';

beforeAll(async () => {
  engine = await startTestEngine({
    accounts: [
      { key: TRIAL, funded: false },
      { key: POOR, balance: 0.1 },
      { key: SUSPENDED, suspended: true },
      { key: DISCOUNTED, discountFactor: 0.8 },
    ],
    faults: {
      failTasks: [
        { type: 'text_to_music', code: 'GENERATION_FAILED', message: 'forced', times: 1 },
      ],
    },
  });
});
afterAll(async () => {
  await engine.close();
});

const services = async (key: string) => (await engine.get('/v1/account/services', { key })).body;
const usage = async (key: string) => (await engine.get('/v1/account/usage', { key })).body;
const asyncMusic = (key: string, duration = 5) =>
  engine.post('/v1/text-to-music', { prompt: 'folk guitar', duration, mode: 'async' }, undefined, {
    key,
  });

describe('billing', () => {
  it('refunds a failed task and marks it refunded', async () => {
    const before = (await services(engine.key)).balance;
    const ack = await asyncMusic(engine.key);
    expect(ack.status).toBe(202);
    const task = await engine.pollTask(ack.body.task_id);
    expect(task).toMatchObject({
      status: 'failed',
      refunded: true,
      error: { code: 'GENERATION_FAILED', message: 'forced' },
    });
    expect(task.audio).toBeUndefined();
    expect((await services(engine.key)).balance).toBe(before);
    const report = await usage(engine.key);
    expect(report.summary).toMatchObject({
      total_requests: 1,
      total_cost: '0.0000',
      total_refunds: 1,
    });
  });

  it('charges a funded account at submit, quantized to 0.0001', async () => {
    const before = (await services(engine.key)).balance;
    const ack = await asyncMusic(engine.key, 7);
    expect(ack.status).toBe(202);
    expect((await services(engine.key)).balance).toBeCloseTo(before - 0.07, 6);
    const task = await engine.pollTask(ack.body.task_id);
    expect(task).toMatchObject({ status: 'succeeded', cost: 0.07, duration_seconds: 7 });
  });

  it('applies the discount factor and reports it in the stream cost event', async () => {
    const res = await engine.post(
      '/v1/text-to-music',
      { prompt: 'ambient', duration: 5 },
      undefined,
      { key: DISCOUNTED },
    );
    const cost = parseNdjson(res.text).find((e) => e.type === 'cost');
    expect(cost).toEqual({
      type: 'cost',
      billing_rate_per_sec: '0.01',
      billing_before_discount: '0.0500',
      billing_after_discount: '0.0400',
      discount_factor: '0.8000',
    });
    expect((await services(DISCOUNTED)).balance).toBeCloseTo(999.96, 6);
  });

  it('spends free trial calls first, then answers trial_exhausted without creating anything', async () => {
    for (let i = 0; i < 2; i++) {
      const ack = await asyncMusic(TRIAL);
      expect(ack.status).toBe(202);
      expect((await engine.pollTask(ack.body.task_id, { key: TRIAL })).cost).toBe(0);
    }
    expect((await services(TRIAL)).trial.text_to_music).toEqual({
      granted: 2,
      used: 2,
      remaining: 0,
    });
    const refused = await asyncMusic(TRIAL);
    expect(refused.status).toBe(402);
    expect(refused.body.code).toBe('trial_exhausted');
    expect(refused.body.message).toMatch(
      /^You've used your 2 free trial calls for text-to-music\. Add a payment method to continue: http:\/\/127\.0\.0\.1:\d+\/billing$/,
    );
    expect((await usage(TRIAL)).summary.total_requests).toBe(2);
    // Other services still have their own allowance.
    expect((await services(TRIAL)).trial.text_to_sfx.remaining).toBe(2);
  });

  it('answers insufficient_balance with the amounts and takes nothing', async () => {
    const refused = await asyncMusic(POOR, 30);
    expect(refused.status).toBe(402);
    expect(refused.body).toEqual({
      code: 'insufficient_balance',
      message: 'Insufficient balance: need 0.3000, have 0.1000',
    });
    expect((await services(POOR)).balance).toBe(0.1);
    expect((await usage(POOR)).summary.total_requests).toBe(0);
    const stream = await engine.post(
      '/v1/text-to-music',
      { prompt: 'x', duration: 30 },
      undefined,
      { key: POOR },
    );
    expect(stream.status).toBe(402);
  });

  it('answers payment_required for a suspended account', async () => {
    const refused = await asyncMusic(SUSPENDED);
    expect(refused.status).toBe(402);
    expect(refused.body).toEqual({ code: 'payment_required', message: 'Account is suspended' });
    expect((await usage(SUSPENDED)).summary.total_requests).toBe(0);
    expect((await services(SUSPENDED)).balance).toBe(1000);
  });
});
