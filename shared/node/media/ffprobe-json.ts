import { stat } from 'node:fs/promises';
import { MEDIA_INPUT_GUARD, runTool, TOOL, unreadableMediaMessage } from '../toolchain';
import type { OrientedStream } from './probe-facts';

/** The parts of ffprobe's JSON the app reads. */
export interface FfprobeStream extends OrientedStream {
  codec_type?: string;
  codec_name?: string;
  duration?: string;
  avg_frame_rate?: string;
  r_frame_rate?: string;
  channels?: number;
  sample_rate?: string;
  disposition?: { attached_pic?: number };
}

export interface FfprobeOutput {
  streams?: FfprobeStream[];
  format?: { duration?: string; format_name?: string };
}

export type FfprobeRead =
  | { ok: true; value: FfprobeOutput; bytes: number }
  | { ok: false; reason: 'unavailable' | 'timeout' | 'unreadable'; message: string };

/**
 * Runs ffprobe once on a file someone handed the app (engine requests and processing, main's
 * media services): one local file, media demuxers only (MEDIA_INPUT_GUARD), and every failure
 * in plain words (a missing ffprobe names itself and the fix; a bad file never shows the
 * tool's own line). Never throws.
 */
export async function readFfprobe(
  path: string,
  options: { signal?: AbortSignal; timeoutMs?: number } = {},
): Promise<FfprobeRead> {
  const timeout = options.timeoutMs ? AbortSignal.timeout(options.timeoutMs) : undefined;
  const signals = [options.signal, timeout].filter((s): s is AbortSignal => Boolean(s));
  const run = await runTool(
    TOOL.ffprobe,
    [
      ...['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams'],
      ...MEDIA_INPUT_GUARD,
      '--',
      path,
    ],
    { signal: signals.length > 1 ? AbortSignal.any(signals) : signals[0], stage: 'probe' },
  );
  if (run.unavailable) return { ok: false, reason: 'unavailable', message: run.stderr };
  if (run.aborted && timeout?.aborted)
    return {
      ok: false,
      reason: 'timeout',
      message: `ffprobe did not answer within ${Math.round(options.timeoutMs! / 1000)} s`,
    };
  const bytes = await stat(path).then(
    (info) => info.size,
    () => null,
  );
  const unreadable = {
    ok: false,
    reason: 'unreadable',
    message: unreadableMediaMessage(bytes),
  } as const;
  if (run.code !== 0) return unreadable;
  try {
    return {
      ok: true,
      value: JSON.parse(run.stdout.toString('utf8')) as FfprobeOutput,
      bytes: bytes ?? 0,
    };
  } catch {
    return unreadable;
  }
}
