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
 * Frames are shrunk before the scene score: decoding dominates the cost, and a cut between two
 * shots is as visible at 192 px as at full size. Deblocking is skipped for the same reason.
 * Frames are not skipped (no `-skip_frame noref`): a cut can land on a B-frame, and skipping it
 * would report the cut a frame or more late.
 */
const SCENE_WIDTH = 192;

const SHOWINFO_FRAME = /Parsed_showinfo.*\bn:\s*\d+\s+pts:\s*-?\d+\s+pts_time:\s*(-?[\d.eE+-]+)/;

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

/**
 * Shot changes by ffmpeg's scene score: every frame whose score exceeds `threshold` (0–1) starts
 * a shot. Times are measured from the first frame (`setpts=PTS-STARTPTS`), as the player shows.
 */
export async function detectShots(
  spawn: SpawnTool,
  filePath: string,
  threshold: number,
  signal?: AbortSignal,
): Promise<Result<number[]>> {
  const frames: string[] = [];
  const run = await runTool(
    TOOL.ffmpeg,
    [
      '-hide_banner',
      '-nostdin',
      '-nostats',
      '-v',
      'info',
      '-skip_loop_filter',
      'all',
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
        if (line.includes('Parsed_showinfo') && line.includes('pts_time:')) frames.push(line);
      },
    },
  );
  if (run.aborted) return fail('canceled', 'Finding shot changes was canceled.');
  if (run.code !== 0) {
    if (/matches no streams/i.test(run.stderr))
      return fail('no_video', 'This file has no picture, so it has no shot changes.');
    return fail('shots_failed', `Shot changes could not be found: ${lastErrorLine(run.stderr)}`);
  }
  return ok(parseShowinfoTimes(frames));
}
