import { fail, ok, type Result } from '../../../../shared/ipc/result';
import { lastErrorLine, runTool, type SpawnTool, TOOL } from '../../../../shared/node/toolchain';
import { KILL_GRACE_MS } from './kill-grace';

export interface Loudness {
  /** Integrated loudness (EBU R128), LUFS; -Infinity for silence. */
  integratedLufs: number;
  /** True peak (4× oversampled), dBTP. */
  truePeakDb: number;
}

/** ebur128 reports its absolute gate (-70 LUFS) when nothing passed it: silence. */
const ABSOLUTE_GATE_LUFS = -70;

function summaryNumber(text: string, label: string): number {
  const match = new RegExp(`${label}:\\s*(-?[\\d.]+|-inf)`).exec(text);
  if (!match?.[1]) return NaN;
  return match[1] === '-inf' ? -Infinity : Number(match[1]);
}

/** Reads integrated loudness and true peak from the summary ebur128 prints when it closes. */
export function parseEbur128Summary(stderr: string): Loudness | null {
  const at = stderr.lastIndexOf('Summary:');
  if (at < 0) return null;
  const summary = stderr.slice(at);
  const integrated = summaryNumber(summary, 'I');
  const peak = summaryNumber(summary, 'Peak');
  if (Number.isNaN(integrated) || Number.isNaN(peak)) return null;
  return {
    integratedLufs: integrated <= ABSOLUTE_GATE_LUFS ? -Infinity : integrated,
    truePeakDb: peak,
  };
}

/** Measures the first audio stream of a file with ffmpeg's ebur128 scanner (true-peak mode). */
export async function measureLoudness(
  spawn: SpawnTool,
  filePath: string,
  options: { signal?: AbortSignal; onProgress?: (outTimeMs: number) => void } = {},
): Promise<Result<Loudness>> {
  const run = await runTool(
    TOOL.ffmpeg,
    [
      '-hide_banner',
      '-nostdin',
      '-nostats',
      '-progress',
      'pipe:1',
      '-i',
      filePath,
      '-map',
      '0:a:0',
      // Per-frame lines at "verbose" so only the summary reaches stderr at the default level.
      '-af',
      'ebur128=peak=true:framelog=verbose',
      '-f',
      'null',
      '-',
    ],
    {
      spawn,
      killGraceMs: KILL_GRACE_MS,
      signal: options.signal,
      onStdoutLine: (line) => {
        const outTime = progressTimeMs(line);
        if (outTime !== null) options.onProgress?.(outTime);
      },
    },
  );
  if (run.aborted) return fail('canceled', 'The loudness measurement was canceled.');
  if (run.code !== 0)
    return fail('measure_failed', `Loudness could not be measured: ${lastErrorLine(run.stderr)}`);
  const loudness = parseEbur128Summary(run.stderr);
  return loudness
    ? ok(loudness)
    : fail('measure_failed', 'Loudness could not be measured: ffmpeg printed no summary.');
}

/** The media time of an ffmpeg `-progress` line (`out_time_us=…`), in ms; null for other keys. */
export function progressTimeMs(line: string): number | null {
  const match = /^out_time_us=(\d+)$/.exec(line.trim());
  return match ? Number(match[1]) / 1000 : null;
}
