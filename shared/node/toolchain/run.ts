import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { defaultToolchain } from './default-toolchain';
import { ToolUnavailableError, type Toolchain } from './resolve';
import { trackTool, type Stage } from './stage-clock';
import type { ToolName } from './tool-catalog';

/** Starts a tool by name; injectable so a test can count spawns while the tools stay real. */
export type SpawnTool = (name: ToolName, args: readonly string[]) => ChildProcessWithoutNullStreams;

export interface SpawnToolOptions {
  toolchain?: Toolchain;
  cwd?: string;
  env?: NodeJS.ProcessEnv;
  /** The pipeline stage this run belongs to, for the bench's per-stage figures (stage-clock.ts). */
  stage?: Stage;
}

/**
 * Starts a tool (resolved by the toolchain) without a shell, all three pipes open. Throws
 * ToolUnavailableError, whose message names the tool and the fix, when no copy can run.
 */
export function spawnTool(
  name: ToolName,
  args: readonly string[],
  options: SpawnToolOptions = {},
): ChildProcessWithoutNullStreams {
  const path = (options.toolchain ?? defaultToolchain()).path(name);
  const child = spawn(path, [...args], {
    stdio: ['pipe', 'pipe', 'pipe'],
    windowsHide: true,
    cwd: options.cwd,
    env: options.env,
  });
  trackTool(options.stage, child);
  return child;
}

export interface ToolRun {
  /** Exit code; null when the tool could not start or was killed. */
  code: number | null;
  /** Everything written to stdout, unless `onStdout` took it or `collectStdout` is false. */
  stdout: Buffer;
  /** The tail of stderr (for error messages). */
  stderr: string;
  /** True when the run was stopped through `signal`. */
  aborted: boolean;
  /** True when no usable copy of the tool exists (stderr then says which and what to do). */
  unavailable: boolean;
}

export interface ToolRunOptions {
  signal?: AbortSignal;
  /** Bytes written to the tool's standard input, then closed. */
  stdin?: Buffer;
  /** Raw stdout bytes, in order (peaks read PCM this way: nothing is buffered whole). */
  onStdout?: (chunk: Buffer) => void;
  /** Each complete stdout line (ffmpeg's `-progress pipe:1` key=value lines). */
  onStdoutLine?: (line: string) => void;
  /** Each complete stderr line (showinfo, ebur128 summaries). */
  onStderrLine?: (line: string) => void;
  /** Keep stdout in the result; on by default unless `onStdout` is given. */
  collectStdout?: boolean;
  /** Keep at most this many characters of stderr (its tail). */
  maxStderrChars?: number;
  /**
   * On abort: 0 kills at once; otherwise SIGTERM first (ffmpeg closes its files) and SIGKILL
   * after this many ms.
   */
  killGraceMs?: number;
  /** Starts the process (tests count spawns through it). */
  spawn?: SpawnTool;
  cwd?: string;
  /** The pipeline stage this run belongs to, for the bench's per-stage figures (stage-clock.ts). */
  stage?: Stage;
}

const STDERR_TAIL = 16_000;

/**
 * Runs a tool to completion and never rejects: a missing tool, a crash and an abort all come
 * back as a run with a code, so callers turn every failure into an error value.
 */
export function runTool(
  name: ToolName,
  args: readonly string[],
  options: ToolRunOptions = {},
): Promise<ToolRun> {
  const maxStderr = options.maxStderrChars ?? STDERR_TAIL;
  const collect = options.collectStdout ?? !options.onStdout;
  return new Promise((resolve) => {
    const empty = { stdout: Buffer.alloc(0), unavailable: false };
    if (options.signal?.aborted) {
      resolve({ ...empty, code: null, stderr: 'canceled before start', aborted: true });
      return;
    }
    let child: ChildProcessWithoutNullStreams;
    try {
      child = options.spawn
        ? options.spawn(name, args)
        : spawnTool(name, args, { cwd: options.cwd, stage: options.stage });
    } catch (error) {
      const unavailable = error instanceof ToolUnavailableError;
      resolve({
        ...empty,
        unavailable,
        code: null,
        stderr: (error as Error).message,
        aborted: false,
      });
      return;
    }
    const chunks: Buffer[] = [];
    let stderr = '';
    let aborted = false;
    let killTimer: NodeJS.Timeout | undefined;
    const stdoutLines = options.onStdoutLine ? lineSplitter(options.onStdoutLine) : null;
    const stderrLines = options.onStderrLine ? lineSplitter(options.onStderrLine) : null;
    const onAbort = (): void => {
      aborted = true;
      if (!options.killGraceMs) {
        child.kill('SIGKILL');
        return;
      }
      child.kill('SIGTERM');
      killTimer = setTimeout(() => child.kill('SIGKILL'), options.killGraceMs);
    };
    options.signal?.addEventListener('abort', onAbort, { once: true });
    child.stdout.on('data', (chunk: Buffer) => {
      options.onStdout?.(chunk);
      stdoutLines?.push(chunk);
      if (collect) chunks.push(chunk);
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderrLines?.push(chunk);
      stderr += chunk.toString('utf8');
      if (stderr.length > maxStderr * 2) stderr = stderr.slice(-maxStderr);
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
      resolve({
        code,
        stdout: Buffer.concat(chunks),
        stderr: `${stderr.slice(-maxStderr)}${extra}`,
        aborted,
        unavailable: false,
      });
    };
    child.on('error', (error: NodeJS.ErrnoException) =>
      finish(
        null,
        error.code === 'ENOENT' ? `\n${name} could not be started` : `\n${error.message}`,
      ),
    );
    child.on('close', (code) => finish(code));
    if (options.stdin) child.stdin.end(options.stdin);
    else child.stdin.end();
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

/** ffmpeg without its banner, interactive keys or progress; errors only on stderr. */
export const FFMPEG_QUIET = ['-hide_banner', '-nostdin', '-nostats', '-loglevel', 'error'] as const;
/** FFMPEG_QUIET and overwrite the output: the engine writes only into its own work folders. */
export const FFMPEG_QUIET_OVERWRITE = [...FFMPEG_QUIET, '-y'] as const;
