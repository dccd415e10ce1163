// esbuild options of the bundles main and the engine are built with, shared by scripts/build.mjs
// and the test that boots the real main bundle (electron/main/boot.engine.test.ts), so the test
// runs what ships.

const common = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
};

/** out/engine/cli.mjs: an ES module the utility process runs (unpacked from the asar). */
export function engineBuildOptions(root, outfile = 'out/engine/cli.mjs') {
  return {
    ...common,
    absWorkingDir: root,
    entryPoints: ['engine/cli.ts'],
    outfile,
    format: 'esm',
    external: ['onnxruntime-node'],
    // Bundled CommonJS dependencies still call require(); give the ES module one.
    banner: {
      js: "import { createRequire as __ssCreateRequire } from 'node:module'; const require = __ssCreateRequire(import.meta.url);",
    },
  };
}

/**
 * out/main/index.cjs, carrying the engine's SHA-256: the engine runs unpacked from the asar,
 * where asar integrity does not reach (docs/decisions/016-engine-integrity.md).
 */
export function mainBuildOptions(root, engineSha256, outfile = 'out/main/index.cjs') {
  return {
    ...common,
    absWorkingDir: root,
    entryPoints: ['electron/main/index.ts'],
    outfile,
    format: 'cjs',
    external: ['electron'],
    define: { __SOUNDSTAGE_ENGINE_SHA256__: JSON.stringify(engineSha256) },
  };
}

/** out/preload/index.cjs: sandboxed preloads may require only `electron`. */
export function preloadBuildOptions(root, outfile = 'out/preload/index.cjs') {
  return {
    ...common,
    absWorkingDir: root,
    entryPoints: ['electron/preload/index.ts'],
    outfile,
    format: 'cjs',
    external: ['electron'],
  };
}
