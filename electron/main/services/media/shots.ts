import { availableParallelism } from 'node:os';
import {
  planEqualRanges,
  planShotRanges,
  rangeOwns,
  type ShotRange,
} from '../../../../shared/domain/timeline/shot-ranges';
import { fail, ok, type Result } from '../../../../shared/ipc/result';
import {
  lastErrorLine,
  runTool,
  SCENE_SCORE_INPUT,
  type SpawnTool,
  TOOL,
} from '../../../../shared/node/toolchain';

/**
 * Frames are shrunk before the scene score: a cut between two shots is as visible at 192 px as
 * at full size. Deblocking is skipped for the same reason.
 */
const SCENE_WIDTH = 192;

/** More decoders than this gain nothing and cost memory (each holds its reference frames). */
const MAX_PARALLEL_DECODERS = 4;

/**
 * How the picture is decoded. H.264 has no low-resolution decode, so decoding every full-size
 * frame is nearly all the cost (the filters after it are a few per cent). `cheap` skips the
 * frames no other frame refers to (`-skip_frame noref`, which the bundled 2018 ffmpeg knows;
 * `nonref` is a newer spelling it rejects): about 40 % less CPU on x264 files, and since every
 * reference frame is still decoded the gap between two decoded frames stays at most 3 frames, so
 * a cut is reported at most 2 frames late (docs/decisions/093-shot-changes-cheap-decode.md).
 * `full` decodes every frame: the recall test measures the cheap decode against it.
 */
export type ShotDecode = 'cheap' | 'full';

const DECODE_OPTIONS: Record<ShotDecode, string[]> = {
  cheap: ['-skip_loop_filter', 'all', '-skip_frame', 'noref'],
  full: ['-skip_loop_filter', 'all'],
};

export interface DetectShotsOptions {
  signal?: AbortSignal;
  /**
   * Called with each shot change's ms as soon as a decoder prints it: in time order within each
   * range, ranges interleaved (the timeline sorts them, shared/domain/timeline/found-shots.ts).
   */
  onShot?: (ms: number) => void;
  decode?: ShotDecode;
  /** Split into exactly this many ranges (tests force a split of a short clip). */
  ranges?: number;
}

const SHOWINFO_FRAME = /Parsed_showinfo.*\bn:\s*\d+\s+pts:\s*-?\d+\s+pts_time:\s*(-?[\d.eE+-]+)/;

/** The seconds of the frame one showinfo line describes, or null for any other line. */
export function parseShowinfoSeconds(line: string): number | null {
  const match = SHOWINFO_FRAME.exec(line);
  if (!match) return null;
  const seconds = Number(match[1]);
  return Number.isFinite(seconds) ? seconds : null;
}

interface VideoTiming {
  /** Format duration, null when the container does not say. */
  durationMs: number | null;
  /** The picture's first time stamp (ms), which the reported times are measured from. */
  videoStartMs: number;
  /** How far the picture starts after the file (ms): `-ss` counts from the file's start. */
  videoAfterFileMs: number;
}

/**
 * Duration and start times in one ffprobe run (no decoding). Null when ffprobe cannot tell (the
 * bundled ffprobe crashes on some MPEG-TS files): the file is then scanned whole, as one range.
 */
async function probeTiming(
  spawn: SpawnTool,
  filePath: string,
  signal: AbortSignal,
): Promise<Result<VideoTiming | null>> {
  const run = await runTool(
    TOOL.ffprobe,
    [
      ...['-v', 'error', '-select_streams', 'v:0', '-print_format', 'json'],
      ...['-show_entries', 'stream=start_time:format=duration,start_time', '--', filePath],
    ],
    { spawn, signal },
  );
  if (run.aborted) return fail('canceled', 'Finding shot changes was canceled.');
  if (run.code !== 0) return ok(null);
  let parsed: {
    streams?: { start_time?: string }[];
    format?: { duration?: string; start_time?: string };
  };
  try {
    parsed = JSON.parse(run.stdout.toString('utf8')) as typeof parsed;
  } catch {
    return ok(null);
  }
  const stream = parsed.streams?.[0];
  if (!stream) return fail('no_video', 'This file has no picture, so it has no shot changes.');
  const ms = (value: string | undefined) => {
    const n = Number(value);
    return value !== undefined && Number.isFinite(n) ? Math.round(n * 1000) : null;
  };
  const videoStartMs = ms(stream.start_time) ?? 0;
  return ok({
    durationMs: ms(parsed.format?.duration),
    videoStartMs,
    videoAfterFileMs: videoStartMs - (ms(parsed.format?.start_time) ?? videoStartMs),
  });
}

const seconds = (ms: number) => (ms / 1000).toFixed(3);

/**
 * The ffmpeg arguments that scan one range, times kept as in the file (`-copyts`); without the
 * timing (one range over the whole file), times are measured from the first frame instead.
 */
function rangeArgs(
  filePath: string,
  threshold: number,
  decode: ShotDecode,
  range: ShotRange,
  timing: VideoTiming | null,
  singleThreaded: boolean,
): string[] {
  const seek =
    timing && range.decodeFromMs > 0
      ? ['-ss', seconds(range.decodeFromMs + timing.videoAfterFileMs)]
      : [];
  // A little past the range's end, so its last frames are scored; later ones are not its own.
  const length = Number.isFinite(range.toMs)
    ? ['-t', seconds(range.toMs - range.decodeFromMs + 200)]
    : [];
  return [
    ...['-hide_banner', '-nostdin', '-nostats', '-v', 'info'],
    ...DECODE_OPTIONS[decode],
    // One thread per decoder when decoders run side by side: frame threads would only compete.
    ...(singleThreaded ? ['-threads', '1'] : []),
    ...seek,
    ...length,
    ...(timing ? ['-copyts'] : []),
    '-i',
    filePath,
    ...['-map', '0:v:0', '-an', '-sn', '-dn'],
    '-vf',
    `${timing ? '' : 'setpts=PTS-STARTPTS,'}scale=${SCENE_WIDTH}:-2:flags=fast_bilinear,${SCENE_SCORE_INPUT},` +
      `select='gt(scene,${threshold.toFixed(3)})',showinfo`,
    ...['-f', 'null', '-'],
  ];
}

/**
 * Shot changes by ffmpeg's scene score: every frame whose score exceeds `threshold` (0–1) starts
 * a shot. Times are measured from the picture's first time stamp, as the player shows them. A
 * long file is split into one time range per core, each scanned by its own decoder at the same
 * time (docs/decisions/099-shot-changes-in-parallel-ranges.md); a cancel or a failed range stops
 * every decoder at once.
 */
export async function detectShots(
  spawn: SpawnTool,
  filePath: string,
  threshold: number,
  options: DetectShotsOptions = {},
): Promise<Result<number[]>> {
  const { onShot, decode = 'cheap' } = options;
  const stop = new AbortController();
  const onAbort = () => stop.abort();
  options.signal?.addEventListener('abort', onAbort, { once: true });
  if (options.signal?.aborted) stop.abort();
  try {
    const timing = await probeTiming(spawn, filePath, stop.signal);
    if (!timing.ok) return timing;
    const durationMs = timing.value?.durationMs ?? null;
    const startMs = timing.value?.videoStartMs ?? 0;
    const ranges =
      options.ranges !== undefined && durationMs !== null
        ? planEqualRanges(durationMs, options.ranges)
        : planShotRanges(durationMs, Math.min(availableParallelism(), MAX_PARALLEL_DECODERS));
    const found: number[] = [];
    const results = await Promise.all(
      ranges.map(async (range) => {
        const run = await runTool(
          TOOL.ffmpeg,
          rangeArgs(filePath, threshold, decode, range, timing.value, ranges.length > 1),
          {
            spawn,
            // Nothing is written, so there is nothing to close: every decoder dies at once.
            killGraceMs: 0,
            signal: stop.signal,
            onStderrLine: (line) => {
              if (!line.includes('Parsed_showinfo')) return;
              const at = parseShowinfoSeconds(line);
              if (at === null) return;
              const ms = Math.round(at * 1000) - startMs;
              if (ms <= 0 || !rangeOwns(range, ms)) return;
              found.push(ms);
              onShot?.(ms);
            },
          },
        );
        // One failed range makes the whole answer wrong: stop the others now.
        if (run.code !== 0 && !run.aborted) stop.abort();
        return run;
      }),
    );
    if (options.signal?.aborted) return fail('canceled', 'Finding shot changes was canceled.');
    const failed = results.find((run) => run.code !== 0 && !run.aborted) ?? results[0]!;
    if (failed.code !== 0) {
      if (/matches no streams/i.test(failed.stderr))
        return fail('no_video', 'This file has no picture, so it has no shot changes.');
      return fail(
        'shots_failed',
        `Shot changes could not be found: ${lastErrorLine(failed.stderr)}`,
      );
    }
    return ok([...new Set(found)].sort((a, b) => a - b));
  } finally {
    options.signal?.removeEventListener('abort', onAbort);
  }
}
