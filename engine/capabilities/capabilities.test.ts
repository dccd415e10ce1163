import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { capabilityTableSchema, type CapabilityTable } from '../../shared/api/capabilities';
import { makeTempDir } from '../speech/__tests__/media-fixtures';
import { startTestEngine, type TestEngine } from '../testing/harness';
import { makeTestVideo } from '../testing/media';

/**
 * A real engine on loopback on a machine "without" PocketSphinx (the hideTools fault): the table
 * says so, and proofread is refused with the capability named before any upload is read or
 * anything charged (docs/decisions/073-capability-table.md).
 */
let engine: TestEngine;
let dir = '';
let cleanup = async () => undefined as void;
let video = '';

beforeAll(async () => {
  ({ dir, cleanup } = await makeTempDir('capabilities-'));
  video = await makeTestVideo({ seconds: 2, withAudio: true, dir });
  engine = await startTestEngine({ faults: { hideTools: ['pocketsphinx_continuous'] } });
});
afterAll(async () => {
  await engine.close();
  await cleanup();
});

async function table(refresh = false): Promise<CapabilityTable> {
  const res = await engine.get(`/v1/local/capabilities${refresh ? '?refresh=1' : ''}`);
  expect(res.status, res.text).toBe(200);
  return capabilityTableSchema.parse(res.body);
}

async function accountState(): Promise<{ balance: number; requests: number }> {
  const services = await engine.get('/v1/account/services');
  const usage = await engine.get('/v1/account/usage?days=1');
  return {
    balance: Number(services.body.balance),
    requests: Number(usage.body.summary.total_requests),
  };
}

describe('GET /v1/local/capabilities', () => {
  it('needs the key like every other route', async () => {
    const res = await engine.get('/v1/local/capabilities', { key: null });
    expect(res.status).toBe(401);
  });

  it('lists every tool with where it came from, and speech recognition as missing with the fix', async () => {
    const current = await table();
    const tool = (name: string) => current.tools.find((row) => row.name === name)!;
    expect(current.tools.map((row) => row.name)).toContain('pocketsphinx_continuous');
    expect(tool('pocketsphinx_continuous')).toMatchObject({ path: null, source: null });
    expect(tool('pocketsphinx_continuous').install).toMatch(/pocketsphinx/);
    // FFmpeg stays usable: the bundled copy (or the system's where none is bundled).
    expect(tool('ffmpeg').path).toEqual(expect.any(String));
    expect(['bundled', 'system']).toContain(tool('ffmpeg').source);
    expect(tool('ffmpeg').version).toEqual(expect.any(String));
    expect(current.media.available).toBe(true);
    expect(current.sfx.available).toBe(true);

    expect(current.recognition.en.available).toBe(false);
    expect(current.recognition.en.reason).toMatch(/PocketSphinx/);
    expect(current.recognition.en.fix).toMatch(/apt-get install pocketsphinx|Settings/);
    expect(current.recognition.de.reason).toMatch(/English only/);
    // Translation and voices do not depend on the recogniser.
    expect(current.translation.find((p) => p.source === 'en' && p.target === 'es')).toBeDefined();
    expect(Object.keys(current.voices)).toHaveLength(17);
  });

  it('recomputes on ?refresh=1 with the same answer while nothing changed', async () => {
    const first = await table();
    const again = await table(true);
    expect(again.computedAt >= first.computedAt).toBe(true);
    expect(again.recognition.en.available).toBe(false);
    expect(again.tools.map((row) => [row.name, row.source])).toEqual(
      first.tools.map((row) => [row.name, row.source]),
    );
  });
});

describe('POST /v1/proofread without a speech recogniser', () => {
  it('is refused 422 capability_unavailable naming speech recognition; balance and usage unchanged', async () => {
    const before = await accountState();
    const res = await engine.post('/v1/proofread', { languages: '["es"]' }, { video });
    expect([res.status, res.body.code]).toEqual([422, 'capability_unavailable']);
    expect(res.body.message).toMatch(/^Speech recognition is not available on this machine/);
    expect(res.body.message).toMatch(/PocketSphinx/);
    expect(res.body.message).toMatch(/cloud service/);
    expect(res.body.message).not.toMatch(/unreadable/i);
    expect(res.body.details).toMatchObject({ capability: 'speech_recognition' });
    const url = await engine.post(
      '/v1/proofread',
      {
        video_url: 'https://example.com/talk.mp4',
      },
      undefined,
      { encoding: 'urlencoded' },
    );
    expect([url.status, url.body.code]).toEqual([422, 'capability_unavailable']);
    expect(await accountState()).toEqual(before);
  });

  it('answers before the upload is read: the refusal arrives while the body is still open', async () => {
    const boundary = 'capability-test-boundary';
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = request(`${engine.url}/v1/proofread`, {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${engine.key}`,
          'Content-Type': `multipart/form-data; boundary=${boundary}`,
          'Content-Length': String(50 * 1024 * 1024),
        },
      });
      req.on('response', (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => {
          req.destroy();
          resolve({ status: res.statusCode ?? 0, body });
        });
      });
      req.on('error', reject);
      // Only the start of a 50 MB upload is ever sent.
      req.write(
        `--${boundary}\r\nContent-Disposition: form-data; name="video"; filename="talk.mp4"\r\nContent-Type: video/mp4\r\n\r\n`,
      );
      req.write(Buffer.alloc(64 * 1024));
    });
    expect(answer.status).toBe(422);
    expect(JSON.parse(answer.body)).toMatchObject({ code: 'capability_unavailable' });
  });

  it('refuses script-less dubbing, which must recognise the speech first', async () => {
    const before = await accountState();
    const res = await engine.post('/v1/dubbing', { languages: '["es"]' }, { video });
    expect([res.status, res.body.code]).toEqual([422, 'capability_unavailable']);
    expect(res.body.message).toMatch(/Speech recognition/);
    expect(res.body.message).toMatch(/subtitles\[<language>\]/);
    expect(await accountState()).toEqual(before);
  });
});

describe('music without fluidsynth', () => {
  it('refuses music exactly when the table says no synthesiser is available', async () => {
    await engine.restart({
      faults: { hideTools: ['pocketsphinx_continuous', 'fluidsynth'] },
    });
    const current = await table();
    expect(current.tools.find((row) => row.name === 'fluidsynth')?.source).toBeNull();
    const before = await accountState();
    if (current.music.available) {
      // A portable synthesiser stands in for fluidsynth: the table names it.
      expect(current.music.via).not.toMatch(/^fluidsynth/);
      return;
    }
    expect(current.music.reason).toMatch(/synthesiser/);
    const res = await engine.post(
      '/v1/text-to-music',
      { prompt: 'calm piano', duration: '10' },
      undefined,
      { encoding: 'urlencoded' },
    );
    expect([res.status, res.body.code]).toEqual([422, 'capability_unavailable']);
    expect(res.body.message).toMatch(/^Music generation is not available on this machine/);
    expect(res.body.details).toMatchObject({ capability: 'music' });
    expect(await accountState()).toEqual(before);
  });
});
