import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawRequest, statusOf } from '../../shared/node/http/raw-request';
import { startTestEngine, type TestEngine } from '../testing/harness';

/**
 * Request targets and headers that no HTTP client sends, against a real engine on loopback: each
 * gets a 4xx and the engine keeps answering (an exception here once meant a 500 or a crash).
 */
let engine: TestEngine;

beforeAll(async () => {
  engine = await startTestEngine();
});

afterAll(async () => {
  await engine.close();
});

describe('engine against hostile request targets', () => {
  const port = () => Number(new URL(engine.url).port);

  it('answers unparsable targets and bad percent-encoding with 400', async () => {
    for (const target of ['//[', '/v1/tasks/%E0%A4%A', '/v1/account/usage?from=%ZZ']) {
      const answer = await rawRequest(
        port(),
        `GET ${target} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`,
      );
      expect(statusOf(answer), target).toBe(400);
    }
    expect((await engine.get('/v1/account/services')).status).toBe(200);
  });

  it('answers a 64 KB header with 431 and an upgrade request without crashing', async () => {
    const huge = `GET /health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(64 * 1024)}\r\n\r\n`;
    expect(statusOf(await rawRequest(port(), huge))).toBe(431);
    const upgrade = await rawRequest(
      port(),
      'GET //[ HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\r\n',
      1_000,
    );
    expect(statusOf(upgrade) === 0 || statusOf(upgrade) >= 400).toBe(true);
    expect((await engine.get('/v1/account/services')).status).toBe(200);
  });

  it('refuses a video_url that is not a URL with 422 and charges nothing', async () => {
    const before = await engine.get('/v1/account/usage');
    for (const videoUrl of ['http://[', 'http://%', '::::']) {
      const res = await engine.post('/v1/video-analysis', { video_url: videoUrl });
      expect(res.status, videoUrl).toBe(422);
    }
    const after = await engine.get('/v1/account/usage');
    expect(after.body).toEqual(before.body);
  });
});
