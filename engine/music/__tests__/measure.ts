import { runTool } from '../../../shared/node/toolchain';

/** Test helper: integrated loudness and true peak as ffmpeg's ebur128 filter reports them. */
export async function ebur128(
  inputArgs: string[],
): Promise<{ integrated: number; truePeak: number }> {
  const run = await runTool('ffmpeg', [
    '-hide_banner',
    '-nostats',
    ...inputArgs,
    '-af',
    'ebur128=peak=true',
    '-f',
    'null',
    '-',
  ]);
  const summary = run.stderr.slice(run.stderr.lastIndexOf('Summary:'));
  const integrated = Number(/I:\s+(-?[\d.]+|-inf) LUFS/.exec(summary)?.[1]);
  const truePeak = Number(/Peak:\s+(-?[\d.]+|-inf) dBFS/.exec(summary)?.[1]);
  if (!Number.isFinite(integrated))
    throw new Error(`no ebur128 summary: ${run.stderr.slice(-500)}`);
  return { integrated, truePeak };
}

/** RMS level (dBFS) of a file after an ffmpeg filter, e.g. a band-pass. */
export async function bandRms(path: string, filter: string): Promise<number> {
  const run = await runTool('ffmpeg', [
    '-hide_banner',
    '-nostats',
    '-i',
    path,
    '-af',
    // Plain astats: measure_overall/measure_perchannel are newer than the bundled ffmpeg.
    `${filter},astats`,
    '-f',
    'null',
    '-',
  ]);
  const overall = run.stderr.slice(run.stderr.lastIndexOf('Overall'));
  const match = /RMS level dB:\s+(-?[\d.]+|-inf)/.exec(overall);
  return Number(match?.[1] ?? Number.NaN);
}

export async function probe(
  path: string,
): Promise<{ codec: string; sampleRate: number; channels: number; duration: number }> {
  const run = await runTool('ffprobe', [
    '-v',
    'error',
    '-show_entries',
    'stream=codec_name,sample_rate,channels:format=duration',
    '-of',
    'json',
    path,
  ]);
  const json = JSON.parse(run.stdout.toString('utf8')) as {
    streams: { codec_name: string; sample_rate: string; channels: number }[];
    format: { duration: string };
  };
  const stream = json.streams[0]!;
  return {
    codec: stream.codec_name,
    sampleRate: Number(stream.sample_rate),
    channels: stream.channels,
    duration: Number(json.format.duration),
  };
}
