import { execFileSync } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { detectWatermarkFile } from '../../watermark';
import { duckMusicUnderVoice } from '../duck';
import { DEFAULT_DUCK, duckGainEnvelope } from '../duck-envelope';
import { measureLoudness, normalizeLoudness } from '../loudness';
import { muxAudioWithVideo } from '../mux';
import {
  makeCutsVideo,
  makeFestival,
  makeMusic,
  makeTempDir,
  meanVolumeDb,
  placeSpeech,
  probeJson,
  videoStreamMd5,
  videoWithAudio,
} from './fixtures';
import { toolPath } from '../../../shared/node/toolchain';

const temp = makeTempDir('duck');
const voice = join(temp.dir, 'voice.wav');
const tone = join(temp.dir, 'tone.wav');
const music = join(temp.dir, 'music.wav');
const picture = join(temp.dir, 'picture.mp4');
const KEY = 'duck-test-key';
/** Isolates the 50 Hz "music" tone from the voice (whose pitch is above 90 Hz). */
const TONE_ONLY = 'lowpass=f=60,lowpass=f=60,lowpass=f=60,lowpass=f=60';

beforeAll(async () => {
  await makeFestival(join(temp.dir, 'a.wav'), 'The quick brown fox jumps over the lazy dog.');
  placeSpeech(voice, [{ file: join(temp.dir, 'a.wav'), at: 2 }], 9);
  execFileSync(toolPath('ffmpeg'), [
    '-loglevel',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    'sine=f=50:d=12:sample_rate=48000',
    '-ac',
    '2',
    tone,
  ]);
  makeMusic(music, 9);
  makeCutsVideo(picture);
});
afterAll(() => temp.cleanup());

describe('duckGainEnvelope', () => {
  const rate = 1000;
  const gainDbAt = (envelope: Float32Array, t: number): number =>
    20 * Math.log10(envelope[Math.round(t * rate)] ?? 1);

  it('attacks 100 ms early over 150 ms, holds -12 dB, releases over 500 ms', () => {
    const envelope = duckGainEnvelope([{ start: 2, end: 4 }], 6 * rate, rate);
    expect(gainDbAt(envelope, 1.85)).toBeCloseTo(0, 3);
    expect(gainDbAt(envelope, 1.975)).toBeCloseTo(-6, 0);
    expect(gainDbAt(envelope, 2.05)).toBeCloseTo(-12, 1);
    expect(gainDbAt(envelope, 3)).toBeCloseTo(-12, 3);
    expect(gainDbAt(envelope, 4.25)).toBeCloseTo(-6, 0);
    expect(gainDbAt(envelope, 4.5)).toBeCloseTo(0, 1);
  });

  it('stays down through pauses shorter than 0.85 s and comes up for longer ones', () => {
    const held = duckGainEnvelope(
      [
        { start: 1, end: 2 },
        { start: 2.8, end: 3.5 },
      ],
      5 * rate,
      rate,
    );
    expect(gainDbAt(held, 2.4)).toBeCloseTo(DEFAULT_DUCK.depthDb, 3);
    const released = duckGainEnvelope(
      [
        { start: 1, end: 2 },
        { start: 3.5, end: 4 },
      ],
      5 * rate,
      rate,
    );
    expect(gainDbAt(released, 2.8)).toBeCloseTo(0, 3);
  });
});

describe('loudness', () => {
  it('normalises to the target within 0.5 LU under the true-peak ceiling', async () => {
    for (const target of [-14, -23]) {
      const out = join(temp.dir, `norm${target}.wav`);
      const outcome = await normalizeLoudness(music, out, { targetLufs: target, truePeakDb: -1 });
      expect(outcome.ok).toBe(true);
      const measured = await measureLoudness(out);
      if (!measured.ok) throw new Error(measured.message);
      expect(Math.abs(measured.value.integratedLufs - target)).toBeLessThanOrEqual(0.5);
      expect(measured.value.truePeakDb).toBeLessThanOrEqual(-0.5);
    }
  });

  it('reports unreadable input as an error value', async () => {
    expect((await measureLoudness(join(temp.dir, 'nope.wav'))).ok).toBe(false);
  });
});

describe('duckMusicUnderVoice', () => {
  it('ducks music 12 dB under speech and delivers a normalised, watermarked WAV', async () => {
    const outcome = await duckMusicUnderVoice(tone, voice, join(temp.dir, 'ducked.wav'), {
      watermark: { key: KEY, payload: 77 },
    });
    if (!outcome.ok) throw new Error(outcome.message);
    const result = outcome.value;
    expect(result.outputType).toBe('audio');
    expect(result.outputPath.endsWith('.wav')).toBe(true);
    expect(Number(probeJson(result.outputPath).format.duration)).toBeCloseTo(9, 0);
    expect(result.speech.length).toBeGreaterThan(0);
    const under = meanVolumeDb(result.outputPath, 3, 1.5, TONE_ONLY);
    const clear = meanVolumeDb(result.outputPath, 7.5, 1.2, TONE_ONLY);
    const context = `tone under speech ${under} dB, clear ${clear} dB, speech ${JSON.stringify(result.speech)}`;
    expect(clear - under, context).toBeGreaterThan(10.5);
    expect(clear - under, context).toBeLessThan(13.5);
    const loudness = await measureLoudness(result.outputPath);
    if (!loudness.ok) throw new Error(loudness.message);
    expect(
      Math.abs(loudness.value.integratedLufs + 14),
      `${loudness.value.integratedLufs} LUFS`,
    ).toBeLessThanOrEqual(1);
    expect(await detectWatermarkFile(result.outputPath, KEY)).toEqual({ found: true, payload: 77 });
  });

  it('re-muxes under the picture when the voice is a video, copying the picture bit for bit', async () => {
    const voiceVideo = join(temp.dir, 'voice.mp4');
    videoWithAudio(voiceVideo, picture, voice);
    const outcome = await duckMusicUnderVoice(
      music,
      voiceVideo,
      join(temp.dir, 'ducked-video.wav'),
      {
        watermark: { key: KEY, payload: 78 },
      },
    );
    if (!outcome.ok) throw new Error(outcome.message);
    expect(outcome.value.outputType).toBe('video');
    expect(outcome.value.outputPath.endsWith('.mp4')).toBe(true);
    const info = probeJson(outcome.value.outputPath);
    expect(info.streams.map((s) => s.codec_type)).toEqual(['video', 'audio']);
    expect(info.streams[1]?.codec_name).toBe('aac');
    expect(Number(info.format.duration)).toBeCloseTo(9, 0);
    expect(videoStreamMd5(outcome.value.outputPath)).toBe(videoStreamMd5(voiceVideo));
    expect(await detectWatermarkFile(outcome.value.outputPath, KEY)).toEqual({
      found: true,
      payload: 78,
    });
  });

  it('fails with a message when the music cannot be read', async () => {
    const outcome = await duckMusicUnderVoice(
      join(temp.dir, 'missing.mp3'),
      voice,
      join(temp.dir, 'x.wav'),
    );
    expect(outcome.ok).toBe(false);
    if (!outcome.ok) expect(outcome.message).toMatch(/^Music: /);
  });
});

describe('muxAudioWithVideo', () => {
  it('stream-copies the picture, encodes AAC and puts the index first', async () => {
    const out = join(temp.dir, 'muxed.mp4');
    const outcome = await muxAudioWithVideo(picture, music, out);
    expect(outcome).toEqual({ ok: true, value: { pictureCopied: true } });
    expect(videoStreamMd5(out)).toBe(videoStreamMd5(picture));
    const info = probeJson(out);
    expect(info.streams.find((s) => s.codec_type === 'audio')?.codec_name).toBe('aac');
    const head = readFileSync(out)
      .subarray(0, Math.min(statSync(out).size, 4096))
      .toString('latin1');
    expect(head.indexOf('moov')).toBeGreaterThan(0);
    expect(head.indexOf('moov')).toBeLessThan(
      head.indexOf('mdat') === -1 ? Infinity : head.indexOf('mdat'),
    );
  });

  it('re-encodes an animated GIF, which MP4 cannot carry', async () => {
    const gif = join(temp.dir, 'anim.gif');
    execFileSync(toolPath('ffmpeg'), [
      '-loglevel',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      'testsrc2=s=64x48:r=10:d=2',
      gif,
    ]);
    const out = join(temp.dir, 'gif.mp4');
    const outcome = await muxAudioWithVideo(gif, music, out);
    expect(outcome).toEqual({ ok: true, value: { pictureCopied: false } });
    expect(probeJson(out).streams.find((s) => s.codec_type === 'video')?.codec_name).toBe('h264');
  });
});
