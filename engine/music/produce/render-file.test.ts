import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { detectWatermarkFile, DEFAULT_WATERMARK_KEY } from '../../watermark';
import { childProcesses, childrenAfterKill } from '../../testing/processes';
import { bandRms, ebur128, probe } from '../__tests__/measure';
import { renderMusicFile } from '../index';

let dir = '';
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'music-file-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('renderMusicFile', () => {
  it('renders real music as m4a: exact length, -14 LUFS, under -1 dBTP, watermarked', async () => {
    const result = await renderMusicFile(
      { prompt: 'energetic funk with slap bass and brass, 108 bpm', durationSeconds: 20 },
      { workDir: dir, format: 'm4a', watermarkPayload: 0x5eed },
    );
    expect(result.contentType).toBe('audio/mp4');
    expect([result.sampleRate, result.channels]).toEqual([44100, 2]);
    expect(result.title.length).toBeGreaterThan(2);
    expect(result.summary).toMatch(/funk/);
    expect(result.tags).toContain('108 bpm');

    const info = await probe(result.path);
    expect(info).toMatchObject({ codec: 'aac', sampleRate: 44100, channels: 2 });
    expect(Math.abs(info.duration - 20)).toBeLessThan(0.05);

    const loudness = await ebur128(['-i', result.path]);
    expect(Math.abs(loudness.integrated - -14)).toBeLessThanOrEqual(1);
    expect(loudness.truePeak).toBeLessThanOrEqual(-1);

    // Listen proxy: kick and bass below 200 Hz, harmony and melody in the middle, drums' cymbals up high.
    const low = await bandRms(result.path, 'lowpass=f=200,lowpass=f=200');
    const mid = await bandRms(result.path, 'highpass=f=200,lowpass=f=2000');
    const high = await bandRms(result.path, 'highpass=f=5000,highpass=f=5000');
    for (const band of [low, mid]) expect(band).toBeGreaterThan(-32);
    expect(high).toBeGreaterThan(-45);

    const mark = await detectWatermarkFile(result.path, DEFAULT_WATERMARK_KEY);
    expect(mark).toMatchObject({ found: true, payload: 0x5eed });
    // Only the result is left behind: no MIDI, raw PCM or partial files.
    expect(await readdir(dir)).toEqual([result.path.split('/').pop()]);
  });

  it('renders wav and mp3 with their content types and the same length', async () => {
    const spec = { prompt: 'gentle folk with acoustic guitar', durationSeconds: 7 };
    const wav = await renderMusicFile(spec, {
      workDir: dir,
      format: 'wav',
      watermarkPayload: 1,
      watermarkKey: 'another key',
    });
    const mp3 = await renderMusicFile(spec, { workDir: dir, format: 'mp3', watermarkPayload: 1 });
    expect(wav.contentType).toBe('audio/wav');
    expect(mp3.contentType).toBe('audio/mpeg');
    const wavInfo = await probe(wav.path);
    expect(wavInfo).toMatchObject({ codec: 'pcm_s16le', sampleRate: 44100, channels: 2 });
    expect(wavInfo.duration).toBeCloseTo(7, 3);
    const pcmBytes = 7 * 44100 * 4;
    expect((await stat(wav.path)).size - pcmBytes).toBeGreaterThanOrEqual(44);
    expect((await stat(wav.path)).size - pcmBytes).toBeLessThan(200);
    const mp3Info = await probe(mp3.path);
    expect(mp3Info.codec).toBe('mp3');
    expect(Math.abs(mp3Info.duration - 7)).toBeLessThan(0.1);
    expect(Math.abs((await ebur128(['-i', wav.path])).integrated - -14)).toBeLessThanOrEqual(1);
    expect(await detectWatermarkFile(wav.path, 'another key')).toMatchObject({
      found: true,
      payload: 1,
    });
    expect((await detectWatermarkFile(wav.path, DEFAULT_WATERMARK_KEY)).found).toBe(false);
  });

  it('stops at once when the signal is already aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(
      renderMusicFile(
        { prompt: 'pop', durationSeconds: 5 },
        { workDir: dir, format: 'wav', watermarkPayload: 1, signal: controller.signal },
      ),
    ).rejects.toThrow();
  });

  it.runIf(process.platform === 'linux')(
    'a cancelled render kills its synthesiser and encoder at once and leaves no files',
    async () => {
      const controller = new AbortController();
      const taskDir = await mkdtemp(join(dir, 'cancel-'));
      const render = renderMusicFile(
        { prompt: 'epic orchestral battle with choir, 120 bpm', durationSeconds: 120 },
        { workDir: taskDir, format: 'm4a', watermarkPayload: 1, signal: controller.signal },
      );
      const outcome = render.then(
        () => 'finished',
        () => 'rejected',
      );
      // Cancel while a tool of the render is running.
      while (childProcesses().length === 0) await new Promise((r) => setTimeout(r, 20));
      expect(childProcesses().join(', ')).toMatch(/fluidsynth|ffmpeg/);
      controller.abort();
      expect(await outcome).toBe('rejected');
      // SIGKILL is sent on abort; the kernel is given a moment to reap.
      expect(await childrenAfterKill()).toEqual([]);
      expect(await readdir(taskDir)).toEqual([]);
    },
  );
});
