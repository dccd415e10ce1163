import { runTool, TOOL, type Stage } from '../../shared/node/toolchain';

export interface ProcessOutput {
  stdout: Buffer;
  stderr: string;
}

/**
 * Runs ffmpeg (resolved by the toolchain) to completion. Rejects with the tail of stderr when the
 * exit code is not 0, so callers see ffmpeg's own reason; when no ffmpeg can run, with the
 * toolchain's message naming the missing tool and how to add it; an abort rejects as AbortError.
 */
export async function ffmpeg(
  args: readonly string[],
  opts: { signal?: AbortSignal; input?: Buffer; stage?: Stage } = {},
): Promise<ProcessOutput> {
  const run = await runTool(
    TOOL.ffmpeg,
    ['-hide_banner', '-nostdin', '-loglevel', 'error', ...args],
    {
      signal: opts.signal,
      stdin: opts.input,
      maxStderrChars: 8000,
      stage: opts.stage ?? 'decode',
    },
  );
  if (run.aborted || opts.signal?.aborted) throw abortError();
  if (run.unavailable) throw new Error(run.stderr);
  if (run.code !== 0)
    throw new Error(
      `ffmpeg exited with ${run.code}: ${run.stderr.trim().split('\n').slice(-4).join(' | ')}`,
    );
  return { stdout: run.stdout, stderr: run.stderr };
}

function abortError(): Error {
  const error = new Error('aborted');
  error.name = 'AbortError';
  return error;
}
