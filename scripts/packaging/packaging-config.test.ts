import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { TOOL_SPECS } from '../../shared/node/toolchain/tool-catalog';
import { debianGroups } from '../setup/ensure.mjs';

/**
 * electron-builder.yml as the packages are built from it (docs/decisions/076-packaging-layout.md
 * and 015-electron-runtime-hardening.md). packed-layout.test.ts packs it for real.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const require = createRequire(import.meta.url);
// js-yaml and minimatch come with electron-builder, which reads this file with them.
const yaml = require('js-yaml') as { load(text: string): unknown };
const { minimatch } = require('minimatch') as {
  minimatch(path: string, pattern: string, options?: { dot?: boolean }): boolean;
};

interface BuilderConfig {
  files: string[];
  asarUnpack: string[];
  afterPack: string;
  electronFuses: Record<string, boolean>;
  extraResources: { from: string; to: string; filter?: string[] }[];
  deb: { depends?: string[]; recommends?: string[]; fpm?: string[] };
}
const config = yaml.load(
  readFileSync(path.join(root, 'electron-builder.yml'), 'utf8'),
) as BuilderConfig;

const unpacked = (file: string) =>
  config.asarUnpack.some((pattern) => minimatch(file, pattern, { dot: true }));

/** The Debian packages of scripts/setup/apt-packages.txt, read as the set-up reads them. */
const aptPackages = debianGroups().flatMap((group) => group.packages);

describe('electron-builder.yml', () => {
  it('keeps every fuse as decided in 015', () => {
    expect(config.electronFuses).toEqual({
      runAsNode: false,
      enableCookieEncryption: true,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
      grantFileProtocolExtraPrivileges: false,
    });
  });

  it('packs the build output and package.json, without source maps', () => {
    expect(config.files).toEqual(expect.arrayContaining(['out/**/*', 'package.json', '!**/*.map']));
  });

  it('unpacks the engine, the bundled ffmpeg/ffprobe of this platform and the espeak-ng voice', () => {
    expect(unpacked('out/engine/cli.mjs')).toBe(true);
    expect(unpacked('out/main/index.cjs')).toBe(false);
    const platformKey = `${process.platform}-${process.arch}`;
    for (const tool of ['ffmpeg', 'ffprobe'] as const) {
      const packageName = TOOL_SPECS[tool].bundledPackages?.[platformKey];
      if (!packageName) continue; // no bundled build for this platform
      const binary = `node_modules/${packageName}/${process.platform === 'win32' ? `${tool}.exe` : tool}`;
      expect(existsSync(path.join(root, binary)), binary).toBe(true);
      expect(unpacked(binary), binary).toBe(true);
    }
    const wasm = 'node_modules/espeak-ng/dist/espeak-ng.wasm';
    expect(existsSync(path.join(root, wasm))).toBe(true);
    expect(unpacked(wasm)).toBe(true);
  });

  it('unpacks spessasynth_core together with every package it depends on', () => {
    // Its worker imports the unpacked copy by path; imports from there never reach app.asar.
    const manifest = JSON.parse(
      readFileSync(path.join(root, 'node_modules/spessasynth_core/package.json'), 'utf8'),
    ) as { dependencies?: Record<string, string> };
    for (const name of ['spessasynth_core', ...Object.keys(manifest.dependencies ?? {})]) {
      expect(unpacked(`node_modules/${name}/package.json`), name).toBe(true);
    }
  });

  it('runs the hook that makes the bundled binaries executable by every user', () => {
    expect(existsSync(path.join(root, config.afterPack))).toBe(true);
  });

  it('ships the SoundFont folder and the sample media beside the archive', () => {
    expect(config.extraResources).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ from: 'assets/soundfonts', to: 'soundfonts' }),
        expect.objectContaining({ from: 'assets/media', to: 'media' }),
      ]),
    );
  });

  // The SoundFont itself is added by the assets step the build runs (scripts/copy-soundfont.mjs);
  // it is run here too, so the check does not depend on a build having come first.
  it('has a SoundFont and its licence in assets/soundfonts once the assets step ran', () => {
    const copy = spawnSync(process.execPath, [path.join(root, 'scripts/copy-soundfont.mjs')], {
      encoding: 'utf8',
    });
    expect(copy.status, copy.stderr).toBe(0);
    const files = readdirSync(path.join(root, 'assets/soundfonts'));
    expect(files.some((file) => file.endsWith('.sf3') || file.endsWith('.sf2'))).toBe(true);
    expect(files.some((file) => /licen[cs]e|copying/i.test(file))).toBe(true);
  });

  it('makes no system tool a hard dependency of the .deb and recommends or suggests each', () => {
    // Unset `depends` keeps electron-builder's own list (GTK, NSS, libsecret, …).
    expect(config.deb.depends).toBeUndefined();
    const recommends = config.deb.recommends ?? [];
    const suggests = (config.deb.fpm ?? [])
      .map((arg) => /^--deb-suggests=(.+)$/.exec(arg)?.[1])
      .filter((name): name is string => Boolean(name));
    // Every tool package the app can use, as the setup list names them (ffmpeg is bundled;
    // chromium and the fonts are for the tests; sonic-pi-samples for benchmarks).
    const optional = aptPackages.filter((name) =>
      /^(fluidsynth|fluid-soundfont-gm|espeak-ng|festival|festvox-|pocketsphinx|apertium|sox$)/.test(
        name,
      ),
    );
    expect(optional.length).toBeGreaterThan(10);
    for (const name of optional) {
      expect([...recommends, ...suggests], name).toContain(name);
    }
    expect(recommends).not.toContain('ffmpeg');
    expect(recommends).toContain('libappindicator3-1');
    expect(recommends.filter((name) => suggests.includes(name))).toEqual([]);
  });
});
