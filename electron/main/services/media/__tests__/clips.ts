import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { toolPath } from '../../../../../shared/node/toolchain';

const run = promisify(execFile);

/** Hard cuts of the `cuts` clip, in ms (colour shots of 2.0, 2.0, 3.5 and 2.5 s at 25 fps). */
export const CUTS_MS = [2000, 4000, 7500];
export const CLIP_FPS = 25;

/**
 * Sound with speech-like bursts: a 300 Hz tone at half of full scale for the first half of
 * every second and 30 dB lower for the other half, so loud and quiet peak buckets are known
 * (lavfi's sine is at 1/8 of full scale, hence the ×4).
 */
const BURSTS =
  "sine=frequency=300:sample_rate=48000,volume='if(lt(mod(t,1),0.5),4,0.126)':eval=frame";

async function ffmpeg(args: string[]): Promise<void> {
  await run(toolPath('ffmpeg'), ['-v', 'error', '-y', ...args], { maxBuffer: 4 * 1024 * 1024 });
}

function shots(seconds: number[], size: string): string {
  const colours = ['red', 'blue', 'green', 'white', 'purple', 'yellow'];
  const parts = seconds.map(
    (d, i) => `color=c=${colours[i % colours.length]}:s=${size}:r=${CLIP_FPS}:d=${d}[v${i}]`,
  );
  const inputs = seconds.map((_, i) => `[v${i}]`).join('');
  return `${parts.join(';')};${inputs}concat=n=${seconds.length}:v=1:a=0,format=yuv420p`;
}

export interface Clips {
  /** 10 s, 320×180 H.264 at 25 fps with cuts at CUTS_MS, AAC bursts. */
  cuts: string;
  /** The same picture with no audio stream. */
  silent: string;
  /** 60 s with cuts every 5 s and bursts (for cancel). */
  long: string;
  /** A steady 660 Hz tone (music take) and a noise hit (SFX take), WAV. */
  music: string;
  sfx: string;
  /** A text file with a video extension. */
  notMedia: string;
}

/** Makes the test clips with ffmpeg's lavfi sources in `dir`. */
export async function makeClips(dir: string): Promise<Clips> {
  const clips: Clips = {
    cuts: path.join(dir, 'cuts.mp4'),
    silent: path.join(dir, 'silent.mp4'),
    long: path.join(dir, 'long.mp4'),
    music: path.join(dir, 'music.wav'),
    sfx: path.join(dir, 'sfx.wav'),
    notMedia: path.join(dir, 'notes.mp4'),
  };
  const video = ['-c:v', 'libx264', '-preset', 'ultrafast', '-g', '50'];
  const audio = ['-c:a', 'aac', '-b:a', '96k', '-shortest'];
  await ffmpeg([
    '-f',
    'lavfi',
    '-i',
    shots([2, 2, 3.5, 2.5], '320x180'),
    '-f',
    'lavfi',
    '-i',
    BURSTS,
    ...video,
    ...audio,
    clips.cuts,
  ]);
  await ffmpeg(['-i', clips.cuts, '-map', '0:v', '-c', 'copy', clips.silent]);
  await ffmpeg([
    '-f',
    'lavfi',
    '-i',
    shots(Array<number>(12).fill(5), '320x180'),
    '-f',
    'lavfi',
    '-i',
    BURSTS,
    ...video,
    ...audio,
    clips.long,
  ]);
  await ffmpeg([
    '-f',
    'lavfi',
    '-i',
    'sine=frequency=660:sample_rate=48000:duration=10',
    clips.music,
  ]);
  await ffmpeg([
    '-f',
    'lavfi',
    '-i',
    'anoisesrc=color=pink:amplitude=0.6:duration=1.5:sample_rate=48000',
    clips.sfx,
  ]);
  const { writeFile } = await import('node:fs/promises');
  await writeFile(clips.notMedia, 'not a video\n');
  return clips;
}
