import { build } from 'esbuild';
import { createHash } from 'node:crypto';
import { promises as fs, readFileSync } from 'node:fs';
import Module, { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { engineBuildOptions, mainBuildOptions } from '../../../scripts/build-options.mjs';
import { createElectronStandIn, type ElectronStandIn } from './electron-stand-in';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export interface BootedMain {
  electron: ElectronStandIn;
  /** The app folder laid out like the packaged one: out/{main,engine,renderer,preload}. */
  appDir: string;
  userDataDir: string;
  /** Processes below this one before main ran (esbuild's service): not main's to stop. */
  preexisting: number[];
  /** Removes the temp folders and the `electron` hook (after the app has quit). */
  cleanUp(): Promise<void>;
}

type Load = (request: string, parent: unknown, isMain: boolean) => unknown;
const moduleInternals = Module as unknown as { _load: Load };

/**
 * Bundles the real engine and main with the build's own esbuild options (main carrying the
 * engine's SHA-256, as scripts/build.mjs does) into a temp app folder, then runs main with
 * `require('electron')` answered by the recording stand-in. A fresh bundle each time, so the
 * test never boots a stale out/.
 */
export async function bootMain(): Promise<BootedMain> {
  const tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'soundstage-boot-'));
  const appDir = path.join(tmp, 'app');
  const out = path.join(appDir, 'out');
  await fs.mkdir(path.join(out, 'renderer'), { recursive: true });
  await fs.mkdir(path.join(out, 'preload'), { recursive: true });
  // Packages main and the engine load at run time (onnxruntime-node, the bundled ffmpeg).
  await fs.symlink(path.join(repoRoot, 'node_modules'), path.join(appDir, 'node_modules'), 'dir');
  await fs.symlink(path.join(repoRoot, 'assets'), path.join(appDir, 'assets'), 'dir');
  // The page itself is not under test (no Chromium here): one file for the app protocol to serve.
  await fs.writeFile(path.join(out, 'renderer', 'index.html'), '<!doctype html><title>t</title>');

  const engineFile = path.join(out, 'engine', 'cli.mjs');
  await build({ ...engineBuildOptions(repoRoot, engineFile), logLevel: 'error' });
  const sha = createHash('sha256').update(readFileSync(engineFile)).digest('hex');
  const mainFile = path.join(out, 'main', 'index.cjs');
  await build({ ...mainBuildOptions(repoRoot, sha, mainFile), logLevel: 'error' });

  const userDataDir = path.join(tmp, 'user-data');
  const homeDir = path.join(tmp, 'home');
  await fs.mkdir(userDataDir, { recursive: true });
  await fs.mkdir(homeDir, { recursive: true });
  const version = (
    JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as {
      version: string;
    }
  ).version;
  const electron = createElectronStandIn({
    version,
    name: 'Soundstage',
    paths: {
      userData: userDataDir,
      home: homeDir,
      appData: path.join(tmp, 'app-data'),
      temp: path.join(tmp, 'temp'),
      logs: path.join(tmp, 'logs'),
      downloads: path.join(homeDir, 'Downloads'),
    },
  });

  const preexisting = await descendantsOf(process.pid);
  const originalLoad = moduleInternals._load;
  moduleInternals._load = function (request, parent, isMain) {
    if (request === 'electron') return electron.module;
    return originalLoad.call(this, request, parent, isMain);
  };
  try {
    createRequire(import.meta.url)(mainFile);
  } catch (error) {
    moduleInternals._load = originalLoad;
    await fs.rm(tmp, { recursive: true, force: true });
    throw error;
  }
  electron.app.becomeReady();

  return {
    electron,
    appDir,
    userDataDir,
    preexisting,
    cleanUp: async () => {
      moduleInternals._load = originalLoad;
      await fs.rm(tmp, { recursive: true, force: true });
    },
  };
}

/** Waits for a condition main reaches asynchronously; fails with `what` if it never does. */
export async function until(what: string, condition: () => boolean, timeoutMs = 60_000) {
  const start = Date.now();
  while (!condition()) {
    if (Date.now() - start > timeoutMs) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Every live process below `root` (Linux /proc; an empty list elsewhere). */
export async function descendantsOf(root: number): Promise<number[]> {
  let entries: string[];
  try {
    entries = await fs.readdir('/proc');
  } catch {
    return [];
  }
  const parentOf = new Map<number, number>();
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = await fs.readFile(`/proc/${entry}/stat`, 'utf8');
      // Fields after the command name, which is in parentheses and may contain spaces.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (fields[0] === 'Z') continue;
      parentOf.set(Number(entry), Number(fields[1]));
    } catch {
      // The process ended while we looked.
    }
  }
  const found: number[] = [];
  const queue = [root];
  while (queue.length) {
    const parent = queue.shift()!;
    for (const [pid, ppid] of parentOf) {
      if (ppid === parent && !found.includes(pid)) {
        found.push(pid);
        queue.push(pid);
      }
    }
  }
  return found;
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
