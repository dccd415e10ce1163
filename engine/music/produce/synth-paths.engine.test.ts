import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseMusicSynth, SYNTH_ENV } from '../render/synth-choice';
import { ebur128, probe } from '../__tests__/measure';
import { renderMusicFile, streamMusic } from '../index';

/**
 * The native (fluidsynth) and portable (spessasynth) paths must give the same kind of file, so
 * the rest of the app never knows which one ran. Needs fluidsynth with Debian's font to compare.
 */
const automatic = chooseMusicSynth({ env: {} });
const nativeAvailable = automatic.ok && automatic.kind === 'fluidsynth';

let dir = '';
const saved = process.env[SYNTH_ENV];
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'music-paths-'));
});
afterAll(async () => {
  if (saved === undefined) delete process.env[SYNTH_ENV];
  else process.env[SYNTH_ENV] = saved;
  await rm(dir, { recursive: true, force: true });
});

async function renderWith(path: 'native' | 'portable') {
  process.env[SYNTH_ENV] = path;
  const file = await renderMusicFile(
    { prompt: 'gentle folk with acoustic guitar and strings', durationSeconds: 10 },
    { workDir: dir, format: 'wav', watermarkPayload: 7 },
  );
  return { file, info: await probe(file.path), loudness: await ebur128(['-i', file.path]) };
}

describe('native and portable music paths', () => {
  it.skipIf(!nativeAvailable)(
    'give the same kind of output (needs FluidSynth and its GM SoundFont)',
    async () => {
      const native = await renderWith('native');
      const portable = await renderWith('portable');
      expect(portable.info).toMatchObject({
        codec: native.info.codec,
        sampleRate: native.info.sampleRate,
        channels: native.info.channels,
      });
      expect([portable.file.sampleRate, portable.file.channels]).toEqual([44100, 2]);
      expect(Math.abs(portable.info.duration - native.info.duration)).toBeLessThan(0.05);
      expect(Math.abs(portable.info.duration - 10)).toBeLessThan(0.05);
      for (const { loudness } of [native, portable]) {
        expect(Math.abs(loudness.integrated - -14)).toBeLessThanOrEqual(1);
        expect(loudness.truePeak).toBeLessThanOrEqual(-1);
      }
      // The same composition: both describe it alike.
      expect(portable.file.title).toBe(native.file.title);
    },
  );
});

describe('portable streaming', () => {
  it('streams a playable m4a and stops cleanly when the reader stops early', async () => {
    process.env[SYNTH_ENV] = 'portable';
    const chunks: Uint8Array[] = [];
    const workDir = join(dir, 'stream');
    for await (const chunk of streamMusic(
      { prompt: 'upbeat synthwave night drive', durationSeconds: 8 },
      { workDir, watermarkPayload: 9 },
    ).chunks)
      chunks.push(chunk);
    const path = join(dir, 'portable-stream.m4a');
    await writeFile(path, Buffer.concat(chunks));
    const info = await probe(path);
    expect(info).toMatchObject({ codec: 'aac', sampleRate: 44100, channels: 2 });
    expect(Math.abs(info.duration - 8)).toBeLessThan(0.1);
    expect(Math.abs((await ebur128(['-i', path])).integrated - -14)).toBeLessThanOrEqual(1);

    const early = join(dir, 'early');
    for await (const chunk of streamMusic(
      { prompt: 'techno', durationSeconds: 200 },
      { workDir: early, watermarkPayload: 3 },
    ).chunks) {
      expect(chunk.length).toBeGreaterThan(0);
      break;
    }
    expect(await readdir(early)).toEqual([]);
  });
});
