import { spawn } from 'node:child_process';

export interface ProcessOutput {
  stdout: Buffer;
  stderr: string;
}

/**
 * Runs ffmpeg/ffprobe (or any tool) to completion and collects its output. Rejects with the
 * tail of stderr when the exit code is not 0, so callers see ffmpeg's own reason.
 */
export function runTool(
  command: string,
  args: readonly string[],
  opts: { signal?: AbortSignal; input?: Buffer } = {},
): Promise<ProcessOutput> {
  return new Promise((resolve, reject) => {
    if (opts.signal?.aborted) {
      reject(abortError());
      return;
    }
    const child = spawn(command, args, { stdio: ['pipe', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    let err = '';
    const onAbort = (): void => {
      child.kill('SIGKILL');
    };
    opts.signal?.addEventListener('abort', onAbort, { once: true });
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => {
      // Keep only the tail: ffmpeg can print a lot of progress text.
      err = (err + chunk.toString('utf8')).slice(-8000);
    });
    child.on('error', (error) => {
      opts.signal?.removeEventListener('abort', onAbort);
      reject(error);
    });
    child.on('close', (code) => {
      opts.signal?.removeEventListener('abort', onAbort);
      if (opts.signal?.aborted) reject(abortError());
      else if (code === 0) resolve({ stdout: Buffer.concat(out), stderr: err });
      else
        reject(
          new Error(
            `${command} exited with ${code}: ${err.trim().split('\n').slice(-4).join(' | ')}`,
          ),
        );
    });
    child.stdin.on('error', () => undefined);
    if (opts.input) child.stdin.end(opts.input);
    else child.stdin.end();
  });
}

export function ffmpeg(
  args: readonly string[],
  opts: { signal?: AbortSignal; input?: Buffer } = {},
): Promise<ProcessOutput> {
  return runTool('ffmpeg', ['-hide_banner', '-nostdin', '-loglevel', 'error', ...args], opts);
}

function abortError(): Error {
  const error = new Error('aborted');
  error.name = 'AbortError';
  return error;
}
