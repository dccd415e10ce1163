import { spawn } from 'node:child_process';

export interface ToolRun {
  code: number | null;
  stdout: Buffer;
  stderr: string;
  aborted: boolean;
}

export interface ToolOptions {
  signal?: AbortSignal;
  /** Bytes written to the tool's standard input, then closed. */
  stdin?: Buffer;
  /** Keep at most this many characters of stderr (its tail), so chatty tools cannot bloat memory. */
  maxStderrChars?: number;
}

/**
 * Runs a media tool (ffmpeg, ffprobe, sox, espeak-ng…) without a shell and collects its output.
 * Never rejects: a missing binary or an abort comes back as a run with a null code, so callers
 * turn every failure into an error value.
 */
export function runTool(
  command: string,
  args: readonly string[],
  options: ToolOptions = {},
): Promise<ToolRun> {
  const maxStderr = options.maxStderrChars ?? 64_000;
  return new Promise((resolve) => {
    if (options.signal?.aborted) {
      resolve({
        code: null,
        stdout: Buffer.alloc(0),
        stderr: 'aborted before start',
        aborted: true,
      });
      return;
    }
    const child = spawn(command, [...args], { stdio: ['pipe', 'pipe', 'pipe'] });
    const chunks: Buffer[] = [];
    let stderr = '';
    let aborted = false;
    const onAbort = (): void => {
      aborted = true;
      child.kill('SIGKILL');
    };
    options.signal?.addEventListener('abort', onAbort, { once: true });
    child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8');
      if (stderr.length > maxStderr * 2) stderr = stderr.slice(-maxStderr);
    });
    child.stdin.on('error', () => undefined);
    child.on('error', (error) => {
      options.signal?.removeEventListener('abort', onAbort);
      resolve({
        code: null,
        stdout: Buffer.concat(chunks),
        stderr: `${stderr}\n${error.message}`,
        aborted,
      });
    });
    child.on('close', (code) => {
      options.signal?.removeEventListener('abort', onAbort);
      resolve({ code, stdout: Buffer.concat(chunks), stderr: stderr.slice(-maxStderr), aborted });
    });
    if (options.stdin) child.stdin.end(options.stdin);
    else child.stdin.end();
  });
}

/** The last meaningful line of a tool's stderr, for error messages shown to people. */
export function lastErrorLine(stderr: string): string {
  const lines = stderr
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.length > 0);
  return lines[lines.length - 1] ?? 'no output';
}

/** Common ffmpeg arguments: quiet, no interaction, overwrite. */
export const FFMPEG_QUIET = [
  '-hide_banner',
  '-nostdin',
  '-nostats',
  '-loglevel',
  'error',
  '-y',
] as const;
