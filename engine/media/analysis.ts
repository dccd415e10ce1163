import { mkdtempSync } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { summariseAnalysis, type VideoAnalysis } from './analysis-stats';
import { parseMetadataPrint, type PrintedFrame } from './metadata-print';
import { probeMedia } from './probe';
import {
  FFMPEG_QUIET_OVERWRITE,
  lastErrorLine,
  runTool,
  SCENE_SCORE_INPUT,
  TOOL,
} from '../../shared/node/toolchain';

export type { ShotStats, SecondStats, VideoAnalysis } from './analysis-stats';

export type AnalysisOutcome = { ok: true; value: VideoAnalysis } | { ok: false; message: string };

export interface AnalyzeOptions {
  signal?: AbortSignal;
  /** Scene-change score (0–1) above which a frame starts a new shot. */
  sceneThreshold?: number;
  /**
   * The file's duration from the caller's own probe, which also checked that it has a picture
   * (an upload's validation): the file is then not probed again and the decode starts at once.
   */
  durationSeconds?: number;
  /**
   * Decodes at once (default: two halves from SPLIT_MIN_SECONDS on, where there are two
   * cores). Both give the same analysis (tested).
   */
  parts?: 1 | 2;
}

type AnalysisError = { ok: false; message: string };

/**
 * From this length on the picture is decoded as two halves at once, one core each: one ffmpeg
 * ran on about one core (its filters are one thread), and the analysis heads the critical path
 * of every video task (docs/decisions/103-video-sound-overlap.md).
 */
const SPLIT_MIN_SECONDS = 20;
/** The second half starts decoding this early, so its first kept frames have their past. */
const WARM_UP_SECONDS = 1;

/**
 * ffmpeg's scene score is min(frame difference, change of that difference), so a cut between two
 * flat shots of similar luma scores low, while motion inside a shot (pans, zooms, noise) scores
 * lower still because its difference is steady. On ffmpeg 5's YUV score a similar-luma cut gave
 * ~0.14 and motion under ~0.07; on the RGB score every ffmpeg now shares (SCENE_SCORE_INPUT) the
 * test clip's cuts give 0.44-0.47 and a sweeping box 0.02. 0.1 is scdet's default; 0.3 missed
 * plain colour-to-colour cuts on the YUV score.
 */
const DEFAULT_SCENE_THRESHOLD = 0.1;

/**
 * Cheaper decoding for measuring: no deblocking, and frames nothing else references are skipped
 * (about a quarter less CPU on H.264 with B-frames). Encoders start a new shot with a reference
 * frame, so hard cuts are still found on the exact frame.
 */
const DECODE_SHORTCUTS = ['-skip_loop_filter', 'all', '-skip_frame', 'noref'];

/** Escapes a path for use as a filter option value inside an ffmpeg filtergraph. */
function filterPath(path: string): string {
  return path.replace(/\\/g, '\\\\\\\\').replace(/'/g, "\\\\\\'").replace(/:/g, '\\\\:');
}

/**
 * Measures a video's picture in ONE ffmpeg decode: hard cuts from the scene score on every
 * frame, and brightness, colour and motion (signalstats YAVG/UAVG/VAVG and YDIF, the mean
 * luma change from the previous sampled frame) at 5 fps. Frames are shrunk to 160 px wide first:
 * decoding dominates the cost, and the statistics do not need detail.
 */
export async function analyzeVideo(
  path: string,
  options: AnalyzeOptions = {},
): Promise<AnalysisOutcome> {
  let durationSeconds = options.durationSeconds;
  if (durationSeconds === undefined) {
    const probe = await probeMedia(path, options.signal);
    if (!probe.ok) return probe;
    if (!probe.hasVideo) return { ok: false, message: 'The file has no video track.' };
    durationSeconds = probe.durationSeconds;
  }
  const parts =
    options.parts ?? (durationSeconds >= SPLIT_MIN_SECONDS && availableParallelism() >= 2 ? 2 : 1);
  // Synchronous (one syscall), so that with a known duration ffmpeg is started before this
  // call returns: a caller that then runs JS for a while (the effects' ambience beside this
  // decode, docs/decisions/103-video-sound-overlap.md) does not hold the decode back.
  const dir = mkdtempSync(join(tmpdir(), 'soundstage-analysis-'));
  try {
    const threshold = options.sceneThreshold ?? DEFAULT_SCENE_THRESHOLD;
    // Whole seconds, so the second part's 5 fps grid is the one a single decode samples.
    const middle = Math.round(durationSeconds / 2);
    const ranges: DecodeRange[] =
      parts === 2
        ? [
            { name: 'first', before: middle },
            { name: 'second', seekTo: middle - WARM_UP_SECONDS, keepFrom: middle },
          ]
        : [{ name: 'whole' }];
    const decoded = await Promise.all(
      ranges.map((range) => decodeRange(path, range, dir, threshold, parts, options.signal)),
    );
    const cutFrames: PrintedFrame[] = [];
    const statFrames: PrintedFrame[] = [];
    for (const part of decoded) {
      if (!part.ok) return part;
      cutFrames.push(...part.value.cuts);
      statFrames.push(...part.value.stats);
    }
    if (statFrames.length === 0)
      return { ok: false, message: 'Video analysis failed: no frames could be decoded.' };
    return { ok: true, value: summariseAnalysis(cutFrames, statFrames, durationSeconds) };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * A stretch of the picture one ffmpeg decodes: frames before `before` s, or from `seekTo` s
 * on, of which only those from `keepFrom` s on count (the scene score and the motion figure
 * each compare a frame with the ones before it, which a decode that starts there lacks).
 */
interface DecodeRange {
  name: string;
  before?: number;
  seekTo?: number;
  keepFrom?: number;
}

async function decodeRange(
  path: string,
  range: DecodeRange,
  dir: string,
  threshold: number,
  parts: number,
  signal: AbortSignal | undefined,
): Promise<{ ok: true; value: { cuts: PrintedFrame[]; stats: PrintedFrame[] } } | AnalysisError> {
  const cutsFile = join(dir, `cuts-${range.name}.txt`);
  const statsFile = join(dir, `stats-${range.name}.txt`);
  const graph =
    `[0:v:0]scale=160:-2:flags=fast_bilinear,split[scene][stats];` +
    `[scene]${SCENE_SCORE_INPUT},select='gt(scene,${threshold})',metadata=print:file=${filterPath(cutsFile)},nullsink;` +
    `[stats]fps=5,signalstats,metadata=print:file=${filterPath(statsFile)}[out]`;
  const run = await runTool(
    TOOL.ffmpeg,
    [
      ...FFMPEG_QUIET_OVERWRITE,
      ...DECODE_SHORTCUTS,
      // Two decodes at once use a core each: frame threads would only add their overhead.
      ...(parts > 1 ? ['-threads', '1'] : []),
      ...(range.before !== undefined ? ['-t', String(range.before)] : []),
      // Timestamps stay those of a whole decode (from the file's start), so the parts'
      // printed times, and the 5 fps grid, are the ones a single decode has.
      ...(range.seekTo !== undefined
        ? ['-ss', String(range.seekTo), '-copyts', '-start_at_zero']
        : []),
      '-i',
      path,
      '-an',
      '-sn',
      '-dn',
      '-filter_complex',
      graph,
      '-map',
      '[out]',
      '-f',
      'null',
      '-',
    ],
    { signal, stage: 'decode' },
  );
  if (run.aborted) return { ok: false, message: 'Analysis was canceled.' };
  if (run.code !== 0)
    return { ok: false, message: `Video analysis failed: ${lastErrorLine(run.stderr)}` };
  const [cutsText, statsText] = await Promise.all([
    readFile(cutsFile, 'utf8').catch(() => ''),
    readFile(statsFile, 'utf8').catch(() => ''),
  ]);
  const kept = (frames: PrintedFrame[]): PrintedFrame[] =>
    frames.filter(
      (frame) =>
        (range.keepFrom === undefined || frame.time >= range.keepFrom) &&
        (range.before === undefined || frame.time < range.before),
    );
  return {
    ok: true,
    value: {
      cuts: kept(parseMetadataPrint(cutsText)),
      stats: kept(parseMetadataPrint(statsText)),
    },
  };
}
