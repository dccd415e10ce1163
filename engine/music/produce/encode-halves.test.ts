import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adtsFrames, frameWindow, joinAdts } from '../../audio/adts';
import { decodeToPcm } from '../../audio/wav';
import { probe } from '../__tests__/measure';
import { Rng } from '../random';
import { startEncoder } from '../render/encoder';
import { SAMPLE_RATE } from '../render/fluidsynth';
import { encodeM4aInHalves } from './encode-halves';

let dir = '';
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'encode-halves-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Music-like stereo: a chord over a moving bass, hats as noise bursts, a drum hit each beat. */
function signal(seconds: number): Float32Array[] {
  const rng = new Rng(11);
  const n = Math.round(seconds * SAMPLE_RATE);
  const left = new Float32Array(n);
  const right = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    const t = i / SAMPLE_RATE;
    const bass = 0.25 * Math.sin(2 * Math.PI * (55 + 10 * Math.floor(t)) * t);
    const chord = 0.12 * (Math.sin(2 * Math.PI * 330 * t) + Math.sin(2 * Math.PI * 415 * t));
    const beat = t % 0.5;
    const hit = beat < 0.03 ? 0.3 * Math.sin(2 * Math.PI * 90 * beat) * (1 - beat / 0.03) : 0;
    const hat = i % 11025 < 600 ? 0.08 * (rng.next() * 2 - 1) : 0;
    left[i] = bass + chord + hit + hat;
    right[i] = bass + 0.8 * chord + hit - hat;
  }
  return [left, right];
}

async function* blocksOf(channels: Float32Array[], size: number): AsyncGenerator<Float32Array[]> {
  for (let at = 0; at < channels[0]!.length; at += size)
    yield channels.map((c) => c.subarray(at, at + size));
}

/** Signal-to-error ratio (dB) of decoded audio against the source over [from, to). */
function snr(source: Float32Array[], decoded: Float32Array[], from: number, to: number): number {
  let power = 0;
  let error = 0;
  for (let c = 0; c < 2; c++)
    for (let i = from; i < to; i++) {
      power += source[c]![i]! ** 2;
      error += (decoded[c]![i]! - source[c]![i]!) ** 2;
    }
  return 10 * Math.log10(power / error);
}

describe('encodeM4aInHalves', () => {
  it('joins two encodes into one m4a as exact and as clean as one encoder makes', async () => {
    const seconds = 12;
    const source = signal(seconds);
    const total = source[0]!.length;
    const halvesPath = join(dir, 'halves.m4a');
    const joined = await encodeM4aInHalves(blocksOf(source, 4096), total, halvesPath, dir);
    expect(joined).toBe(true);

    const singlePath = join(dir, 'single.m4a');
    const single = startEncoder({ kind: 'file', format: 'm4a', path: singlePath });
    for await (const block of blocksOf(source, 4096)) await single.write(block);
    await single.end();

    const info = await probe(halvesPath);
    expect(info).toMatchObject({ codec: 'aac', sampleRate: SAMPLE_RATE, channels: 2 });
    expect(Math.abs(info.duration - seconds)).toBeLessThan(0.002);

    // Decoded in place: the priming frame is hidden as in the single encoder's file, so the
    // audio lines up sample for sample with the source (a shift would wreck the SNR).
    const halves = await decodeToPcm(halvesPath, SAMPLE_RATE, 2);
    const reference = await decodeToPcm(singlePath, SAMPLE_RATE, 2);
    const whole = snr(source, halves, 0, total);
    expect(whole).toBeGreaterThan(snr(source, reference, 0, total) - 1);
    // Around the join (the middle) no frame is worse than the single encode's worst frame.
    const middle = Math.floor(total / 2 / 1024) * 1024;
    let worstSingle = Infinity;
    for (let at = 1024; at + 1024 < total - SAMPLE_RATE; at += 1024)
      worstSingle = Math.min(worstSingle, snr(source, reference, at, at + 1024));
    for (let at = middle - 4096; at < middle + 8192; at += 1024)
      expect(snr(source, halves, at, at + 1024)).toBeGreaterThan(worstSingle - 1);
    // Only the result is left in the work folder (the joined ADTS was a work file).
    expect((await readdir(dir)).sort()).toEqual(['halves.m4a', 'single.m4a']);
  });
});

describe('ADTS frames', () => {
  it('splits frames, drops a cut-off one, reads common windows and refuses a mismatched join', () => {
    // A 7-byte ADTS header (no CRC) with the frame length, then a channel pair element with a
    // common window: id 1, tag 0, common_window 1 -> 0x21; ics_info: reserved 0, sequence,
    // shape -> bits 0 ss h ....
    const frame = (sequence: number, shape: number, length = 12): Buffer => {
      const bytes = Buffer.alloc(length);
      bytes.set([0xff, 0xf1, 0x50, 0x80 | ((length >> 11) & 3), (length >> 3) & 0xff]);
      bytes[5] = ((length & 7) << 5) | 0x1f;
      bytes[6] = 0xfc;
      bytes[7] = 0x21;
      bytes[8] = (sequence << 5) | (shape << 4);
      return bytes;
    };
    const stream = Buffer.concat([frame(0, 1), frame(2, 0), frame(0, 1).subarray(0, 9)]);
    const frames = adtsFrames(stream);
    expect(frames).toHaveLength(2);
    expect(frames.map(frameWindow)).toEqual([
      { sequence: 0, shape: 1 },
      { sequence: 2, shape: 0 },
    ]);

    const first = [frame(0, 1), frame(0, 1), frame(0, 1), frame(2, 0), frame(0, 1)];
    // The second encode starts one frame in. Joining at frame 3, its own frame 3 is short; at
    // frame 4, the first's frame before the join is short; there is no frame 5: no join.
    const second = [frame(0, 1), frame(0, 1), frame(2, 0), frame(0, 1)];
    const joined = joinAdts(first, second, 1, 3);
    expect(joined).toBeUndefined();
    const agreeing = [frame(0, 1), frame(0, 1), frame(0, 1), frame(0, 1)];
    expect(joinAdts(first, agreeing, 1, 3)).toHaveLength(first.slice(0, 3).length + 2);
  });
});
