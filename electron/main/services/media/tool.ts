import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';

/**
 * Starts a media tool (ffmpeg, ffprobe) without a shell. Injected into the media services so a
 * test can count spawns (a cache hit must not start ffmpeg) while the tools stay real.
 */
export type SpawnTool = (
  command: string,
  args: readonly string[],
) => ChildProcessWithoutNullStreams;

export const spawnTool: SpawnTool = (command, args) =>
  spawn(command, [...args], { stdio: ['pipe', 'pipe', 'pipe'], windowsHide: true });

export interface ToolRun {
  /** Exit code; null when the tool could not start or was killed. */
  code: number | null;
  /** The tail of stderr (for error messages). */
  stderr: string;
  /** True when the run was stopped through `signal`. */
  aborted: boolean;
}

export interface ToolRunOptions {
  signal?: AbortSignal;
  /** Raw stdout bytes, in order (peaks read PCM this way: nothing is buffered whole). */
  onStdout?: (chunk: Buffer) => void;
  /** Each complete stdout line (ffmpeg's `-progress pipe:1` key=value lines). */
  onStdoutLine?: (line: string) => void;
  /** Each complete stderr line (showinfo, ebur128 summaries). */
  onStderrLine?: (line: string) => void;
}

const STDERR_TAIL = 16_000;
/** After SIGTERM, how long ffmpeg gets to close its files before SIGKILL. */
const KILL_GRACE_MS = 2_000;

/**
 * Runs a tool to completion and never rejects: a missing binary, a crash and an abort all come
 * back as a run with a code, so callers turn every failure into an error value. An abort asks
 * ffmpeg to stop (`q` on stdin, then SIGTERM) and kills it if it does not exit in time.
 */
export function runTool(
  spawnFn: SpawnTool,
  command: string,
  args: readonly string[],
  options: ToolRunOptions = {},
): Promise<ToolRun> {
  return new Promise((resolve) => {
    if (options.signal?.aborted) {
      resolve({ code: null, stderr: 'canceled before start', aborted: true });
      return;
    }
    let child: ChildProcessWithoutNullStreams;
    try {
      child = spawnFn(command, args);
    } catch (error) {
      resolve({ code: null, stderr: (error as Error).message, aborted: false });
      return;
    }
    let stderr = '';
    let aborted = false;
    let killTimer: NodeJS.Timeout | undefined;
    const stdoutLines = options.onStdoutLine ? lineSplitter(options.onStdoutLine) : null;
    const stderrLines = options.onStderrLine ? lineSplitter(options.onStderrLine) : null;
    const onAbort = (): void => {
      aborted = true;
      child.kill('SIGTERM');
      killTimer = setTimeout(() => child.kill('SIGKILL'), KILL_GRACE_MS);
    };
    options.signal?.addEventListener('abort', onAbort, { once: true });
    child.stdout.on('data', (chunk: Buffer) => {
      options.onStdout?.(chunk);
      stdoutLines?.push(chunk);
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderrLines?.push(chunk);
      stderr += chunk.toString('utf8');
      if (stderr.length > STDERR_TAIL * 2) stderr = stderr.slice(-STDERR_TAIL);
    });
    child.stdin.on('error', () => undefined);
    let settled = false;
    const finish = (code: number | null, extra = ''): void => {
      if (settled) return;
      settled = true;
      clearTimeout(killTimer);
      options.signal?.removeEventListener('abort', onAbort);
      stdoutLines?.end();
      stderrLines?.end();
      resolve({ code, stderr: `${stderr.slice(-STDERR_TAIL)}${extra}`, aborted });
    };
    child.on('error', (error: NodeJS.ErrnoException) =>
      finish(
        null,
        error.code === 'ENOENT' ? `\n${command} is not installed` : `\n${error.message}`,
      ),
    );
    child.on('close', (code) => finish(code));
  });
}

function lineSplitter(onLine: (line: string) => void): {
  push(chunk: Buffer): void;
  end(): void;
} {
  let rest = '';
  return {
    push(chunk) {
      rest += chunk.toString('utf8');
      let newline = rest.indexOf('\n');
      while (newline >= 0) {
        onLine(rest.slice(0, newline).replace(/\r$/, ''));
        rest = rest.slice(newline + 1);
        newline = rest.indexOf('\n');
      }
    },
    end() {
      if (rest) onLine(rest);
      rest = '';
    },
  };
}

/** The last meaningful line of a tool's stderr, for messages shown to people. */
export function lastErrorLine(stderr: string): string {
  const lines = stderr
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.length > 0);
  return lines[lines.length - 1] ?? 'no output';
}

/** ffmpeg without its banner and interactive keys; errors only on stderr unless asked. */
export const FFMPEG_QUIET = ['-hide_banner', '-nostdin', '-nostats', '-v', 'error'] as const;
