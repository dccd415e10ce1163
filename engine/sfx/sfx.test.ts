import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import FFT from 'fft.js';
import { afterAll, describe, expect, it } from 'vitest';
import { measureLoudness } from '../audio/loudness';
import { decodeToPcm } from '../audio/wav';
import { detectWatermarkFile } from '../watermark/index';
import { renderSfxForVideo, renderSfxFromText } from './index';
import { toolPath } from '../../shared/node/toolchain';

const workDir = mkdtempSync(join(tmpdir(), 'sfx-test-'));
afterAll(() => rmSync(workDir, { recursive: true, force: true }));
const KEY = 'sfx-test-key';
const opts = (format: 'aac' | 'wav' | 'mp3' | 'flac', payload = 42) => ({
  workDir,
  format,
  watermarkPayload: payload,
  watermarkKey: KEY,
});

function probe(path: string): {
  codec: string;
  sampleRate: number;
  channels: number;
  duration: number;
} {
  const out = execFileSync(toolPath('ffprobe'), [
    '-v',
    'error',
    '-select_streams',
    'a:0',
    '-show_entries',
    'stream=codec_name,sample_rate,channels:format=duration',
    '-of',
    'json',
    path,
  ]);
  const json = JSON.parse(out.toString()) as {
    streams: { codec_name: string; sample_rate: string; channels: number }[];
    format: { duration: string };
  };
  const stream = json.streams[0]!;
  return {
    codec: stream.codec_name,
    sampleRate: Number(stream.sample_rate),
    channels: stream.channels,
    duration: Number(json.format.duration),
  };
}

/** Energy-weighted spectral centroid and the share of energy above 2 kHz, from our own FFT. */
async function spectrum(path: string): Promise<{ centroid: number; highShare: number }> {
  const [mono] = await decodeToPcm(path, 44100, 1);
  const n = 4096;
  const fft = new FFT(n);
  const out = fft.createComplexArray() as number[];
  const power = new Float64Array(n / 2);
  for (let start = 0; start + n <= mono!.length; start += n) {
    fft.realTransform(out, mono!.subarray(start, start + n));
    for (let k = 0; k < n / 2; k++) power[k] = power[k]! + out[2 * k]! ** 2 + out[2 * k + 1]! ** 2;
  }
  let total = 0;
  let weighted = 0;
  let high = 0;
  for (let k = 1; k < n / 2; k++) {
    const f = (k * 44100) / n;
    total += power[k]!;
    weighted += power[k]! * f;
    if (f > 2000) high += power[k]!;
  }
  return { centroid: weighted / total, highShare: high / total };
}

describe('renderSfxFromText', () => {
  it.each([
    ['aac', 'm4a', 'audio/mp4', 'aac'],
    ['wav', 'wav', 'audio/wav', 'pcm_s16le'],
    ['mp3', 'mp3', 'audio/mpeg', 'mp3'],
    ['flac', 'flac', 'audio/flac', 'flac'],
  ] as const)(
    'delivers %s as .%s (%s), 44.1 kHz stereo, exact duration',
    async (format, ext, contentType, codec) => {
      const result = await renderSfxFromText(
        { prompt: 'light rain', durationSeconds: 3 },
        opts(format),
      );
      expect(result).toMatchObject({ ext, contentType });
      expect(result.path.endsWith(`.${ext}`)).toBe(true);
      const info = probe(result.path);
      expect(info).toMatchObject({ codec, sampleRate: 44100, channels: 2 });
      expect(Math.abs(info.duration - 3)).toBeLessThanOrEqual(0.05);
    },
  );

  it('hits -18 LUFS with true peak at most -1 dBTP on a steady ambience, and carries the watermark', async () => {
    const result = await renderSfxFromText(
      { prompt: 'heavy rain', durationSeconds: 8 },
      opts('aac', 0xc0ffee),
    );
    const loudness = await measureLoudness(result.path);
    expect(Math.abs(loudness.integrated - -18)).toBeLessThanOrEqual(1);
    expect(loudness.truePeak).toBeLessThanOrEqual(-1);
    expect(await detectWatermarkFile(result.path, KEY)).toEqual({ found: true, payload: 0xc0ffee });
    expect(await detectWatermarkFile(result.path, 'not-the-key')).toEqual({ found: false });
  });

  it('finishes WAV in memory at -18 LUFS under -1 dBTP, watermarked, clicks included', async () => {
    for (const prompt of ['heavy rain', 'fast typing on a keyboard']) {
      const result = await renderSfxFromText({ prompt, durationSeconds: 8 }, opts('wav', 0xbeef));
      const loudness = await measureLoudness(result.path);
      expect(Math.abs(loudness.integrated - -18)).toBeLessThanOrEqual(0.5);
      expect(loudness.truePeak).toBeLessThanOrEqual(-1);
      expect(await detectWatermarkFile(result.path, KEY)).toEqual({ found: true, payload: 0xbeef });
    }
  });

  it('keeps the true peak under -1 dBTP even for clicky material after AAC', async () => {
    const result = await renderSfxFromText(
      { prompt: 'fast typing on a keyboard', durationSeconds: 4 },
      opts('aac'),
    );
    expect((await measureLoudness(result.path)).truePeak).toBeLessThanOrEqual(-1);
  });

  it('gives rain, fire and whoosh the spectra they should have', async () => {
    const rain = await spectrum(
      (await renderSfxFromText({ prompt: 'rain', durationSeconds: 4 }, opts('wav'))).path,
    );
    const fire = await spectrum(
      (await renderSfxFromText({ prompt: 'campfire', durationSeconds: 4 }, opts('wav'))).path,
    );
    const whoosh = await spectrum(
      (await renderSfxFromText({ prompt: 'whoosh', durationSeconds: 2 }, opts('wav'))).path,
    );
    // Rain is broadband with plenty of highs; fire is a low roar; a whoosh is high and bright.
    expect(rain.highShare).toBeGreaterThan(0.3);
    expect(fire.centroid).toBeLessThan(800);
    expect(fire.highShare).toBeLessThan(0.1);
    expect(whoosh.centroid).toBeGreaterThan(2500);
    expect(rain.centroid).toBeGreaterThan(fire.centroid * 3);
  });

  it('renders different audio for different prompts, and the same audio for the same request', async () => {
    const a = await renderSfxFromText({ prompt: 'wind', durationSeconds: 2 }, opts('wav', 7));
    const b = await renderSfxFromText(
      { prompt: 'ocean waves', durationSeconds: 2 },
      opts('wav', 7),
    );
    const c = await renderSfxFromText({ prompt: 'wind', durationSeconds: 2 }, opts('wav', 7));
    const [pa, pb, pc] = await Promise.all([a, b, c].map((r) => decodeToPcm(r.path, 44100, 1)));
    let diff = 0;
    let energy = 0;
    for (let i = 0; i < pa![0]!.length; i++) {
      diff += (pa![0]![i]! - pb![0]![i]!) ** 2;
      energy += pa![0]![i]! ** 2;
    }
    expect(diff / energy).toBeGreaterThan(0.5);
    expect(Array.from(pc![0]!)).toEqual(Array.from(pa![0]!));
  });

  it('stops when the signal is aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(
      renderSfxFromText(
        { prompt: 'rain', durationSeconds: 2 },
        { ...opts('aac'), signal: controller.signal },
      ),
    ).rejects.toThrow();
  });
});

describe('renderSfxForVideo', () => {
  it('covers the video, puts a whoosh on each cut and changes ambience per segment', async () => {
    const result = await renderSfxForVideo(
      {
        durationSeconds: 8,
        segments: [
          { start: 0, end: 4, prompt: 'campfire at night' },
          { start: 4, end: 8, prompt: 'rain' },
        ],
        cuts: [4],
        motionPeaks: [],
      },
      opts('wav'),
    );
    expect(result.contentType).toBe('audio/wav');
    expect(Math.abs(probe(result.path).duration - 8)).toBeLessThanOrEqual(0.05);
    const [mono] = await decodeToPcm(result.path, 44100, 1);
    const rmsOf = (from: number, to: number) => {
      let sum = 0;
      for (let i = Math.round(from * 44100); i < Math.round(to * 44100); i++) sum += mono![i]! ** 2;
      return Math.sqrt(sum / ((to - from) * 44100));
    };
    expect(rmsOf(3.9, 4.1)).toBeGreaterThan(rmsOf(2, 3) * 1.5);
    // Highs rise when the fire gives way to rain.
    const highShare = async (from: number, to: number) => {
      const part = join(workDir, `part-${from}.wav`);
      execFileSync(toolPath('ffmpeg'), [
        '-v',
        'error',
        '-y',
        '-ss',
        String(from),
        '-t',
        String(to - from),
        '-i',
        result.path,
        part,
      ]);
      return (await spectrum(part)).highShare;
    };
    expect(await highShare(5, 7.5)).toBeGreaterThan((await highShare(0.5, 3)) * 2);
  });
});
