import { readFile, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { heavyStages } from '../../tasks/work-gate';
import { detectWatermark, DEFAULT_WATERMARK_KEY } from '../../watermark';
import { LoudnessMeter } from '../dsp/loudness-meter';
import { probe } from '../__tests__/measure';
import { renderMusicFile, renderMusicForMix } from '../index';
import { TARGET_LUFS } from '../master/master';
import { masteredBlocks, RETRY_LU, synthesise } from './render-file';
import { SAMPLE_RATE } from '../render/fluidsynth';

let dir = '';
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'music-hand-off-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('renderMusicForMix', () => {
  it('hands over the mastered PCM and writes the same m4a bytes as renderMusicFile', async () => {
    // 12 s: long enough for the two-encoder m4a (8 s or more), whose join the bytes include.
    const spec = { prompt: 'tense cinematic pulse', durationSeconds: 12, cuts: [3.5, 8] };
    const run = { watermarkPayload: 0x1234, watermarkKey: DEFAULT_WATERMARK_KEY };
    const normalDir = await mkdtemp(join(dir, 'normal-'));
    const handOffDir = await mkdtemp(join(dir, 'hand-off-'));
    const normal = await renderMusicFile(spec, { ...run, workDir: normalDir, format: 'm4a' });
    const handed = await renderMusicForMix(spec, { ...run, workDir: handOffDir });

    const frames = 12 * SAMPLE_RATE;
    expect(handed.pcm.map((channel) => channel.length)).toEqual([frames, frames]);
    const meter = new LoudnessMeter(SAMPLE_RATE);
    meter.push(handed.pcm);
    expect(meter.integrated()).toBeCloseTo(handed.integratedLufs, 6);
    expect(Math.abs(handed.integratedLufs - -14)).toBeLessThanOrEqual(0.25);
    const mono = handed.pcm[0]!.map((left, i) => (left + handed.pcm[1]![i]!) / 2);
    expect(detectWatermark(mono, SAMPLE_RATE, DEFAULT_WATERMARK_KEY)).toMatchObject({
      found: true,
      payload: 0x1234,
    });

    const file = await handed.file;
    expect(file).toMatchObject({
      contentType: 'audio/mp4',
      sampleRate: 44100,
      channels: 2,
      title: normal.title,
      summary: normal.summary,
      tags: normal.tags,
    });
    expect(Buffer.compare(await readFile(file.path), await readFile(normal.path))).toBe(0);
    expect((await probe(file.path)).duration).toBeCloseTo(12, 1);
    // Only the m4a is left behind: no MIDI, raw PCM, ADTS or partial files.
    expect(await readdir(handOffDir)).toEqual([file.path.split('/').pop()]);
  });

  it('encodes the kept pass again when the first is redone, with the same bytes', async () => {
    // This piece's predicted gain lands over RETRY_LU off the target, so its first mastering
    // pass is redone: the encoders that followed that pass are stopped, and the kept pass is
    // encoded from the start. Checked first, so the test cannot quietly stop covering it.
    const spec = { prompt: 'dark ambient drone', durationSeconds: 15 };
    const run = { watermarkPayload: 0x77, watermarkKey: DEFAULT_WATERMARK_KEY };
    const check = { ...run, workDir: await mkdtemp(join(dir, 'redo-check-')) };
    const synthesised = await synthesise(spec, check, {});
    const firstPass = new LoudnessMeter(SAMPLE_RATE);
    for await (const block of masteredBlocks(synthesised, synthesised.gainDb, check, firstPass))
      void block;
    expect(Math.abs(firstPass.integrated() - TARGET_LUFS)).toBeGreaterThan(RETRY_LU);

    const normal = await renderMusicFile(spec, {
      ...run,
      workDir: await mkdtemp(join(dir, 'redo-normal-')),
      format: 'm4a',
    });
    const handOffDir = await mkdtemp(join(dir, 'redo-hand-off-'));
    const handed = await renderMusicForMix(spec, { ...run, workDir: handOffDir });
    expect(Math.abs(handed.integratedLufs - TARGET_LUFS)).toBeLessThanOrEqual(RETRY_LU);
    const file = await handed.file;
    expect(Buffer.compare(await readFile(file.path), await readFile(normal.path))).toBe(0);
    expect(await readdir(handOffDir)).toEqual([file.path.split('/').pop()]);
  });

  it('a render cancelled after the hand-off rejects its file and leaves nothing', async () => {
    const controller = new AbortController();
    const taskDir = await mkdtemp(join(dir, 'cancel-'));
    const handed = await renderMusicForMix(
      { prompt: 'epic orchestral battle with choir', durationSeconds: 30 },
      { workDir: taskDir, watermarkPayload: 1, signal: controller.signal },
    );
    controller.abort();
    await expect(handed.file).rejects.toThrow();
    expect(await readdir(taskDir)).toEqual([]);
  });

  it('says it is underway once its synthesiser runs, before the hand-off', async () => {
    const events: string[] = [];
    const handed = await renderMusicForMix(
      { prompt: 'gentle folk with acoustic guitar', durationSeconds: 3 },
      {
        workDir: await mkdtemp(join(dir, 'underway-')),
        watermarkPayload: 1,
        onUnderway: () => events.push('underway'),
      },
    );
    events.push('handed');
    await handed.file;
    expect(events.slice(0, 2)).toEqual(['underway', 'handed']);
  });

  it('says it is underway at once when it must wait for a heavy-stage slot', async () => {
    // Every slot held: the render queues, and a caller waiting for onUnderway while holding a
    // slot itself must not wait for it.
    const release: (() => void)[] = [];
    const holders = Array.from({ length: heavyStages.limit }, () =>
      heavyStages.run(() => new Promise<void>((resolve) => release.push(resolve))),
    );
    let underway = false;
    const render = renderMusicForMix(
      { prompt: 'pop', durationSeconds: 2 },
      {
        workDir: await mkdtemp(join(dir, 'queued-')),
        watermarkPayload: 1,
        onUnderway: () => {
          underway = true;
        },
      },
    );
    expect(underway).toBe(true);
    for (const done of release) done();
    await Promise.all(holders);
    await (
      await render
    ).file;
  });

  it('rejects before any hand-off when the signal is already aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(
      renderMusicForMix(
        { prompt: 'pop', durationSeconds: 5 },
        { workDir: dir, watermarkPayload: 1, signal: controller.signal },
      ),
    ).rejects.toThrow();
  });
});
