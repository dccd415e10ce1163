import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { decodeToPcm, readWav, writeWav } from './wav';
import { toolPath } from '../../shared/node/toolchain';

const dir = mkdtempSync(join(tmpdir(), 'wav-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function probe(path: string): Record<string, string> {
  const out = execFileSync(toolPath('ffprobe'), [
    '-v',
    'error',
    '-show_entries',
    'stream=sample_rate,channels,codec_name,duration',
    '-of',
    'default=nw=1',
    path,
  ]);
  return Object.fromEntries(
    out
      .toString()
      .trim()
      .split('\n')
      .map((line) => line.split('=') as [string, string]),
  );
}

describe('wav helpers', () => {
  const sine = (n: number, f: number) =>
    Float32Array.from({ length: n }, (_, i) => 0.5 * Math.sin((2 * Math.PI * f * i) / 44100));

  it('writes 16-bit PCM that ffprobe reads, and reads it back', async () => {
    const path = join(dir, 's16.wav');
    await writeWav(path, { sampleRate: 44100, channels: [sine(44100, 440), sine(44100, 660)] }, 16);
    expect(probe(path)).toMatchObject({
      codec_name: 'pcm_s16le',
      sample_rate: '44100',
      channels: '2',
      duration: '1.000000',
    });
    const back = await readWav(path);
    expect(back.encoding).toEqual({ bits: 16, float: false });
    expect(back.channels).toHaveLength(2);
    expect(back.channels[1]![100]).toBeCloseTo(
      0.5 * Math.sin((2 * Math.PI * 660 * 100) / 44100),
      3,
    );
  });

  it('writes a file longer than one write block whole, sample for sample', async () => {
    const path = join(dir, 'long.wav');
    // 200 001 frames: three full 64k blocks and a ragged tail.
    const left = sine(200_001, 440);
    const right = sine(200_001, 330);
    await writeWav(path, { sampleRate: 44100, channels: [left, right] }, 32);
    expect(probe(path)).toMatchObject({ codec_name: 'pcm_f32le', channels: '2' });
    expect(Number(probe(path).duration)).toBeCloseTo(200_001 / 44100, 4);
    const back = await readWav(path);
    expect(back.channels[0]).toEqual(left);
    expect(back.channels[1]).toEqual(right);
  });

  it('writes 32-bit float losslessly and clips nothing', async () => {
    const path = join(dir, 'f32.wav');
    const loud = Float32Array.from([0, 1.5, -2, 0.25]);
    await writeWav(path, { sampleRate: 48000, channels: [loud] }, 32);
    expect(probe(path)).toMatchObject({
      codec_name: 'pcm_f32le',
      sample_rate: '48000',
      channels: '1',
    });
    const back = await readWav(path);
    expect(back.encoding).toEqual({ bits: 32, float: true });
    expect(Array.from(back.channels[0]!)).toEqual([0, 1.5, -2, 0.25]);
  });

  it('reads 24-bit and extensible WAVs written by ffmpeg', async () => {
    const path = join(dir, 's24.wav');
    execFileSync(toolPath('ffmpeg'), [
      '-v',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      'sine=f=1000:d=0.5',
      '-ac',
      '3',
      '-c:a',
      'pcm_s24le',
      path,
    ]);
    const back = await readWav(path);
    expect(back.sampleRate).toBe(44100);
    expect(back.channels).toHaveLength(3);
    expect(back.channels[0]!.length).toBe(22050);
    // ffmpeg's mono -> 3-channel upmix puts the tone in the front pair only.
    const peak = back.channels[0]!.reduce((m, v) => Math.max(m, Math.abs(v)), 0);
    expect(peak).toBeGreaterThan(0.05);
  });

  it('decodes compressed audio to planar float at the requested rate', async () => {
    const path = join(dir, 'tone.m4a');
    execFileSync(toolPath('ffmpeg'), [
      '-v',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      'sine=f=500:d=2',
      '-ac',
      '2',
      '-c:a',
      'aac',
      path,
    ]);
    const channels = await decodeToPcm(path, 22050, 1);
    expect(channels).toHaveLength(1);
    expect(Math.abs(channels[0]!.length - 44100)).toBeLessThan(2048);
  });

  it('rejects a file that is not a WAV', async () => {
    const path = join(dir, 'not.wav');
    execFileSync('sh', ['-c', `echo hello > ${path}`]);
    await expect(readWav(path)).rejects.toThrow(/RIFF/);
  });
});
