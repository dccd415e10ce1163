// Builds main, preload and the engine with esbuild, and the renderer with Vite, into out/.
import { build } from 'esbuild';
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { engineBuildOptions, mainBuildOptions, preloadBuildOptions } from './build-options.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const out = join(root, 'out');
rmSync(out, { recursive: true, force: true });
// The portable synthesiser's SoundFont, shipped as a resource (decision 072).
if (spawnSync('node', ['scripts/copy-soundfont.mjs'], { cwd: root, stdio: 'inherit' }).status !== 0)
  process.exit(1);

await build(engineBuildOptions(root));
const engineSha256 = createHash('sha256')
  .update(readFileSync(join(out, 'engine', 'cli.mjs')))
  .digest('hex');
await build(mainBuildOptions(root, engineSha256));
await build(preloadBuildOptions(root));

const vite = spawnSync(
  'npx',
  ['vite', 'build', '--config', 'renderer/vite.config.ts', '--logLevel', 'warn'],
  { cwd: root, stdio: 'inherit' },
);
if (vite.status !== 0) process.exit(vite.status ?? 1);
console.log('build: out/main, out/preload, out/engine, out/renderer');
