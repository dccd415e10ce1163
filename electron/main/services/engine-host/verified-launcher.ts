import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type {
  EngineExit,
  EngineLaunchArgs,
  EngineLauncher,
  EngineProcess,
  EngineReady,
} from './engine-launcher';

/**
 * The packaged app's path of a file unpacked from its asar archive (electron-builder's
 * asarUnpack puts it beside the archive, in `app.asar.unpacked`); unchanged outside an archive.
 */
export function unpackedPath(filePath: string): string {
  return filePath.replace(/([\\/])app\.asar(?=[\\/]|$)/, '$1app.asar.unpacked');
}

export async function sha256OfFile(filePath: string): Promise<string> {
  return createHash('sha256')
    .update(await readFile(filePath))
    .digest('hex');
}

/**
 * Starts the engine only when its script still has the SHA-256 recorded at build time. The
 * engine runs unpacked from the asar (see docs/decisions/016-engine-integrity.md), so asar
 * integrity does not cover it; main, which is covered, carries the hash and checks the file
 * before every launch.
 */
export class VerifiedEngineLauncher implements EngineLauncher {
  constructor(
    private readonly inner: EngineLauncher,
    private readonly script: string,
    private readonly expectedSha256: string,
  ) {}

  launch(args: EngineLaunchArgs): EngineProcess {
    return new DeferredEngineProcess(
      sha256OfFile(this.script).then(
        (actual) =>
          actual === this.expectedSha256
            ? this.inner.launch(args)
            : `The local engine's files were changed after installation (${this.script}). Reinstall Soundstage.`,
        () => `The local engine's files are missing (${this.script}). Reinstall Soundstage.`,
      ),
    );
  }
}

/** An engine process that exists only once the check passed; otherwise it fails to start. */
class DeferredEngineProcess implements EngineProcess {
  readonly ready: Promise<EngineReady>;
  private readonly exited: Promise<EngineExit>;

  constructor(private readonly started: Promise<EngineProcess | string>) {
    this.ready = started.then((process) =>
      typeof process === 'string' ? { ok: false, message: process } : process.ready,
    );
    this.exited = started.then((process) =>
      typeof process === 'string'
        ? { code: null, signal: null }
        : new Promise<EngineExit>((resolve) => process.onExit(resolve)),
    );
  }

  onExit(listener: (exit: EngineExit) => void): void {
    void this.exited.then(listener);
  }

  async stop(): Promise<void> {
    const process = await this.started;
    if (typeof process !== 'string') await process.stop();
  }
}
