import { mkdtempSync } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { summariseAnalysis, type VideoAnalysis } from './analysis-stats';
import { parseMetadataPrint } from './metadata-print';
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
}

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
  // Synchronous (one syscall), so that with a known duration ffmpeg is started before this
  // call returns: a caller that then runs JS for a while (the effects' ambience beside this
  // decode, docs/decisions/103-video-sound-overlap.md) does not hold the decode back.
  const dir = mkdtempSync(join(tmpdir(), 'soundstage-analysis-'));
  try {
    const cutsFile = join(dir, 'cuts.txt');
    const statsFile = join(dir, 'stats.txt');
    const threshold = options.sceneThreshold ?? DEFAULT_SCENE_THRESHOLD;
    const graph =
      `[0:v:0]scale=160:-2:flags=fast_bilinear,split[scene][stats];` +
      `[scene]${SCENE_SCORE_INPUT},select='gt(scene,${threshold})',metadata=print:file=${filterPath(cutsFile)},nullsink;` +
      `[stats]fps=5,signalstats,metadata=print:file=${filterPath(statsFile)}[out]`;
    const run = await runTool(
      TOOL.ffmpeg,
      [
        ...FFMPEG_QUIET_OVERWRITE,
        ...DECODE_SHORTCUTS,
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
      { signal: options.signal, stage: 'decode' },
    );
    if (run.aborted) return { ok: false, message: 'Analysis was canceled.' };
    if (run.code !== 0)
      return { ok: false, message: `Video analysis failed: ${lastErrorLine(run.stderr)}` };
    const [cutsText, statsText] = await Promise.all([
      readFile(cutsFile, 'utf8').catch(() => ''),
      readFile(statsFile, 'utf8').catch(() => ''),
    ]);
    const statFrames = parseMetadataPrint(statsText);
    if (statFrames.length === 0)
      return { ok: false, message: 'Video analysis failed: no frames could be decoded.' };
    return {
      ok: true,
      value: summariseAnalysis(parseMetadataPrint(cutsText), statFrames, durationSeconds),
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
