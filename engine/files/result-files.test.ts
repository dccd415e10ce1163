import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEngine, tempDir, type TestEngine } from '../testing/harness';
import { ResultFiles } from './result-files';

describe('result file URLs over HTTP', () => {
  let engine: TestEngine;
  beforeAll(async () => {
    engine = await startTestEngine({ resultTtlSeconds: 2 });
  });
  afterAll(async () => {
    await engine.close();
  });

  it('serves with the right type, without auth, supports ranges, expires with 403 and is re-issued by a task read', async () => {
    const ack = await engine.post('/v1/text-to-music', {
      prompt: 'lofi',
      duration: 5,
      mode: 'async',
      output_format: 'wav',
    });
    const task = await engine.pollTask(ack.body.task_id);
    const { url, file_size: size } = task.audio[0];
    expect(url).toMatch(/\/files\/[0-9a-f]{32}\/music\.wav$/);

    const full = await fetch(url);
    expect(full.status).toBe(200);
    expect(full.headers.get('content-type')).toBe('audio/wav');
    expect(Number(full.headers.get('content-length'))).toBe(size);
    const bytes = Buffer.from(await full.arrayBuffer());
    expect(bytes.subarray(0, 4).toString('ascii')).toBe('RIFF');

    const head = await fetch(url, { method: 'HEAD' });
    expect(head.status).toBe(200);
    const range = await fetch(url, { headers: { range: 'bytes=0-3' } });
    expect(range.status).toBe(206);
    expect(range.headers.get('content-range')).toBe(`bytes 0-3/${size}`);
    expect(Buffer.from(await range.arrayBuffer()).toString('ascii')).toBe('RIFF');

    await new Promise((resolve) => setTimeout(resolve, 2200));
    const expired = await fetch(url);
    expect(expired.status).toBe(403);
    expect(((await expired.json()) as { code: string }).code).toBe('forbidden');

    const again = await engine.pollTask(ack.body.task_id);
    expect(again.audio[0].url).not.toBe(url);
    expect((await fetch(again.audio[0].url)).status).toBe(200);
  });

  it('answers 404 to unknown tokens and to anything that looks like a path', async () => {
    for (const path of [
      '/files/00000000000000000000000000000000/music.wav',
      '/files/../accounts.json',
      '/files/%2e%2e/accounts.json',
      '/files/x/..%2F..%2Faccounts.json',
    ]) {
      const res = await fetch(engine.url + path);
      expect(res.status, path).toBe(404);
    }
  });
});

describe('ResultFiles', () => {
  it('keeps a URL while it has more than half its life left, and mints a new one after', async () => {
    const dir = await tempDir('soundstage-files-');
    const files = await ResultFiles.open(dir, 1);
    const source = join(dir, 'x.srt');
    await writeFile(source, '1\n00:00:00,000 --> 00:00:01,000\nhi\n');
    const { ref } = await files.publish(source, {
      contentType: 'application/x-subrip',
      ext: 'srt',
      name: 'es',
    });
    const first = await files.renderUrls({ subtitles: { es: ref } }, 'http://h');
    const second = await files.renderUrls({ subtitles: { es: ref } }, 'http://h');
    expect(first.subtitles.es).toMatch(/^http:\/\/h\/files\/[0-9a-f]{32}\/es\.srt$/);
    expect(second.subtitles.es).toBe(first.subtitles.es);
    await new Promise((resolve) => setTimeout(resolve, 600));
    const third = await files.renderUrls({ subtitles: { es: ref } }, 'http://h');
    expect(third.subtitles.es).not.toBe(first.subtitles.es);
    // Survives reopening (a restart).
    const reopened = await ResultFiles.open(dir, 1);
    const token = third.subtitles.es.split('/')[4]!;
    expect(reopened.lookup(token, 'es.srt').kind).toBe('ok');
    expect(reopened.lookup(token, 'other.srt').kind).toBe('unknown');
  });

  it('refuses unsafe extensions', async () => {
    const dir = await tempDir('soundstage-files-');
    const files = await ResultFiles.open(dir, 60);
    await expect(
      files.publish(join(dir, 'nope'), { contentType: 'x', ext: '../x' }),
    ).rejects.toThrow(/unsafe/);
  });
});
