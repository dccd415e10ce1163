// Builds main, preload and the engine with esbuild, and the renderer with Vite, into out/.
import { build } from 'esbuild';
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const out = join(root, 'out');
rmSync(out, { recursive: true, force: true });

const common = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
  absWorkingDir: root,
};

await build({
  ...common,
  entryPoints: ['engine/cli.ts'],
  outfile: 'out/engine/cli.mjs',
  format: 'esm',
  external: ['onnxruntime-node'],
  // Bundled CommonJS dependencies still call require(); give the ES module one.
  banner: {
    js: "import { createRequire as __ssCreateRequire } from 'node:module'; const require = __ssCreateRequire(import.meta.url);",
  },
});
// Main carries the engine's hash and checks it before each launch: the engine runs unpacked
// from the asar, where asar integrity does not reach (docs/decisions/016-engine-integrity.md).
const engineSha256 = createHash('sha256')
  .update(readFileSync(join(out, 'engine', 'cli.mjs')))
  .digest('hex');
await build({
  ...common,
  entryPoints: ['electron/main/index.ts'],
  outfile: 'out/main/index.cjs',
  format: 'cjs',
  external: ['electron'],
  define: { __SOUNDSTAGE_ENGINE_SHA256__: JSON.stringify(engineSha256) },
});
// Sandboxed preloads may require only `electron`; everything else is bundled in.
await build({
  ...common,
  entryPoints: ['electron/preload/index.ts'],
  outfile: 'out/preload/index.cjs',
  format: 'cjs',
  external: ['electron'],
});

const vite = spawnSync(
  'npx',
  ['vite', 'build', '--config', 'renderer/vite.config.ts', '--logLevel', 'warn'],
  { cwd: root, stdio: 'inherit' },
);
if (vite.status !== 0) process.exit(vite.status ?? 1);
console.log('build: out/main, out/preload, out/engine, out/renderer');
