// electron-builder afterPack hook (electron-builder.yml): makes the bundled ffmpeg and ffprobe
// executable by every user. npm leaves @ffprobe-installer's binary at 0744 (its own chmod runs
// only as an install script), and an app installed by root (the .deb, /opt) keeps that mode, so
// other users could not run it and the toolchain cannot fix it for them
// (docs/decisions/076-packaging-layout.md). Runs before signing, so signatures cover the result.
import fs from 'node:fs';
import path from 'node:path';

const TOOL_SCOPES = { ffmpeg: '@ffmpeg-installer', ffprobe: '@ffprobe-installer' };

function resourcesDir(context) {
  const platform = context.electronPlatformName;
  if (platform === 'darwin' || platform === 'mas') {
    const app = `${context.packager.appInfo.productFilename}.app`;
    return path.join(context.appOutDir, app, 'Contents', 'Resources');
  }
  return path.join(context.appOutDir, 'resources');
}

/** The bundled binaries in an unpacked app folder: [{ tool, file }]. */
export function bundledBinaries(unpackedModules) {
  const found = [];
  for (const [tool, scope] of Object.entries(TOOL_SCOPES)) {
    const scopeDir = path.join(unpackedModules, scope);
    if (!fs.existsSync(scopeDir)) continue;
    for (const entry of fs.readdirSync(scopeDir)) {
      for (const name of [tool, `${tool}.exe`]) {
        const file = path.join(scopeDir, entry, name);
        if (fs.existsSync(file)) found.push({ tool, file });
      }
    }
  }
  return found;
}

export default async function afterPack(context) {
  const unpackedModules = path.join(resourcesDir(context), 'app.asar.unpacked', 'node_modules');
  const binaries = bundledBinaries(unpackedModules);
  for (const tool of Object.keys(TOOL_SCOPES)) {
    if (!binaries.some((binary) => binary.tool === tool)) {
      throw new Error(
        `afterPack: no bundled ${tool} in ${unpackedModules}. npm installs only the current ` +
          `platform's ${TOOL_SCOPES[tool]} package: package each platform on that platform. ` +
          `If it is in node_modules, check that node_modules is a real folder, not a symlink ` +
          `(electron-builder takes the packages from \`npm list\`, which then leaves it out).`,
      );
    }
  }
  if (context.electronPlatformName === 'win32') return;
  for (const { file } of binaries) fs.chmodSync(file, 0o755);
}
