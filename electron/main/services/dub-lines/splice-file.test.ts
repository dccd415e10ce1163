import { createHash } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { tempDir } from '../../../../engine/testing/harness';
import { makeTestVideo } from '../../../../engine/testing/media';
import { spliceDubFile } from './splice-file';

let dir: string | undefined;
afterEach(async () => {
  if (dir) await fs.rm(dir, { recursive: true, force: true });
  dir = undefined;
});

const md5 = async (file: string) =>
  createHash('md5')
    .update(await fs.readFile(file))
    .digest('hex');

it('leaves the previous dub intact when the splicing ffmpeg is killed mid-write', async () => {
  dir = await tempDir('splice-crash-');
  const previous = await makeTestVideo({ seconds: 40, dir, name: 'previous.mp4' });
  const windowDub = await makeTestVideo({ seconds: 3, dir, name: 'window.mp4', fps: 10 });
  const target = path.join(dir, 'dub.mp4');
  await fs.copyFile(previous, target);
  const before = await md5(target);
  const stop = new AbortController();
  // Kill the real ffmpeg process as soon as its output file exists (it is mid-write).
  const watch = setInterval(() => {
    void fs.readdir(dir!).then((names) => {
      if (names.some((name) => name.endsWith('.splice.mp4'))) stop.abort();
    });
  }, 5);
  const result = await spliceDubFile({
    previous,
    windowDub,
    startMs: 10_000,
    endMs: 13_000,
    target,
    signal: stop.signal,
  });
  clearInterval(watch);
  expect(stop.signal.aborted).toBe(true);
  expect(result).toMatchObject({ ok: false });
  expect(await md5(target)).toBe(before);
  // No half-written file is left beside it.
  expect((await fs.readdir(dir)).filter((name) => name.includes('.splice.'))).toEqual([]);
}, 120_000);
