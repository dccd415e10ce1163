import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEngine, type TestEngine } from '../testing/harness';
import { makeTestVideo } from '../testing/media';

/**
 * Uploads that are references, not media: an HLS playlist and an ffconcat list naming a local
 * file, an empty file and a text file, each posted as `video`. Each is refused in plain words
 * with nothing charged, and the file they name is never read into a result.
 */
let engine: TestEngine;
let dir: string;
let secret: string;

beforeAll(async () => {
  engine = await startTestEngine();
  dir = await mkdtemp(join(tmpdir(), 'reference-uploads-'));
  secret = await makeTestVideo({ seconds: 2, dir, name: 'private.mp4' });
}, 60_000);

afterAll(async () => {
  await engine.close();
  await rm(dir, { recursive: true, force: true });
});

async function upload(name: string, bytes: string) {
  const file = join(dir, name);
  await writeFile(file, bytes);
  return engine.post('/v1/video-analysis', {}, { video: { path: file, filename: name } });
}

describe('uploads are media, not references', () => {
  it('refuses playlists and concat lists naming a local file, charging nothing', async () => {
    const before = await engine.get('/v1/account/usage');
    const hls = `#EXTM3U\n#EXT-X-TARGETDURATION:10\n#EXTINF:10,\n${secret}\n#EXT-X-ENDLIST\n`;
    const concat = `ffconcat version 1.0\nfile '${secret}'\n`;
    for (const [name, bytes] of [
      ['clip.m3u8', hls],
      ['clip.mp4', hls],
      ['list.mp4', concat],
      ['list.ffconcat', concat],
    ] as const) {
      const res = await upload(name, bytes);
      expect(res.status, name).toBe(422);
      expect(res.body.message, name).toMatch(/not an audio or video file/);
      expect(res.body.message, name).not.toMatch(/moov|whitelist|Invalid data/i);
    }
    expect((await engine.get('/v1/account/usage')).body).toEqual(before.body);
  });

  it('refuses a video cut short before any charge', async () => {
    const whole = await makeTestVideo({ seconds: 8, dir, name: 'whole.mp4' });
    const bytes = await readFile(whole);
    const cut = join(dir, 'cut.mp4');
    await writeFile(cut, bytes.subarray(0, Math.floor(bytes.length * 0.4)));
    const before = await engine.get('/v1/account/usage');
    const res = await engine.post('/v1/video-analysis', {}, { video: cut });
    expect(res.status).toBe(422);
    expect(res.body.message).toMatch(/cut short: only \d+\.\d s of its 8\.0 s/);
    expect((await engine.get('/v1/account/usage')).body).toEqual(before.body);
  });

  it('says an empty file is empty and a text file is not a video', async () => {
    expect((await upload('empty.mp4', '')).body.message).toMatch(/empty/);
    expect((await upload('notes.mp4', 'just some text\n')).body.message).toMatch(
      /not an audio or video file/,
    );
  });
});
