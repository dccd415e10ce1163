import { fail, ok, type Result } from '../../../../shared/ipc/result';
import { planStretches, type KeyframeDiff, type Stretch, type VideoPacket } from './shot-stretches';
import { lastErrorLine, runTool, type SpawnTool } from './tool';

/**
 * Frames are shrunk before the scene score: decoding dominates the cost, and a cut between two
 * shots is as visible at 192 px as at full size. Deblocking is skipped for the same reason.
 * Inside a stretch frames are not skipped (no `-skip_frame noref`): a cut can land on a
 * B-frame, and skipping it would report the cut a frame or more late.
 */
const SCENE_WIDTH = 192;
/** Stretches decoded at once: one ffmpeg per core of the machine Soundstage is built for. */
const PARALLEL_STRETCHES = 2;

const SHOWINFO_FRAME = /Parsed_showinfo.*\bn:\s*\d+\s+pts:\s*-?\d+\s+pts_time:\s*(-?[\d.eE+-]+)/;
const METADATA_FRAME = /Parsed_metadata.*\bpts_time:\s*(-?[\d.eE+-]+)/;
const METADATA_AVG = /lavfi\.signalstats\.[YUV]AVG=([\d.]+)/;

/** The ms of each frame showinfo printed (the first frame of each new shot). */
export function parseShowinfoTimes(lines: readonly string[]): number[] {
  const times: number[] = [];
  for (const line of lines) {
    const match = SHOWINFO_FRAME.exec(line);
    if (!match) continue;
    const seconds = Number(match[1]);
    if (Number.isFinite(seconds) && seconds > 0) times.push(Math.round(seconds * 1000));
  }
  return times;
}

/** `pts_time=..|size=..|flags=K_` lines of ffprobe's compact packet listing. */
export function parsePackets(lines: readonly string[]): VideoPacket[] {
  const packets: VideoPacket[] = [];
  for (const line of lines) {
    const fields = new Map(line.split('|').map((pair) => pair.split('=', 2) as [string, string]));
    const time = Number(fields.get('pts_time'));
    const size = Number(fields.get('size'));
    const flags = fields.get('flags') ?? '';
    // Packets the demuxer marks for discard (D) are never shown: they cannot start a shot.
    if (!Number.isFinite(time) || !Number.isFinite(size) || flags.includes('D')) continue;
    packets.push({ time, size, key: flags.includes('K') });
  }
  return packets;
}

type Failure = Result<never>;

function toolFailure(run: { aborted: boolean; stderr: string }): Failure {
  if (run.aborted) return fail('canceled', 'Finding shot changes was canceled.');
  if (/matches no streams/i.test(run.stderr))
    return fail('no_video', 'This file has no picture, so it has no shot changes.');
  return fail('shots_failed', `Shot changes could not be found: ${lastErrorLine(run.stderr)}`);
}

/** The picture's pixel count from a `width=..|height=..` line, 0 when absent. */
export function parsePixels(lines: readonly string[]): number {
  for (const line of lines) {
    const match = /^width=(\d+)\|height=(\d+)/.exec(line);
    if (match) return Number(match[1]) * Number(match[2]);
  }
  return 0;
}

interface PacketListing {
  packets: VideoPacket[];
  pixels: number;
}

/** Pass 0: every video packet's time, size and key flag, read without decoding anything. */
async function listPackets(
  spawn: SpawnTool,
  filePath: string,
  signal?: AbortSignal,
): Promise<Result<PacketListing>> {
  const lines: string[] = [];
  const run = await runTool(
    spawn,
    'ffprobe',
    [
      '-v',
      'error',
      '-select_streams',
      'v:0',
      '-show_entries',
      'stream=width,height:packet=pts_time,size,flags',
      '-of',
      'compact=p=0',
      filePath,
    ],
    { signal, onStdoutLine: (line) => lines.push(line) },
  );
  if (run.aborted || run.code !== 0) return toolFailure(run);
  const packets = parsePackets(lines);
  if (packets.length === 0)
    return fail('no_video', 'This file has no picture, so it has no shot changes.');
  return ok({ packets, pixels: parsePixels(lines) });
}

/**
 * Pass 1: decodes only the keyframes and measures how far each differs from the one before
 * (the largest mean absolute difference of the Y, U and V planes, 0–255).
 */
async function scanKeyframes(
  spawn: SpawnTool,
  filePath: string,
  signal?: AbortSignal,
): Promise<Result<KeyframeDiff[]>> {
  const diffs: KeyframeDiff[] = [];
  const run = await runTool(
    spawn,
    'ffmpeg',
    [
      '-hide_banner',
      '-nostdin',
      '-nostats',
      '-v',
      'info',
      '-skip_frame',
      'nokey',
      '-copyts',
      '-i',
      filePath,
      '-map',
      '0:v:0',
      '-an',
      '-sn',
      '-dn',
      '-vf',
      `scale=${SCENE_WIDTH}:-2:flags=fast_bilinear,format=yuv420p,` +
        'tblend=all_mode=difference,signalstats,metadata=print',
      '-f',
      'null',
      '-',
    ],
    {
      signal,
      onStderrLine: (line) => {
        const frame = METADATA_FRAME.exec(line);
        if (frame) diffs.push({ time: Number(frame[1]), diff: 0 });
        const avg = METADATA_AVG.exec(line);
        const last = diffs.at(-1);
        if (avg && last) last.diff = Math.max(last.diff, Number(avg[1]));
      },
    },
  );
  if (run.aborted || run.code !== 0) return toolFailure(run);
  return ok(diffs);
}

/**
 * Pass 2: every frame of one stretch, scored; the times (own clock, s) of new shots after its
 * start. A cut on its second frame may be an artefact of the missing history (fast motion), so
 * then the stretch is decoded again from the keyframe before (docs/decisions/060).
 */
async function decodeStretch(
  spawn: SpawnTool,
  filePath: string,
  stretch: Stretch,
  threshold: number,
  frameSeconds: number,
  signal?: AbortSignal,
): Promise<Result<number[]>> {
  const found = await scoreStretch(
    spawn,
    filePath,
    stretch.start,
    stretch,
    threshold,
    frameSeconds,
    signal,
  );
  if (!found.ok || stretch.runUp === null) return found;
  const second = stretch.start + frameSeconds * 1.5;
  if (!found.value.some((seconds) => seconds <= second)) return found;
  return scoreStretch(spawn, filePath, stretch.runUp, stretch, threshold, frameSeconds, signal);
}

async function scoreStretch(
  spawn: SpawnTool,
  filePath: string,
  from: number,
  stretch: Stretch,
  threshold: number,
  frameSeconds: number,
  signal?: AbortSignal,
): Promise<Result<number[]>> {
  const frames: string[] = [];
  // Seeking a hair past the keyframe lands on it (the demuxer goes back to a keyframe) and
  // -noaccurate_seek keeps that keyframe, so its successor is scored against it.
  const range = ['-noaccurate_seek', '-ss', (from + 0.001).toFixed(6)];
  if (stretch.end !== null) range.push('-t', (stretch.end - from + frameSeconds / 2).toFixed(6));
  const run = await runTool(
    spawn,
    'ffmpeg',
    [
      '-hide_banner',
      '-nostdin',
      '-nostats',
      '-v',
      'info',
      '-skip_loop_filter',
      'all',
      '-threads',
      '1',
      '-copyts',
      ...range,
      '-i',
      filePath,
      '-map',
      '0:v:0',
      '-an',
      '-sn',
      '-dn',
      '-vf',
      `scale=${SCENE_WIDTH}:-2:flags=fast_bilinear,` +
        `select='gt(scene,${threshold.toFixed(3)})',showinfo`,
      '-f',
      'null',
      '-',
    ],
    {
      signal,
      onStderrLine: (line) => {
        if (line.includes('Parsed_showinfo') && line.includes('pts_time:')) frames.push(line);
      },
    },
  );
  if (run.aborted || run.code !== 0) return toolFailure(run);
  return ok(
    frames.flatMap((line) => {
      const match = SHOWINFO_FRAME.exec(line);
      const seconds = match ? Number(match[1]) : NaN;
      return seconds > stretch.start ? [seconds] : [];
    }),
  );
}

/** Runs `work` over `items`, at most `limit` at a time; stops at the first failure. */
async function inParallel<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<Result<R>>,
): Promise<Result<R[]>> {
  const results: R[] = [];
  let next = 0;
  let failure: Result<never> | null = null;
  const worker = async () => {
    while (next < items.length && !failure) {
      const result = await work(items[next++]!);
      if (result.ok) results.push(result.value);
      else failure ??= result;
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return failure ?? ok(results);
}

/** The typical frame duration (median gap between packet times), 1/30 s when unknown. */
function frameSecondsOf(packets: readonly VideoPacket[]): number {
  const times = packets.map((p) => p.time).sort((a, b) => a - b);
  const gaps = times
    .slice(1)
    .map((t, i) => t - times[i]!)
    .filter((gap) => gap > 0);
  if (gaps.length === 0) return 1 / 30;
  return gaps.sort((a, b) => a - b)[Math.floor(gaps.length / 2)]!;
}

/**
 * Shot changes by ffmpeg's scene score: every frame whose score exceeds `threshold` (0–1) starts
 * a shot. Times are measured from the first frame, as the player shows. Only the stretches
 * where the picture may have changed are decoded frame by frame (docs/decisions/060).
 */
export async function detectShots(
  spawn: SpawnTool,
  filePath: string,
  threshold: number,
  signal?: AbortSignal,
): Promise<Result<number[]>> {
  const packets = await listPackets(spawn, filePath, signal);
  if (!packets.ok) return packets;
  const scan = await scanKeyframes(spawn, filePath, signal);
  if (!scan.ok) return scan;
  // A cut scores above threshold×100 (mean absolute difference); keyframes further apart
  // than one frame are compared at half that, so a cut whose shots drift still asks.
  const { packets: list, pixels } = packets.value;
  const stretches = planStretches(list, pixels, scan.value, (threshold * 100) / 2);
  const frameSeconds = frameSecondsOf(list);
  const found = await inParallel(stretches, PARALLEL_STRETCHES, (stretch) =>
    decodeStretch(spawn, filePath, stretch, threshold, frameSeconds, signal),
  );
  if (!found.ok) return found;
  const first = list.reduce((min, p) => Math.min(min, p.time), Infinity);
  const times = new Set(found.value.flat().map((seconds) => Math.round((seconds - first) * 1000)));
  return ok([...times].filter((ms) => ms > 0).sort((a, b) => a - b));
}
