import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadStereo, MIX_RATE } from '../../media/mix';
import { speechFreeBed } from '../dub/bed';
import { festivalSpeech, makeTempDir } from './media-fixtures';
import { toolPath } from '../../../shared/node/toolchain';

const exec = promisify(execFile);
const SECONDS = 6;

function rmsDb(a: Float32Array, b: Float32Array | null, from: number, to: number): number {
  let sum = 0;
  for (let i = from; i < to; i += 1) {
    const d = (a[i] ?? 0) - (b ? (b[i] ?? 0) : 0);
    sum += d * d;
  }
  return 10 * Math.log10(sum / Math.max(1, to - from) + 1e-20);
}

describe('speechFreeBed (real ffmpeg, real voice detector)', () => {
  let dir = '';
  let cleanup = async () => undefined as void;
  let music = '';
  let mix = '';
  let speechOnly = '';
  beforeAll(async () => {
    ({ dir, cleanup } = await makeTempDir('speech-bed-'));
    const voice = await festivalSpeech(
      dir,
      'Today we talk about the weather in the hills and the valleys.',
    );
    music = join(dir, 'music.wav');
    speechOnly = join(dir, 'speech-stereo.wav');
    mix = join(dir, 'mix.wav');
    const ff = (args: string[]) =>
      exec(toolPath('ffmpeg'), ['-hide_banner', '-loglevel', 'error', '-y', ...args]);
    await ff([
      '-f',
      'lavfi',
      '-i',
      `sine=frequency=330:sample_rate=44100:duration=${SECONDS}`,
      '-f',
      'lavfi',
      '-i',
      `sine=frequency=550:sample_rate=44100:duration=${SECONDS}`,
      '-filter_complex',
      '[0:a][1:a]amerge=inputs=2,volume=0.1',
      music,
    ]);
    await ff([
      '-i',
      voice,
      '-af',
      `aresample=44100,apad,atrim=0:${SECONDS},pan=stereo|c0=c0|c1=c0`,
      speechOnly,
    ]);
    await ff([
      '-i',
      speechOnly,
      '-i',
      music,
      '-filter_complex',
      '[1:a]apad[m];[0:a][m]amix=inputs=2:duration=first,volume=2',
      mix,
    ]);
  });
  afterAll(() => cleanup());

  it('removes centred speech and keeps the stereo music', async () => {
    const bed = await speechFreeBed(mix, SECONDS, dir);
    if (!bed.ok) throw new Error(bed.message);
    const [left] = bed.value.channels;
    expect(left?.length).toBe(SECONDS * MIX_RATE);
    expect(bed.value.speech.length).toBeGreaterThan(0);
    const musicPcm = await loadStereo(music);
    const speechPcm = await loadStereo(speechOnly);
    if (!musicPcm.ok || !speechPcm.ok) throw new Error('decode failed');
    const span = bed.value.speech[0]!;
    // Deep inside the first speech span: what is left of the speech, against the speech itself.
    const from = Math.round((span.start + 0.3) * MIX_RATE);
    const to = Math.round((span.end - 0.3) * MIX_RATE);
    const speechLevel = rmsDb(speechPcm.value[0]!, null, from, to);
    const residual = rmsDb(left!, musicPcm.value[0]!, from, to);
    expect(speechLevel - residual).toBeGreaterThan(12);
    // The music itself survives through the side channel.
    expect(rmsDb(left!, null, from, to)).toBeGreaterThan(
      rmsDb(musicPcm.value[0]!, null, from, to) - 8,
    );
    // Far from speech the bed is the original.
    const lastEnd = bed.value.speech.at(-1)!.end;
    if (lastEnd < SECONDS - 1) {
      const a = Math.round((lastEnd + 0.5) * MIX_RATE);
      const b = SECONDS * MIX_RATE - 100;
      expect(rmsDb(left!, musicPcm.value[0]!, a, b)).toBeLessThan(-60);
    }
  });
});
