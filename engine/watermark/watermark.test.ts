import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { readWav } from '../audio/wav';
import { runWatermarkCli } from './cli';
import {
  createWatermarkEmbedder,
  DEFAULT_WATERMARK_KEY,
  detectWatermarkFile,
  watermarkWavFile,
} from './index';
import { toolPath } from '../../shared/node/toolchain';
import { SAMPLE_DIR } from '../sfx/samples';
import { hasSonicPiSamples } from '../testing/optional-tools';

const SAMPLES = SAMPLE_DIR;
const KEY = 'test-key-1';
const PAYLOAD = 0x5eed1234;
const dir = mkdtempSync(join(tmpdir(), 'watermark-test-'));
const ff = (...args: string[]) => execFileSync(toolPath('ffmpeg'), ['-v', 'error', '-y', ...args]);
const at = (name: string) => join(dir, name);

beforeAll(() => {
  if (!hasSonicPiSamples) return;
  // 12 s of real material: a drum loop layered with a tonal loop, then a quieter guitar part.
  ff(
    '-stream_loop',
    '2',
    '-i',
    `${SAMPLES}/loop_amen_full.flac`,
    '-stream_loop',
    '1',
    '-i',
    `${SAMPLES}/loop_garzul.flac`,
    '-filter_complex',
    '[0]volume=0.5,apad[a];[1]apad[b];[a][b]amix=2,volume=2,atrim=0:12',
    '-ar',
    '44100',
    '-ac',
    '2',
    at('clean.wav'),
  );
  ff(
    '-stream_loop',
    '1',
    '-i',
    `${SAMPLES}/guit_em9.flac`,
    '-t',
    '12',
    '-ar',
    '44100',
    '-ac',
    '2',
    '-c:a',
    'pcm_f32le',
    at('guitar-clean.wav'),
  );
  copyFileSync(at('clean.wav'), at('marked.wav'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe.skipIf(!hasSonicPiSamples)('watermark on real music (needs sonic-pi-samples)', () => {
  it('embeds into a 16-bit WAV in place and detects it losslessly', async () => {
    await watermarkWavFile(at('marked.wav'), { key: KEY, payload: PAYLOAD });
    const marked = await readWav(at('marked.wav'));
    expect(marked.encoding).toEqual({ bits: 16, float: false });
    expect(await detectWatermarkFile(at('marked.wav'), KEY)).toEqual({
      found: true,
      payload: PAYLOAD,
    });
  });

  it('stays far below the content', async () => {
    const clean = await readWav(at('clean.wav'));
    const marked = await readWav(at('marked.wav'));
    let signal = 0;
    let mark = 0;
    for (let i = 0; i < clean.channels[0]!.length; i++) {
      signal += clean.channels[0]![i]! ** 2;
      mark += (marked.channels[0]![i]! - clean.channels[0]![i]!) ** 2;
    }
    expect(10 * Math.log10(mark / signal)).toBeLessThan(-30);
  });

  it('survives AAC 128k in an m4a', async () => {
    ff('-i', at('marked.wav'), '-c:a', 'aac', '-b:a', '128k', at('marked.m4a'));
    expect(await detectWatermarkFile(at('marked.m4a'), KEY)).toEqual({
      found: true,
      payload: PAYLOAD,
    });
  });

  it('survives mixing with other audio at -6 dB, then AAC', async () => {
    ff(
      '-i',
      at('marked.m4a'),
      '-stream_loop',
      '1',
      '-i',
      `${SAMPLES}/loop_tabla.flac`,
      '-filter_complex',
      '[1]volume=-6dB,apad[b];[0][b]amix=2:duration=first,volume=2',
      '-c:a',
      'aac',
      '-b:a',
      '128k',
      at('mixed.m4a'),
    );
    expect(await detectWatermarkFile(at('mixed.m4a'), KEY)).toEqual({
      found: true,
      payload: PAYLOAD,
    });
  });

  it('survives a trim to a 7 s excerpt starting mid-block, as MP3, at -6 dB gain', async () => {
    ff(
      '-ss',
      '2.345',
      '-t',
      '7',
      '-i',
      at('marked.m4a'),
      '-af',
      'volume=-6dB',
      '-c:a',
      'libmp3lame',
      '-b:a',
      '128k',
      at('excerpt.mp3'),
    );
    expect(await detectWatermarkFile(at('excerpt.mp3'), KEY)).toEqual({
      found: true,
      payload: PAYLOAD,
    });
  });

  it('finds nothing in clean audio', async () => {
    expect(await detectWatermarkFile(at('clean.wav'), KEY)).toEqual({ found: false });
    expect(await detectWatermarkFile(at('guitar-clean.wav'), KEY)).toEqual({ found: false });
  });

  it('finds nothing with the wrong key', async () => {
    expect(await detectWatermarkFile(at('marked.m4a'), 'another-key')).toEqual({ found: false });
    expect(await detectWatermarkFile(at('marked.wav'), DEFAULT_WATERMARK_KEY)).toEqual({
      found: false,
    });
  });

  it('finds nothing in audio too short to hold a whole frame', async () => {
    ff('-t', '3', '-i', at('marked.wav'), at('short.wav'));
    expect(await detectWatermarkFile(at('short.wav'), KEY)).toEqual({ found: false });
  });

  it('gives streamed audio in odd chunk sizes exactly the whole-file watermark', async () => {
    const whole = await readWav(at('guitar-clean.wav'));
    const streamed = await readWav(at('guitar-clean.wav'));
    createWatermarkEmbedder({ key: KEY, payload: 0xabc, sampleRate: 44100 }).process(
      whole.channels,
    );
    const embedder = createWatermarkEmbedder({ key: KEY, payload: 0xabc, sampleRate: 44100 });
    const sizes = [1, 7, 333, 4095, 4097, 1000, 12345];
    const length = streamed.channels[0]!.length;
    for (let start = 0, k = 0; start < length; k++) {
      const end = Math.min(length, start + sizes[k % sizes.length]!);
      embedder.process(streamed.channels.map((c) => c.subarray(start, end)));
      start = end;
    }
    expect(streamed.channels[1]).toEqual(whole.channels[1]);
    const { writeWav } = await import('../audio/wav');
    await writeWav(at('streamed.wav'), streamed, 32);
    ff('-i', at('streamed.wav'), '-c:a', 'aac', '-b:a', '128k', at('streamed.m4a'));
    expect(await detectWatermarkFile(at('streamed.m4a'), KEY)).toEqual({
      found: true,
      payload: 0xabc,
    });
  });

  it('leaves digital silence silent', () => {
    const silence = [new Float32Array(50_000), new Float32Array(50_000)];
    createWatermarkEmbedder({ key: KEY, payload: 1, sampleRate: 44100 }).process(silence);
    expect(silence[0]!.every((v) => v === 0)).toBe(true);
  });

  it('reports through the CLI with exit codes 0 and 1', async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    try {
      expect(await runWatermarkCli(['detect', at('marked.m4a'), '--key', KEY])).toBe(0);
      expect(log).toHaveBeenLastCalledWith('watermark: found, payload 0x5eed1234');
      expect(await runWatermarkCli(['watermark', 'detect', at('clean.wav'), '--key', KEY])).toBe(1);
      expect(log).toHaveBeenLastCalledWith('watermark: not found');
    } finally {
      log.mockRestore();
    }
  });
});

describe('embedder output', () => {
  /**
   * SHA-256 of the marked samples as the per-sample embedder wrote them before its loop was
   * split into sub-block runs: the runs must add the very same mark, signed zeros included
   * (a deliverable's watermark must not change with a speed-up).
   */
  const PINNED: Record<number, string> = {
    1: 'af191f0b3392e3821290591c132527c020743aadb66fa4941ddf238390ef3337',
    2: 'abad562e3ca5af4b156d2b13c9acbf8c8c564b916f63e03655dbafe48fa12862',
    3: 'b1bfb6137461fe8e9a72487d9ac7b626320b6ecfe8d6a71ef336445e0f1070db',
  };

  it.each([1, 2, 3])('adds the pinned mark to %i channel(s) fed in odd chunk sizes', (count) => {
    const pcm = Array.from({ length: count }, (_, c) => {
      const x = new Float32Array(44100 * 7);
      for (let i = 0; i < x.length; i++)
        x[i] =
          i < 3000
            ? i % 2
              ? -0
              : 0
            : 0.3 * Math.sin(i * (0.013 + c * 0.002)) * Math.sin(i * 0.00007) +
              0.05 * Math.sin(i * 1.7);
      return x;
    });
    const embedder = createWatermarkEmbedder({
      key: 'golden-key',
      payload: 0x5eed1234,
      sampleRate: 44100,
    });
    const sizes = [1, 7, 333, 4095, 4097, 1000, 12345];
    for (let start = 0, k = 0; start < pcm[0]!.length; k++) {
      const end = Math.min(pcm[0]!.length, start + sizes[k % sizes.length]!);
      embedder.process(pcm.map((c) => c.subarray(start, end)));
      start = end;
    }
    const hash = createHash('sha256');
    for (const channel of pcm) hash.update(Buffer.from(channel.buffer));
    expect(hash.digest('hex')).toBe(PINNED[count]);
  });
});
