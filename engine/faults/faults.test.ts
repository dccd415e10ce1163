import { afterEach, describe, expect, it } from 'vitest';
import { parseNdjson, startTestEngine, type TestEngine } from '../testing/harness';

let engine: TestEngine | undefined;
afterEach(async () => {
  await engine?.close();
  engine = undefined;
});

describe('fault switches', () => {
  it('forces a status on a path a given number of times, with Retry-After on 429', async () => {
    engine = await startTestEngine({
      faults: {
        forceStatus: [
          { path: '/v1/text-to-music', status: 502, times: 1 },
          { path: '/v1/account/services', status: 429, times: 1, retryAfter: 3 },
        ],
      },
    });
    const first = await engine.post('/v1/text-to-music', { prompt: 'rock', duration: 5 });
    expect(first.status).toBe(502);
    const second = await engine.post('/v1/text-to-music', { prompt: 'rock', duration: 5 });
    expect(second.status).toBe(200);
    const limited = await engine.get('/v1/account/services');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('3');
    expect((await engine.get('/v1/account/services')).status).toBe(200);
    // A forced failure takes no money: only the real stream was charged.
    expect((await engine.get('/v1/account/usage')).body.summary.total_requests).toBe(1);
  });

  it('cuts a stream after N chunks without a complete event', async () => {
    engine = await startTestEngine({ faults: { stream: { afterChunks: 2, kind: 'cut' } } });
    const res = await engine.post('/v1/text-to-music', { prompt: 'rock', duration: 5 });
    const events = parseNdjson(res.text);
    expect(events.filter((e) => e.type === 'audio_chunk')).toHaveLength(2);
    expect(events.some((e) => e.type === 'complete')).toBe(false);
  });

  it('ends a stream with an error event and refunds it', async () => {
    engine = await startTestEngine({
      faults: { stream: { afterChunks: 1, kind: 'error', code: 'UPSTREAM', message: 'boom' } },
    });
    const res = await engine.post('/v1/text-to-music', { prompt: 'rock', duration: 5 });
    const events = parseNdjson(res.text);
    expect(events.at(-1)).toEqual({ type: 'error', code: 'UPSTREAM', message: 'boom' });
    expect((await engine.get('/v1/account/services')).body.balance).toBe(1000);
  });

  it('fails tasks of a type with the chosen code', async () => {
    engine = await startTestEngine({
      faults: { failTasks: [{ type: 'text_to_music', code: 'UPSTREAM_MALFORMED' }] },
    });
    const ack = await engine.post('/v1/text-to-music', {
      prompt: 'rock',
      duration: 5,
      mode: 'async',
    });
    const task = await engine.pollTask(ack.body.task_id);
    expect(task).toMatchObject({
      status: 'failed',
      refunded: true,
      error: { code: 'UPSTREAM_MALFORMED' },
    });
  });
});
