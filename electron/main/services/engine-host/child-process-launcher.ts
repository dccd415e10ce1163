import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import {
  LISTENING_LINE,
  type EngineExit,
  type EngineLaunchArgs,
  type EngineLauncher,
  type EngineProcess,
  type EngineReady,
} from './engine-launcher';

export interface ChildProcessLauncherOptions {
  /** The repository (dev) or app folder holding engine/cli.ts or out/engine/cli.mjs. */
  appRoot: string;
  /** The Node binary; the current one by default. */
  nodePath?: string;
  /** How long to wait for the listening line. */
  readyTimeoutMs?: number;
  /** Engine output lines, for the host's log (the key is not printed by the engine). */
  onOutput?: (line: string) => void;
  /** 'source' runs engine/cli.ts even when a build exists (tests, so a stale bundle is never used). */
  prefer?: 'built' | 'source';
}

/**
 * The command that runs the engine: the built bundle when present, else the TS source via tsx.
 * The key travels in the environment (SOUNDSTAGE_ENGINE_KEY, which engine/cli.ts reads like
 * --key) so it does not show in other users' process lists.
 */
export function engineCommand(
  appRoot: string,
  args: EngineLaunchArgs,
  prefer: 'built' | 'source' = 'built',
): { argv: string[]; env: Record<string, string> } {
  const built = path.join(appRoot, 'out', 'engine', 'cli.mjs');
  const cliArgs = ['--port', String(args.port), '--data', args.dataDir];
  const env = { ...args.env, SOUNDSTAGE_ENGINE_KEY: args.key };
  if (prefer === 'built' && existsSync(built)) return { argv: [built, ...cliArgs], env };
  const source = path.join(appRoot, 'engine', 'cli.ts');
  return { argv: ['--import', 'tsx', source, ...cliArgs], env };
}

/**
 * Browser mode's engine launcher: a Node child process that prints
 * `Soundstage engine listening on http://127.0.0.1:PORT` once it is ready.
 */
export class ChildProcessEngineLauncher implements EngineLauncher {
  constructor(private readonly options: ChildProcessLauncherOptions) {}

  launch(args: EngineLaunchArgs): EngineProcess {
    const { argv, env } = engineCommand(this.options.appRoot, args, this.options.prefer);
    const child = spawn(this.options.nodePath ?? process.execPath, argv, {
      cwd: this.options.appRoot,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ...env, ELECTRON_RUN_AS_NODE: '1' },
    });
    return new ChildEngineProcess(child, this.options);
  }
}

class ChildEngineProcess implements EngineProcess {
  readonly ready: Promise<EngineReady>;
  readonly pid?: number;
  private readonly exitListeners: ((exit: EngineExit) => void)[] = [];
  private exit: EngineExit | null = null;
  private readonly exited: Promise<void>;

  constructor(
    private readonly child: ChildProcess,
    options: ChildProcessLauncherOptions,
  ) {
    this.pid = child.pid;
    const errTail: string[] = [];
    this.exited = new Promise((resolve) => {
      const finish = (exit: EngineExit) => {
        if (this.exit) return;
        this.exit = exit;
        resolve();
        for (const listener of this.exitListeners) listener(exit);
      };
      child.once('exit', (code, signal) => finish({ code, signal }));
      child.once('error', () => finish({ code: null, signal: null }));
    });
    this.ready = new Promise<EngineReady>((resolve) => {
      const timer = setTimeout(() => {
        resolve({ ok: false, message: 'The local engine did not start in time.' });
        void this.stop();
      }, options.readyTimeoutMs ?? 60_000);
      timer.unref();
      const lines = createInterface({ input: child.stdout! });
      lines.on('line', (line) => {
        options.onOutput?.(line);
        const match = LISTENING_LINE.exec(line);
        if (match?.[1]) {
          clearTimeout(timer);
          resolve({ ok: true, url: match[1] });
        }
      });
      createInterface({ input: child.stderr! }).on('line', (line) => {
        options.onOutput?.(line);
        errTail.push(line);
        if (errTail.length > 5) errTail.shift();
      });
      child.once('error', (error) => {
        clearTimeout(timer);
        resolve({ ok: false, message: `The local engine could not be started: ${error.message}` });
      });
      void this.exited.then(() => {
        clearTimeout(timer);
        const detail = errTail.length ? `: ${errTail.join(' | ')}` : '';
        resolve({ ok: false, message: `The local engine exited before it was ready${detail}` });
      });
    });
  }

  onExit(listener: (exit: EngineExit) => void): void {
    if (this.exit) listener(this.exit);
    else this.exitListeners.push(listener);
  }

  async stop(): Promise<void> {
    if (this.exit) return;
    this.child.kill('SIGTERM');
    const killer = setTimeout(() => this.child.kill('SIGKILL'), 5000);
    killer.unref();
    await this.exited;
    clearTimeout(killer);
  }
}
