// `npm start`: installs what is missing, builds, starts Soundstage in Electron on the local
// engine; where the Electron runtime cannot start, says so in one line and serves the same app
// in browser mode on 127.0.0.1. Set-up installs nothing for a normal user (it lists the optional
// Debian packages and goes on); browser mode needs no Chromium, it prints the URL to open.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureSetup } from './setup/ensure.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

function electronBinary() {
  try {
    // The electron package's main export is the path of its binary; it throws when the
    // binary was never downloaded.
    const path = createRequire(import.meta.url)('electron');
    if (typeof path !== 'string' || !existsSync(path))
      return { ok: false, reason: 'the Electron binary is not installed' };
    if (process.platform === 'linux' && !process.env.DISPLAY && !process.env.WAYLAND_DISPLAY) {
      return { ok: false, reason: 'there is no display' };
    }
    return { ok: true, path };
  } catch {
    return { ok: false, reason: 'the Electron binary is not installed' };
  }
}

try {
  ensureSetup();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
if (spawnSync('node', ['scripts/build.mjs'], { cwd: root, stdio: 'inherit' }).status !== 0)
  process.exit(1);

const electron = electronBinary();
const child = electron.ok
  ? spawn(electron.path, ['.'], { cwd: root, stdio: 'inherit' })
  : (console.log(
      `Electron cannot start here (${electron.reason}); opening Soundstage in browser mode instead.`,
    ),
    spawn(process.execPath, ['--import', 'tsx', 'scripts/web/main.ts', ...process.argv.slice(2)], {
      cwd: root,
      stdio: 'inherit',
    }));
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
