import { extractFile, listPackage } from '@electron/asar';
import { FuseV1Options, getCurrentFuseWire } from '@electron/fuses';
import { build } from 'esbuild';
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { promises as fs, existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOOL_SPECS } from '../../shared/node/toolchain/tool-catalog';
import { engineBuildOptions, mainBuildOptions, preloadBuildOptions } from '../build-options.mjs';

/**
 * Packs the app with electron-builder (`--linux dir`, the unpacked layout the AppImage and .deb
 * are made from) and checks what lands where. No Electron binary can be downloaded here, so
 * `electronDist` points at a stand-in folder whose "binary" is a script carrying Electron's
 * fuse sentinel and an unflipped fuse wire: electron-builder flips the fuses in it as it would
 * in Electron, which shows our fuse choices reach the binary. It cannot show that Electron 45's
 * wire has the same layout, nor that the app starts (docs/decisions/075-electron-45.md).
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** @electron/fuses' marker before the wire; Electron's binaries carry it. */
const FUSE_SENTINEL = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX';
/** Electron's defaults for the 8 fuses @electron/fuses knows, in wire order ('1' = on). */
const UNFLIPPED_WIRE = '10110001';
/** How the wire stores a fuse: the ASCII digit (FuseState, which the package does not export). */
const FUSE_ON = '1'.charCodeAt(0);
const FUSE_OFF = '0'.charCodeAt(0);

let tmp: string;
let resources: string;
let binary: string;
let engineSha: string;

async function writeStandInElectronDist(dir: string): Promise<void> {
  await fs.mkdir(path.join(dir, 'resources'), { recursive: true });
  await fs.mkdir(path.join(dir, 'locales'), { recursive: true });
  const script = `#!/bin/sh\necho "stand-in Electron: packaging layout test only"\nexit 1\n`;
  const wire = Buffer.concat([
    Buffer.from(`${script}# ${FUSE_SENTINEL}`),
    Buffer.from([1, UNFLIPPED_WIRE.length]),
    Buffer.from(`${UNFLIPPED_WIRE}\n`),
  ]);
  await fs.writeFile(path.join(dir, 'electron'), wire, { mode: 0o755 });
  const version = JSON.parse(
    readFileSync(path.join(root, 'node_modules/electron/package.json'), 'utf8'),
  ) as { version: string };
  await fs.writeFile(path.join(dir, 'version'), version.version);
}

/**
 * Recreates node_modules as real folders whose files are hard links (a copy only where the two
 * places are on different file systems). Not a symlink: npm then sees every package as a link to
 * somewhere outside the project, so `npm list`, which electron-builder asks for the production
 * tree, drops the optional dependencies the bundled ffmpeg/ffprobe come in. The top level's dot
 * entries are left out: caches that other runs write meanwhile (.vite), .bin, and npm's hidden
 * lockfile, so npm reads the tree from the folders (docs/decisions/076-packaging-layout.md).
 */
async function linkTree(from: string, to: string, top = true): Promise<void> {
  await fs.mkdir(to);
  const entries = await fs.readdir(from, { withFileTypes: true });
  await Promise.all(
    entries.map(async (entry) => {
      if (top && entry.name.startsWith('.')) return;
      const source = path.join(from, entry.name);
      const target = path.join(to, entry.name);
      if (entry.isDirectory()) await linkTree(source, target, false);
      else if (entry.isSymbolicLink()) await fs.symlink(await fs.readlink(source), target);
      else
        await fs.link(source, target).catch((error: NodeJS.ErrnoException) => {
          if (error.code !== 'EXDEV') throw error;
          return fs.copyFile(source, target);
        });
    }),
  );
}

/**
 * The environment of a plain `npm run dist`. VITEST is removed: while it is set, electron-builder
 * hard-links the app's files instead of copying them, so afterPack's chmod would change the
 * project's own files (and the mode check below would prove nothing).
 */
function distEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, CI: '1' };
  for (const name of Object.keys(env)) if (name.startsWith('VITEST')) delete env[name];
  return env;
}

/** A copy of the project with a fresh out/ (main, preload, engine; a one-file renderer). */
async function writeProject(dir: string): Promise<void> {
  await fs.mkdir(path.join(dir, 'scripts/packaging'), { recursive: true });
  for (const file of ['package.json', 'package-lock.json', 'electron-builder.yml']) {
    await fs.copyFile(path.join(root, file), path.join(dir, file));
  }
  await fs.copyFile(
    path.join(root, 'scripts/packaging/after-pack.mjs'),
    path.join(dir, 'scripts/packaging/after-pack.mjs'),
  );
  await linkTree(path.join(root, 'node_modules'), path.join(dir, 'node_modules'));
  await fs.symlink(path.join(root, 'assets'), path.join(dir, 'assets'), 'dir');
  const out = path.join(dir, 'out');
  const engineFile = path.join(out, 'engine/cli.mjs');
  await build({ ...engineBuildOptions(root, engineFile), logLevel: 'error' });
  engineSha = createHash('sha256').update(readFileSync(engineFile)).digest('hex');
  await build({
    ...mainBuildOptions(root, engineSha, path.join(out, 'main/index.cjs')),
    logLevel: 'error',
  });
  await build({
    ...preloadBuildOptions(root, path.join(out, 'preload/index.cjs')),
    logLevel: 'error',
  });
  await fs.mkdir(path.join(out, 'renderer'), { recursive: true });
  await fs.writeFile(path.join(out, 'renderer/index.html'), '<!doctype html><title>t</title>');
}

describe.skipIf(process.platform !== 'linux')('the packed app (electron-builder --dir)', () => {
  beforeAll(async () => {
    tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'soundstage-pack-'));
    const project = path.join(tmp, 'project');
    await writeProject(project);
    await writeStandInElectronDist(path.join(tmp, 'electron-dist'));
    const run = spawnSync(
      process.execPath,
      [
        path.join(root, 'node_modules/electron-builder/cli.js'),
        '--linux',
        'dir',
        '--config',
        'electron-builder.yml',
        `-c.electronDist=${path.join(tmp, 'electron-dist')}`,
        `-c.directories.output=${path.join(tmp, 'release')}`,
        // Native modules are not rebuilt: there is no Electron to rebuild them against.
        '-c.npmRebuild=false',
      ],
      { cwd: project, encoding: 'utf8', env: distEnv() },
    );
    if (run.status !== 0) throw new Error(`electron-builder failed:\n${run.stdout}\n${run.stderr}`);
    resources = path.join(tmp, 'release/linux-unpacked/resources');
    binary = path.join(tmp, 'release/linux-unpacked/soundstage');
  }, 300_000);

  afterAll(async () => {
    if (tmp) await fs.rm(tmp, { recursive: true, force: true });
  });

  it('flips every fuse to the value decision 015 sets', async () => {
    const wire = await getCurrentFuseWire(binary);
    const expected: [FuseV1Options, boolean][] = [
      [FuseV1Options.RunAsNode, false],
      [FuseV1Options.EnableCookieEncryption, true],
      [FuseV1Options.EnableNodeOptionsEnvironmentVariable, false],
      [FuseV1Options.EnableNodeCliInspectArguments, false],
      [FuseV1Options.EnableEmbeddedAsarIntegrityValidation, true],
      [FuseV1Options.OnlyLoadAppFromAsar, true],
      [FuseV1Options.GrantFileProtocolExtraPrivileges, false],
    ];
    for (const [fuse, on] of expected) {
      expect(wire[fuse], FuseV1Options[fuse]).toBe(on ? FUSE_ON : FUSE_OFF);
    }
  });

  it('puts main, the preload and the page in the archive, without source maps', () => {
    const files = listPackage(path.join(resources, 'app.asar'), { isPack: false });
    for (const file of [
      '/out/main/index.cjs',
      '/out/preload/index.cjs',
      '/out/renderer/index.html',
      '/package.json',
    ]) {
      expect(files, file).toContain(file);
    }
    expect(files.filter((file) => file.endsWith('.map'))).toEqual([]);
  });

  it('unpacks the engine, and main carries its hash', () => {
    const engine = path.join(resources, 'app.asar.unpacked/out/engine/cli.mjs');
    const sha = createHash('sha256').update(readFileSync(engine)).digest('hex');
    expect(sha).toBe(engineSha);
    const main = extractFile(path.join(resources, 'app.asar'), 'out/main/index.cjs').toString();
    expect(main).toContain(JSON.stringify(sha));
  });

  it('unpacks the bundled ffmpeg and ffprobe, executable by every user, and they run', () => {
    const platformKey = `${process.platform}-${process.arch}`;
    for (const tool of ['ffmpeg', 'ffprobe'] as const) {
      const packageName = TOOL_SPECS[tool].bundledPackages?.[platformKey];
      if (!packageName) continue;
      const file = path.join(resources, 'app.asar.unpacked/node_modules', packageName, tool);
      expect(existsSync(file), file).toBe(true);
      expect(statSync(file).mode & 0o777, `${tool} mode`).toBe(0o755);
      const run = spawnSync(file, ['-version'], { encoding: 'utf8', timeout: 20_000 });
      expect(run.stdout, tool).toMatch(new RegExp(`^${tool} version`));
    }
  });

  it("unpacks espeak-ng's WebAssembly voice", () => {
    expect(
      existsSync(
        path.join(resources, 'app.asar.unpacked/node_modules/espeak-ng/dist/espeak-ng.wasm'),
      ),
    ).toBe(true);
  });

  it('unpacks spessasynth_core with what it imports, so the worker can load it by path', () => {
    // The portable synthesiser's worker imports the unpacked copy by its path; a package it
    // imports resolves only from folders above that path, which never include app.asar.
    const core = path.join(resources, 'app.asar.unpacked/node_modules/spessasynth_core');
    const entry = JSON.parse(readFileSync(path.join(core, 'package.json'), 'utf8')) as {
      main: string;
    };
    const url = pathToFileURL(path.join(core, entry.main)).href;
    const run = spawnSync(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `const core = await import(${JSON.stringify(url)}); console.log(typeof core.SpessaSynthProcessor);`,
      ],
      { encoding: 'utf8', timeout: 20_000 },
    );
    expect(run.stderr).toBe('');
    expect(run.stdout.trim()).toBe('function');
  });

  it('ships the assets beside the archive, where main points the engine', () => {
    expect(existsSync(path.join(resources, 'media/sample-clip.mp4'))).toBe(true);
    if (existsSync(path.join(root, 'assets/soundfonts'))) {
      const shipped = readdirOrEmpty(path.join(resources, 'soundfonts'));
      expect(shipped.some((file) => /\.sf[23]$/.test(file))).toBe(true);
      expect(shipped.some((file) => /licen[cs]e|copying/i.test(file))).toBe(true);
    }
  });
});

function readdirOrEmpty(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}
