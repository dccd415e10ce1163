import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildBed, isolateSpeech } from '../bed';
import { makeFestival, makeMusic, makeTempDir, meanVolumeDb, placeSpeech } from './fixtures';
import { toolPath } from '../../../shared/node/toolchain';

const temp = makeTempDir('bed');
const voice = join(temp.dir, 'voice.wav');
const speech = [{ start: 2, end: 5 }];
const SPEECH_BAND = 'bandpass=f=1000:width_type=h:w=1200,bandpass=f=1000:width_type=h:w=1200';
const LOW_BAND = 'lowpass=f=150,lowpass=f=150';

function ffmpeg(args: string[]): void {
  execFileSync(toolPath('ffmpeg'), ['-hide_banner', '-loglevel', 'error', '-y', ...args]);
}

beforeAll(async () => {
  await makeFestival(join(temp.dir, 'a.wav'), 'The quick brown fox jumps over the lazy dog.');
  placeSpeech(voice, [{ file: join(temp.dir, 'a.wav'), at: 1.8 }], 8);
});
afterAll(() => temp.cleanup());

describe('buildBed', () => {
  it('stereo with centred dialogue: keeps the side always and the mid only outside speech', async () => {
    const music = join(temp.dir, 'music.wav');
    const wide = join(temp.dir, 'wide.wav');
    const mix = join(temp.dir, 'stereo-mix.wav');
    makeMusic(music, 8);
    // Delay the right channel so the music has real stereo width (side content).
    ffmpeg(['-i', music, '-af', 'adelay=delays=0|300,atrim=0:8', wide]);
    ffmpeg([
      '-i',
      wide,
      '-i',
      voice,
      '-filter_complex',
      '[1:a]aresample=48000,pan=stereo|c0=c0|c1=c0,apad[v];[0:a][v]amix=inputs=2:duration=first,volume=2',
      mix,
    ]);
    const out = join(temp.dir, 'bed-stereo.wav');
    const outcome = await buildBed(mix, out, speech);
    if (!outcome.ok) throw new Error(outcome.message);
    expect(outcome.value.method).toBe('mid-side');
    expect(outcome.value.durationSeconds).toBeCloseTo(8, 1);
    // Outside speech the bed is the original mix.
    expect(meanVolumeDb(out, 6, 1.5)).toBeCloseTo(meanVolumeDb(mix, 6, 1.5), 0);
    // Inside speech the bed is the music's side channel: the centred voice is gone.
    const sideOnly = join(temp.dir, 'side.wav');
    ffmpeg(['-i', wide, '-af', 'pan=stereo|c0=0.5*c0-0.5*c1|c1=0.5*c1-0.5*c0', sideOnly]);
    expect(
      Math.abs(
        meanVolumeDb(out, 2.5, 2, SPEECH_BAND) - meanVolumeDb(sideOnly, 2.5, 2, SPEECH_BAND),
      ),
    ).toBeLessThan(1);
    expect(
      meanVolumeDb(mix, 2.5, 2, SPEECH_BAND) - meanVolumeDb(out, 2.5, 2, SPEECH_BAND),
    ).toBeGreaterThan(6);
  });

  it('mono: removes the speech band inside speech only, keeping the lows', async () => {
    const music = join(temp.dir, 'music-mono.wav');
    const mix = join(temp.dir, 'mono-mix.wav');
    makeMusic(music, 8, { stereo: false });
    ffmpeg([
      '-i',
      music,
      '-i',
      voice,
      '-filter_complex',
      '[1:a]aresample=48000,apad[v];[0:a][v]amix=inputs=2:duration=first,volume=2',
      '-ac',
      '1',
      mix,
    ]);
    const out = join(temp.dir, 'bed-mono.wav');
    const outcome = await buildBed(mix, out, speech);
    if (!outcome.ok) throw new Error(outcome.message);
    expect(outcome.value.method).toBe('band-removal');
    expect(
      meanVolumeDb(mix, 2.5, 2, SPEECH_BAND) - meanVolumeDb(out, 2.5, 2, SPEECH_BAND),
    ).toBeGreaterThan(20);
    expect(
      Math.abs(meanVolumeDb(out, 2.5, 2, LOW_BAND) - meanVolumeDb(mix, 2.5, 2, LOW_BAND)),
    ).toBeLessThan(2);
    expect(meanVolumeDb(out, 6, 1.5)).toBeCloseTo(meanVolumeDb(mix, 6, 1.5), 0);
  });

  it('fails as a value on unreadable input', async () => {
    expect((await buildBed(join(temp.dir, 'none.wav'), join(temp.dir, 'x.wav'), speech)).ok).toBe(
      false,
    );
  });
});

describe('isolateSpeech', () => {
  it('keeps the centred voice inside speech and silence outside it', async () => {
    const music = join(temp.dir, 'iso-music.wav');
    const mix = join(temp.dir, 'iso-mix.wav');
    makeMusic(music, 8);
    ffmpeg([
      '-i',
      music,
      '-i',
      voice,
      '-filter_complex',
      '[1:a]aresample=48000,pan=stereo|c0=c0|c1=c0,apad[v];[0:a][v]amix=inputs=2:duration=first,volume=2',
      mix,
    ]);
    const out = join(temp.dir, 'speech.wav');
    const outcome = await isolateSpeech(mix, out, speech);
    if (!outcome.ok) throw new Error(outcome.message);
    expect(meanVolumeDb(out, 6, 1.5)).toBeLessThan(-80);
    expect(meanVolumeDb(out, 2.5, 2, SPEECH_BAND)).toBeGreaterThan(
      meanVolumeDb(voice, 2.5, 2, SPEECH_BAND) - 3,
    );
  });
});
