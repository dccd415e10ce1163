import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { toolPath } from '../../../shared/node/toolchain';
import { speakWithEspeakWasm } from '../../speech/espeak-wasm';
import { hasFestivalEnglish, hasNativeEspeak } from '../../testing/optional-tools';

/** Small real media for the media tests, made with ffmpeg, sox and the speech synthesisers. */

export function makeTempDir(name: string): { dir: string; cleanup: () => void } {
  const dir = mkdtempSync(join(tmpdir(), `soundstage-${name}-`));
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

function ffmpeg(args: string[]): void {
  execFileSync(toolPath('ffmpeg'), [
    '-hide_banner',
    '-nostdin',
    '-loglevel',
    'error',
    '-y',
    ...args,
  ]);
}

/**
 * 9 s, 320x180, 25 fps, three shots with hard cuts at 3 s and 6 s: a still dark-blue frame, a
 * moving bright test pattern, and a still grey frame in which a white box sweeps across
 * between 7.0 and 7.6 s (a motion peak). With `audio`, a 440 Hz tone rides along.
 */
export function makeCutsVideo(path: string, options: { audio?: boolean; fps?: number } = {}): void {
  const fps = options.fps ?? 25;
  const graph =
    `color=c=0x101a50:s=320x180:r=${fps}:d=3[a];` +
    `testsrc2=s=320x180:r=${fps}:d=3[b];` +
    `color=c=0x707070:s=320x180:r=${fps}:d=3[bg];color=c=white:s=60x60:r=${fps}:d=3[box];` +
    `[bg][box]overlay=x='if(between(t,1,1.6),(t-1)*450,if(lt(t,1),0,270))':y=60[c];` +
    `[a][b][c]concat=n=3:v=1:a=0,format=yuv420p[v]`;
  const audio = options.audio ? ['-f', 'lavfi', '-i', 'sine=f=440:d=9:sample_rate=48000'] : [];
  ffmpeg([
    '-f',
    'lavfi',
    '-i',
    'nullsrc=s=16x16:d=0.1',
    ...audio,
    '-filter_complex',
    graph,
    '-map',
    '[v]',
    ...(options.audio ? ['-map', '1:a'] : []),
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-g',
    '50',
    '-pix_fmt',
    'yuv420p',
    ...(options.audio ? ['-c:a', 'aac', '-b:a', '96k'] : []),
    '-t',
    '9',
    path,
  ]);
}

/**
 * 24 s, 320x180 at 29.97 fps (frame times off the 5 fps grid), a moving test pattern whose
 * hue jumps at 5, 12 and 17 s (hard cuts; 12 s is the middle, where a two-part analysis
 * joins), keyframes every 3 s so a seek lands away from the join.
 */
export function makeLongCutsVideo(path: string): void {
  ffmpeg([
    '-f',
    'lavfi',
    '-i',
    'testsrc2=s=320x180:r=30000/1001:d=24',
    '-vf',
    "hue=H='if(gte(t,17),4,if(gte(t,12),2.5,if(gte(t,5),1.2,0)))',format=yuv420p",
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-g',
    '90',
    path,
  ]);
}

/**
 * Speech from espeak-ng (any language voice) as a 16-bit WAV: the program when installed, else
 * the WebAssembly build bundled with the app (same voices, its default speed).
 */
export async function makeEspeak(path: string, text: string, voice = 'en-us'): Promise<void> {
  if (hasNativeEspeak)
    execFileSync(toolPath('espeak-ng'), ['-v', voice, '-s', '160', '-w', path, text]);
  else await writeFile(path, await speakWithEspeakWasm(voice, text));
}

/**
 * Speech from Festival's English diphone voice as a WAV (clearer than espeak); espeak-ng's
 * English where Festival is not installed, which these fixtures only need as speech.
 */
export async function makeFestival(path: string, text: string): Promise<void> {
  if (hasFestivalEnglish) execFileSync(toolPath('text2wave'), ['-o', path], { input: text });
  else await makeEspeak(path, text);
}

/**
 * Places speech files at known times in a mono 48 kHz track of `seconds` length; the returned
 * spans are where each file's audible part lies (measured, so TTS lead-in silence is excluded).
 */
export function placeSpeech(
  path: string,
  clips: { file: string; at: number }[],
  seconds: number,
): void {
  const inputs = clips.flatMap((c) => ['-i', c.file]);
  const delayed = clips
    .map(
      (c, i) =>
        `[${i + 1}:a]aresample=48000,pan=mono|c0=c0,adelay=${Math.round(c.at * 1000)},apad[s${i}]`,
    )
    .join(';');
  const labels = clips.map((_, i) => `[s${i}]`).join('');
  ffmpeg([
    '-f',
    'lavfi',
    '-i',
    // anullsrc's d= is newer than the bundled ffmpeg: atrim gives the length.
    `anullsrc=r=48000:cl=mono,atrim=end=${seconds}`,
    ...inputs,
    '-filter_complex',
    `${delayed};[0:a]${labels}amix=inputs=${clips.length + 1}:duration=first,volume=${clips.length + 1}[out]`,
    '-map',
    '[out]',
    '-c:a',
    'pcm_s16le',
    path,
  ]);
}

/**
 * Music-like stereo audio: changing triad chords (sine partials with a slow swell), a bass
 * line and a noise "hat" on every half beat at 120 BPM. Level about -20 LUFS.
 */
export function makeMusic(path: string, seconds: number, options: { stereo?: boolean } = {}): void {
  const chords = [
    [261.63, 329.63, 392.0],
    [220.0, 261.63, 329.63],
    [174.61, 220.0, 261.63],
    [196.0, 246.94, 293.66],
  ];
  const chordExpr = (freq: (chord: number[]) => number): string =>
    chords
      .map(
        (c, i) =>
          `${i < chords.length - 1 ? `if(eq(mod(floor(t/2),4),${i}),` : ''}sin(2*PI*${freq(c)}*t)`,
      )
      .join(',')
      .concat(')'.repeat(chords.length - 1));
  const voices = [0, 1, 2].map((v) => chordExpr((c) => c[v] ?? 220)).join('+');
  const pad = `(${voices})*0.06*(0.6+0.4*sin(2*PI*0.25*t))`;
  const bass = `0.12*${chordExpr((c) => (c[0] ?? 220) / 2)}`;
  const hat = `0.05*(random(0)*2-1)*exp(-40*mod(t,0.25))`;
  const expr = `${pad}+${bass}+${hat}`;
  const channels =
    options.stereo === false ? expr : `${expr}|${expr.replace('random(0)', 'random(1)')}`;
  ffmpeg([
    '-f',
    'lavfi',
    '-i',
    `aevalsrc='${channels}':s=48000:d=${seconds}`,
    '-c:a',
    'pcm_s16le',
    path,
  ]);
}

export function probeJson(path: string): {
  format: { duration: string };
  streams: Record<string, unknown>[];
} {
  return JSON.parse(
    execFileSync(toolPath('ffprobe'), [
      '-v',
      'error',
      '-print_format',
      'json',
      '-show_format',
      '-show_streams',
      path,
    ]).toString(),
  );
}

/** MD5 of the video stream's packets: equal only when the picture was stream-copied bit for bit. */
export function videoStreamMd5(path: string): string {
  return execFileSync(toolPath('ffmpeg'), [
    '-hide_banner',
    '-loglevel',
    'error',
    '-i',
    path,
    '-map',
    '0:v',
    '-c',
    'copy',
    '-f',
    'md5',
    '-',
  ])
    .toString()
    .trim();
}

/** Mean volume (dB) of a time window of a file's audio, measured by ffmpeg volumedetect. */
export function meanVolumeDb(
  path: string,
  start: number,
  duration: number,
  filter = 'anull',
): number {
  const run = spawnSync(
    toolPath('ffmpeg'),
    [
      '-hide_banner',
      '-nostats',
      '-ss',
      String(start),
      '-t',
      String(duration),
      '-i',
      path,
      '-af',
      `${filter},volumedetect`,
      '-f',
      'null',
      '-',
    ],
    { encoding: 'utf8' },
  );
  const match = /mean_volume:\s*(-?[\d.]+|-inf)/.exec(run.stderr);
  return match?.[1] === '-inf' ? -Infinity : Number(match?.[1] ?? NaN);
}

/** Where a clean voice file is audible: 20 ms frames above -45 dBFS, pauses under 0.35 s bridged. */
export function audibleSpans(path: string): { start: number; end: number }[] {
  const raw = execFileSync(
    toolPath('ffmpeg'),
    [
      '-hide_banner',
      '-loglevel',
      'error',
      '-i',
      path,
      '-ac',
      '1',
      '-ar',
      '16000',
      '-f',
      'f32le',
      '-',
    ],
    {
      maxBuffer: 256 * 1024 * 1024,
    },
  );
  const samples = new Float32Array(
    raw.buffer.slice(raw.byteOffset, raw.byteOffset + raw.length - (raw.length % 4)),
  );
  const spans: { start: number; end: number }[] = [];
  let start = -1;
  let lastLoud = -1;
  for (let f = 0; (f + 2) * 160 <= samples.length; f += 1) {
    let energy = 0;
    for (let i = 0; i < 320; i += 1) energy += (samples[f * 160 + i] ?? 0) ** 2;
    const t = f / 100;
    if (10 * Math.log10(energy / 320 + 1e-12) > -45) {
      if (start < 0) start = t;
      lastLoud = t + 0.02;
    } else if (start >= 0 && t - lastLoud > 0.35) {
      spans.push({ start, end: lastLoud });
      start = -1;
    }
  }
  if (start >= 0) spans.push({ start, end: lastLoud });
  return spans;
}

/** Seconds of `spans` covered by `by`. */
export function overlapSeconds(
  spans: { start: number; end: number }[],
  by: { start: number; end: number }[],
): number {
  let total = 0;
  for (const a of spans)
    for (const b of by) total += Math.max(0, Math.min(a.end, b.end) - Math.max(a.start, b.start));
  return total;
}

/** Mixes two audio files sample-aligned, the second at `gainDb`, into a mono 48 kHz WAV. */
export function mixFiles(path: string, first: string, second: string, gainDb: number): void {
  ffmpeg([
    '-i',
    first,
    '-i',
    second,
    '-filter_complex',
    `[0:a]aresample=48000,aformat=channel_layouts=mono[a];[1:a]aresample=48000,aformat=channel_layouts=mono,volume=${gainDb}dB,apad[b];[a][b]amix=inputs=2:duration=first,volume=2`,
    '-c:a',
    'pcm_s16le',
    path,
  ]);
}

/** A video whose picture is `pictureFrom`'s and whose audio is `audioFrom` (AAC), cut to the picture. */
export function videoWithAudio(path: string, pictureFrom: string, audioFrom: string): void {
  ffmpeg([
    '-i',
    pictureFrom,
    '-i',
    audioFrom,
    '-map',
    '0:v:0',
    '-map',
    '1:a:0',
    '-c:v',
    'copy',
    '-c:a',
    'aac',
    '-shortest',
    path,
  ]);
}
