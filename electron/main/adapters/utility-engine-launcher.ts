import { utilityProcess, type UtilityProcess } from 'electron';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import {
  LISTENING_LINE,
  type EngineExit,
  type EngineLaunchArgs,
  type EngineLauncher,
  type EngineProcess,
  type EngineReady,
} from '../services/engine-host/engine-launcher';

/**
 * Electron's engine launcher: the bundled engine (out/engine/cli.mjs) in a utility process, so
 * it runs on Electron's own Node without a separate runtime and dies with the app.
 */
export class UtilityProcessEngineLauncher implements EngineLauncher {
  constructor(
    private readonly engineDir: string,
    private readonly onOutput: (line: string) => void,
  ) {}

  launch(args: EngineLaunchArgs): EngineProcess {
    const child = utilityProcess.fork(
      join(this.engineDir, 'cli.mjs'),
      ['--port', String(args.port), '--data', args.dataDir],
      // The key goes in the environment: command lines are visible to other local users.
      {
        stdio: 'pipe',
        serviceName: 'Soundstage engine',
        env: { ...process.env, ...args.env, SOUNDSTAGE_ENGINE_KEY: args.key },
      },
    );
    return new UtilityEngineProcess(child, this.onOutput);
  }
}

class UtilityEngineProcess implements EngineProcess {
  readonly ready: Promise<EngineReady>;
  private readonly exited: Promise<EngineExit>;
  private exit: EngineExit | null = null;

  constructor(
    private readonly child: UtilityProcess,
    onOutput: (line: string) => void,
  ) {
    this.exited = new Promise((resolve) =>
      child.once('exit', (code) => {
        this.exit = { code, signal: null };
        resolve(this.exit);
      }),
    );
    this.ready = new Promise((resolve) => {
      if (child.stderr) createInterface({ input: child.stderr }).on('line', onOutput);
      if (!child.stdout) {
        resolve({ ok: false, message: 'The local engine has no output to read its address from.' });
        return;
      }
      createInterface({ input: child.stdout }).on('line', (line) => {
        onOutput(line);
        const match = LISTENING_LINE.exec(line);
        if (match?.[1]) resolve({ ok: true, url: match[1] });
      });
      void this.exited.then((exit) =>
        resolve({ ok: false, message: `The local engine exited (code ${exit.code}).` }),
      );
    });
  }

  onExit(listener: (exit: EngineExit) => void): void {
    if (this.exit) listener(this.exit);
    else void this.exited.then(listener);
  }

  async stop(): Promise<void> {
    if (this.exit) return;
    this.child.kill();
    await this.exited;
  }
}
