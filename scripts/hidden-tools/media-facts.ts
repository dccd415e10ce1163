import { join } from 'node:path';
import { FFMPEG_QUIET, runTool, TOOL, type ToolRun } from '../../shared/node/toolchain';

/** Below this mean volume a result counts as silent (digital silence reads about -91 dB). */
export const SILENT_BELOW_DB = -60;

function failure(tool: string, run: ToolRun): Error {
  return new Error(`${tool} failed (${run.code}): ${run.stderr.trim().slice(-600)}`);
}

/** Length of the first audio stream in seconds, read by the toolchain's ffprobe. */
export async function audioSeconds(path: string): Promise<number> {
  const run = await runTool(TOOL.ffprobe, [
    '-v',
    'error',
    '-select_streams',
    'a:0',
    '-show_entries',
    'stream=duration:format=duration',
    '-of',
    'json',
    path,
  ]);
  if (run.code !== 0) throw failure('ffprobe', run);
  const facts = JSON.parse(run.stdout.toString()) as {
    streams?: { duration?: string }[];
    format?: { duration?: string };
  };
  const seconds = Number(facts.streams?.[0]?.duration ?? facts.format?.duration);
  if (!Number.isFinite(seconds)) throw new Error(`ffprobe found no audio length in ${path}`);
  return seconds;
}

/** Mean volume of the first audio stream in dB (ffmpeg's volumedetect, via the toolchain). */
export async function meanVolumeDb(path: string): Promise<number> {
  const run = await runTool(TOOL.ffmpeg, [
    '-hide_banner',
    '-nostdin',
    '-nostats',
    '-i',
    path,
    '-map',
    '0:a:0',
    '-af',
    'volumedetect',
    '-f',
    'null',
    '-',
  ]);
  const match = /mean_volume:\s*(-?[\d.]+|-inf) dB/.exec(run.stderr);
  if (run.code !== 0 || !match?.[1]) throw failure('ffmpeg volumedetect', run);
  return match[1] === '-inf' ? -Infinity : Number(match[1]);
}

/**
 * A short H.264/AAC clip made with the toolchain's ffmpeg: a test picture and pink noise, or a
 * silent track (no speech either way: a scripted dub does not need any). Uses only filters the
 * 2018 bundled build has.
 */
export async function makeClip(
  dir: string,
  seconds: number,
  { silent }: { silent: boolean },
): Promise<string> {
  const out = join(dir, `clip-${seconds}s${silent ? '-silent' : ''}.mp4`);
  const sound = silent
    ? `anullsrc=channel_layout=stereo:sample_rate=44100,atrim=duration=${seconds}`
    : `anoisesrc=color=pink:amplitude=0.1:sample_rate=44100:duration=${seconds}`;
  const run = await runTool(TOOL.ffmpeg, [
    ...FFMPEG_QUIET,
    '-y',
    '-f',
    'lavfi',
    '-i',
    `testsrc2=size=320x240:rate=25:duration=${seconds}`,
    '-f',
    'lavfi',
    '-i',
    sound,
    '-map',
    '0:v',
    '-map',
    '1:a',
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    '-b:a',
    '96k',
    '-ac',
    '2',
    out,
  ]);
  if (run.code !== 0) throw failure('ffmpeg', run);
  return out;
}
