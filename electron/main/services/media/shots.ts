import { fail, ok, type Result } from '../../../../shared/ipc/result';
import {
  lastErrorLine,
  runTool,
  SCENE_SCORE_INPUT,
  type SpawnTool,
  TOOL,
} from '../../../../shared/node/toolchain';
import { KILL_GRACE_MS } from './kill-grace';

/**
 * Frames are shrunk before the scene score: a cut between two shots is as visible at 192 px as
 * at full size. Deblocking is skipped for the same reason.
 */
const SCENE_WIDTH = 192;

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
  /** Called with each shot change's ms as soon as ffmpeg prints it, in time order. */
  onShot?: (ms: number) => void;
  decode?: ShotDecode;
}

const SHOWINFO_FRAME = /Parsed_showinfo.*\bn:\s*\d+\s+pts:\s*-?\d+\s+pts_time:\s*(-?[\d.eE+-]+)/;

/** The ms of the frame one showinfo line describes, or null for any other line. */
export function parseShowinfoLine(line: string): number | null {
  const match = SHOWINFO_FRAME.exec(line);
  if (!match) return null;
  const seconds = Number(match[1]);
  return Number.isFinite(seconds) && seconds > 0 ? Math.round(seconds * 1000) : null;
}

/**
 * Shot changes by ffmpeg's scene score: every frame whose score exceeds `threshold` (0–1) starts
 * a shot. Times are measured from the first frame (`setpts=PTS-STARTPTS`), as the player shows.
 */
export async function detectShots(
  spawn: SpawnTool,
  filePath: string,
  threshold: number,
  options: DetectShotsOptions = {},
): Promise<Result<number[]>> {
  const { signal, onShot, decode = 'cheap' } = options;
  const times: number[] = [];
  const run = await runTool(
    TOOL.ffmpeg,
    [
      '-hide_banner',
      '-nostdin',
      '-nostats',
      '-v',
      'info',
      ...DECODE_OPTIONS[decode],
      '-i',
      filePath,
      '-map',
      '0:v:0',
      '-an',
      '-sn',
      '-dn',
      '-vf',
      `setpts=PTS-STARTPTS,scale=${SCENE_WIDTH}:-2:flags=fast_bilinear,${SCENE_SCORE_INPUT},` +
        `select='gt(scene,${threshold.toFixed(3)})',showinfo`,
      '-f',
      'null',
      '-',
    ],
    {
      spawn,
      killGraceMs: KILL_GRACE_MS,
      signal,
      onStderrLine: (line) => {
        const ms = line.includes('Parsed_showinfo') ? parseShowinfoLine(line) : null;
        if (ms === null) return;
        times.push(ms);
        onShot?.(ms);
      },
    },
  );
  if (run.aborted) return fail('canceled', 'Finding shot changes was canceled.');
  if (run.code !== 0) {
    if (/matches no streams/i.test(run.stderr))
      return fail('no_video', 'This file has no picture, so it has no shot changes.');
    return fail('shots_failed', `Shot changes could not be found: ${lastErrorLine(run.stderr)}`);
  }
  return ok(times);
}
