import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEngine, type TestEngine } from '../testing/harness';

/**
 * A video_url whose server sends one byte every 50 ms, forever, so no idle timeout ever fires:
 * only the engine's total deadline on remote fetches ends the request.
 */
let engine: TestEngine;
let trickle: Server;
let trickleUrl: string;

beforeAll(async () => {
  trickle = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'video/mp4' });
    const timer = setInterval(() => res.write('x'), 50);
    res.on('close', () => clearInterval(timer));
  });
  await new Promise<void>((resolve) => trickle.listen(0, '127.0.0.1', resolve));
  trickleUrl = `http://127.0.0.1:${(trickle.address() as AddressInfo).port}/clip.mp4`;
  engine = await startTestEngine({ allowLoopbackUrls: true, fetchDeadlineMs: 1_000 });
});

afterAll(async () => {
  await engine.close();
  trickle.closeAllConnections();
  await new Promise((resolve) => trickle.close(resolve));
});

describe('remote media fetches', () => {
  it('answer 422 when a trickling URL misses the deadline, before any charge', async () => {
    const before = (await engine.get('/v1/account/services')).body;
    const res = await engine.post('/v1/video-to-sfx', { video_url: trickleUrl });
    expect(res.status).toBe(422);
    expect(res.body).toEqual({
      code: 'unprocessable_entity',
      message: 'Could not download video_url: The download did not finish within 1 s',
    });
    const after = await engine.get('/v1/account/services');
    expect(after.status).toBe(200);
    expect(after.body.balance).toBe(before.balance);
    expect(after.body.trial).toEqual(before.trial);
    const usage = await engine.get('/v1/account/usage');
    expect(usage.body.summary.total_requests).toBe(0);
  });
});
