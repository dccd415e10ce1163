import { MEDIA_INPUT_GUARD, runTool, TOOL } from '../toolchain';

/** The parts of an ffprobe stream that say how the picture is shown. */
export interface OrientedStream {
  width?: number;
  height?: number;
  /** Older ffprobe builds: the rotation as a tag. */
  tags?: { rotate?: string };
  /** Newer ffprobe builds: the display matrix's rotation in degrees. */
  side_data_list?: { rotation?: number }[];
}

/**
 * The size a viewer sees: a phone video stored 1920×1080 with a 90° display rotation is shown
 * 1080×1920, and that is the size every check and layout must use.
 */
export function displaySize(stream: OrientedStream): { width: number; height: number } | null {
  if (!stream.width || !stream.height) return null;
  const rotation =
    stream.side_data_list?.find((data) => typeof data.rotation === 'number')?.rotation ??
    Number(stream.tags?.rotate ?? 0);
  const quarterTurn = Math.abs(Math.round(rotation / 90)) % 2 === 1;
  return quarterTurn
    ? { width: stream.height, height: stream.width }
    : { width: stream.width, height: stream.height };
}

/**
 * How many seconds of a file can actually be read: the time of its last packet that lies inside
 * the file. A download or copy cut short keeps its header, which still claims the whole length;
 * its packets stop where the bytes stop. Null when ffprobe cannot list packets.
 */
export async function readableSeconds(
  path: string,
  bytes: number,
  stream: 'v:0' | 'a:0',
  signal?: AbortSignal,
): Promise<number | null> {
  const run = await runTool(
    TOOL.ffprobe,
    [
      '-v',
      'quiet',
      '-select_streams',
      stream,
      '-show_entries',
      'packet=pts_time,duration_time,size,pos',
      '-of',
      'compact=p=0',
      ...MEDIA_INPUT_GUARD,
      path,
    ],
    { signal },
  );
  if (run.code !== 0 || run.unavailable) return null;
  let end = 0;
  for (const line of run.stdout.toString('utf8').split('\n')) {
    const fields = Object.fromEntries(line.split('|').map((pair) => pair.split('=')));
    const pts = Number(fields.pts_time);
    const pos = Number(fields.pos);
    const size = Number(fields.size);
    if (!Number.isFinite(pts) || (Number.isFinite(pos) && pos + size > bytes)) continue;
    end = Math.max(end, pts + (Number(fields.duration_time) || 0));
  }
  return end;
}

/** Missing more than this (and more than 5 %) of the stated length means the file was cut short. */
const TRUNCATION_SLACK_SECONDS = 0.5;

/**
 * Plain words for a file whose header claims more than its bytes hold, or null when it is whole.
 * Such a file is refused before any charge: billing it whole would charge for sound over a
 * picture that is not there.
 */
export function truncationProblem(readable: number | null, stated: number): string | null {
  if (readable === null || !(stated > 0)) return null;
  const missing = stated - readable;
  if (missing <= TRUNCATION_SLACK_SECONDS || missing <= stated * 0.05) return null;
  return `The file is cut short: only ${readable.toFixed(1)} s of its ${stated.toFixed(1)} s can be read (it was not copied or downloaded whole). Copy or export it again.`;
}
