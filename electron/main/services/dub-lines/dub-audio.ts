import {
  FFMPEG_QUIET,
  FFMPEG_QUIET_OVERWRITE,
  lastErrorLine,
  runTool,
  TOOL,
} from '../../../../shared/node/toolchain';

/**
 * The ffmpeg steps of a line re-dub (docs/dubbing.md "Re-dub one line"): read a dub's audio
 * format, decode audio to 16-bit PCM, and cut the window of the original video that is sent to
 * the service. Only arguments the bundled 2018 ffmpeg knows are used.
 */

export type Outcome<T> = { ok: true; value: T } | { ok: false; message: string };

export interface AudioFormat {
  sampleRate: number;
  channels: number;
}

/** The first audio stream's sample rate and channel count (ffprobe). */
export async function audioFormat(
  file: string,
  signal?: AbortSignal,
): Promise<Outcome<AudioFormat>> {
  const run = await runTool(
    TOOL.ffprobe,
    [
      '-v',
      'error',
      '-select_streams',
      'a:0',
      '-show_entries',
      'stream=sample_rate,channels',
      '-of',
      'json',
      file,
    ],
    { signal },
  );
  if (run.code !== 0)
    return { ok: false, message: `The dub cannot be read: ${lastErrorLine(run.stderr)}` };
  const stream = (
    JSON.parse(run.stdout.toString('utf8')) as {
      streams?: { sample_rate?: string; channels?: number }[];
    }
  ).streams?.[0];
  const sampleRate = Number(stream?.sample_rate);
  const channels = Number(stream?.channels);
  if (!(sampleRate > 0) || !(channels > 0))
    return { ok: false, message: 'The dub has no audio track; dub the whole video again.' };
  return { ok: true, value: { sampleRate, channels } };
}

/** The file's first audio stream (or `durationMs` of it from `startMs`) as interleaved s16le PCM. */
export async function decodePcm(
  file: string,
  format: AudioFormat,
  options: { signal?: AbortSignal; startMs?: number; durationMs?: number } = {},
): Promise<Outcome<Int16Array>> {
  const { signal, startMs, durationMs } = options;
  const range = [
    // µs precision: a splice seeks to an exact sample (a sample at 48 kHz is about 21 µs).
    ...(startMs !== undefined ? ['-ss', (startMs / 1000).toFixed(6)] : []),
    ...(durationMs !== undefined ? ['-t', (durationMs / 1000).toFixed(6)] : []),
  ];
  const run = await runTool(
    TOOL.ffmpeg,
    [
      ...FFMPEG_QUIET,
      ...range,
      '-i',
      file,
      '-map',
      '0:a:0',
      '-f',
      's16le',
      '-acodec',
      'pcm_s16le',
      '-ar',
      String(format.sampleRate),
      '-ac',
      String(format.channels),
      'pipe:1',
    ],
    { signal },
  );
  if (run.aborted) return { ok: false, message: 'Stopped.' };
  if (run.code !== 0)
    return { ok: false, message: `The audio cannot be decoded: ${lastErrorLine(run.stderr)}` };
  const bytes = run.stdout;
  // Copied into its own buffer: Int16Array needs an even, aligned byte offset.
  const pcm = new Int16Array(Math.floor(bytes.length / 2));
  Buffer.from(pcm.buffer).set(bytes.subarray(0, pcm.length * 2));
  return { ok: true, value: pcm };
}

/**
 * The window [startMs, endMs) of the original video as a small mp4 of its own, re-encoded so it
 * starts exactly at startMs (a stream copy would start at the keyframe before it). Its length is
 * what the service bills.
 */
export async function cutWindow(
  video: string,
  startMs: number,
  endMs: number,
  out: string,
  signal?: AbortSignal,
): Promise<Outcome<string>> {
  const run = await runTool(
    TOOL.ffmpeg,
    [
      ...FFMPEG_QUIET_OVERWRITE,
      '-ss',
      (startMs / 1000).toFixed(3),
      '-i',
      video,
      '-t',
      ((endMs - startMs) / 1000).toFixed(3),
      '-map',
      '0:v:0',
      '-map',
      '0:a:0?',
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-pix_fmt',
      'yuv420p',
      '-c:a',
      'aac',
      '-b:a',
      '192k',
      '-movflags',
      '+faststart',
      out,
    ],
    { signal },
  );
  if (run.code !== 0)
    return {
      ok: false,
      message: `The line's window could not be cut: ${lastErrorLine(run.stderr)}`,
    };
  return { ok: true, value: out };
}
