import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { tempDir, type Loose } from './harness';
import { toolPath } from '../../shared/node/toolchain';

const run = promisify(execFile);

export interface TestVideoOptions {
  seconds: number;
  width?: number;
  height?: number;
  fps?: number;
  withAudio?: boolean;
  /** Gain on the sound (1: as made, peaks near 0.1; 0.05 sits under any speech). */
  audioLevel?: number;
  /** Hard cuts at these times (s): each shot gets a different, clearly distinct picture. */
  cuts?: number[];
  /** Output folder; default a new temp folder. */
  dir?: string;
  name?: string;
}

const SHOT_COLORS = [
  '0x2050c0',
  '0xd03020',
  '0x20a040',
  '0xe0c020',
  '0x101010',
  '0xe0e0e0',
  '0x8030a0',
];

/**
 * A small H.264/AAC mp4 made with ffmpeg lavfi: testsrc2 (or solid shots when `cuts` are
 * given, so a scene detector sees exactly those cuts), with a 440 Hz tone plus light noise.
 */
export async function makeTestVideo(options: TestVideoOptions): Promise<string> {
  const { seconds, width = 320, height = 240, fps = 25, withAudio = true, cuts = [] } = options;
  const dir = options.dir ?? (await tempDir('soundstage-media-'));
  const out = join(dir, options.name ?? `video-${seconds}s${withAudio ? '' : '-silent'}.mp4`);
  const size = `${width}x${height}`;
  const inputs: string[] = [];
  let videoFilter: string;
  if (cuts.length === 0) {
    inputs.push('-f', 'lavfi', '-i', `testsrc2=size=${size}:rate=${fps}:duration=${seconds}`);
    videoFilter = '[0:v]format=yuv420p[v]';
  } else {
    const edges = [0, ...cuts.filter((c) => c > 0 && c < seconds), seconds];
    const shots = edges.slice(1).map((end, i) => end - edges[i]!);
    shots.forEach((length, i) => {
      inputs.push(
        '-f',
        'lavfi',
        '-i',
        `color=c=${SHOT_COLORS[i % SHOT_COLORS.length]}:size=${size}:rate=${fps}:duration=${length}`,
      );
    });
    videoFilter = `${shots.map((_, i) => `[${i}:v]`).join('')}concat=n=${shots.length}:v=1:a=0,format=yuv420p[v]`;
  }
  const args = ['-y', '-v', 'error', ...inputs];
  const maps = ['-map', '[v]'];
  let filter = videoFilter;
  if (withAudio) {
    const audioIndex = inputs.filter((x) => x === '-i').length;
    args.push('-f', 'lavfi', '-i', `sine=frequency=440:sample_rate=44100:duration=${seconds}`);
    args.push(
      '-f',
      'lavfi',
      '-i',
      `anoisesrc=color=pink:amplitude=0.05:sample_rate=44100:duration=${seconds}`,
    );
    // amix's own 1/2 per input is the half-and-half blend wanted (no normalize=0: the bundled
    // ffmpeg predates it); the padded second input keeps that scale to the end.
    filter += `;[${audioIndex + 1}:a]apad[noise];[${audioIndex}:a][noise]amix=inputs=2:duration=first,${options.audioLevel !== undefined ? `volume=${options.audioLevel},` : ''}aformat=channel_layouts=stereo[a]`;
    maps.push('-map', '[a]', '-c:a', 'aac', '-b:a', '96k');
  }
  args.push(
    '-filter_complex',
    filter,
    ...maps,
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-pix_fmt',
    'yuv420p',
  );
  args.push('-t', String(seconds), '-movflags', '+faststart', out);
  await run(toolPath('ffmpeg'), args);
  return out;
}

export interface TestAudioOptions {
  seconds: number;
  kind?: 'sine' | 'noise';
  frequency?: number;
  format?: 'wav' | 'm4a' | 'mp3' | 'flac';
  channels?: 1 | 2;
  sampleRate?: number;
  dir?: string;
  name?: string;
}

/** A tone or pink-noise audio file made with ffmpeg lavfi. */
export async function makeTestAudio(options: TestAudioOptions): Promise<string> {
  const {
    seconds,
    kind = 'sine',
    frequency = 440,
    format = 'wav',
    channels = 2,
    sampleRate = 44100,
  } = options;
  const dir = options.dir ?? (await tempDir('soundstage-media-'));
  const out = join(dir, options.name ?? `audio-${kind}-${seconds}s.${format}`);
  const source =
    kind === 'sine'
      ? `sine=frequency=${frequency}:sample_rate=${sampleRate}:duration=${seconds}`
      : `anoisesrc=color=pink:amplitude=0.3:sample_rate=${sampleRate}:duration=${seconds}`;
  const codec = {
    wav: ['-c:a', 'pcm_s16le'],
    m4a: ['-c:a', 'aac', '-b:a', '128k'],
    mp3: ['-c:a', 'libmp3lame', '-b:a', '128k'],
    flac: ['-c:a', 'flac'],
  }[format];
  await run(toolPath('ffmpeg'), [
    '-y',
    '-v',
    'error',
    '-f',
    'lavfi',
    '-i',
    source,
    '-ac',
    String(channels),
    ...codec,
    out,
  ]);
  return out;
}

/** ffprobe's JSON description of a file (format and streams). */
export async function ffprobeJson(
  path: string,
): Promise<{ format: Record<string, Loose>; streams: Record<string, Loose>[] }> {
  const { stdout } = await run(
    toolPath('ffprobe'),
    ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', path],
    {
      maxBuffer: 16 * 1024 * 1024,
    },
  );
  return JSON.parse(stdout) as { format: Record<string, Loose>; streams: Record<string, Loose>[] };
}
