// Installs what a fresh clone on a fresh Debian machine is missing: npm packages, then the
// Debian packages in apt-packages.txt (as root; otherwise prints the exact command to run).
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

function run(command, args, env = {}) {
  const result = spawnSync(command, args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  if (result.status !== 0)
    throw new Error(`${command} ${args.join(' ')} exited with ${result.status}`);
}

function npmPackagesMissing() {
  const marker = join(root, 'node_modules', '.package-lock.json');
  if (!existsSync(marker)) return true;
  return statSync(join(root, 'package-lock.json')).mtimeMs > statSync(marker).mtimeMs + 1000;
}

function missingDebianPackages() {
  const wanted = readFileSync(join(root, 'scripts', 'setup', 'apt-packages.txt'), 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'));
  return wanted.filter((name) => {
    try {
      const status = execFileSync('dpkg-query', ['-W', '-f=${Status}', name], {
        stdio: ['ignore', 'pipe', 'ignore'],
      });
      return !String(status).includes('install ok installed');
    } catch {
      return true;
    }
  });
}

export function ensureSetup({ debian = true } = {}) {
  if (npmPackagesMissing()) {
    console.log('setup: installing npm packages (npm ci)');
    // The Electron binary and onnxruntime's GPU add-ons come from hosts this machine cannot reach.
    run('npm', ['ci', '--no-audit', '--no-fund'], {
      ELECTRON_SKIP_BINARY_DOWNLOAD: '1',
      ONNXRUNTIME_NODE_INSTALL: 'skip',
    });
  }
  if (!debian) return;
  const missing = missingDebianPackages();
  if (missing.length === 0) return;
  const command = `apt-get update && apt-get install -y --no-install-recommends ${missing.join(' ')}`;
  if (process.getuid?.() !== 0) {
    throw new Error(`setup: missing Debian packages. Run as root:\n  sudo sh -c '${command}'`);
  }
  console.log(`setup: installing Debian packages: ${missing.join(' ')}`);
  run('apt-get', ['update', '-q']);
  run('apt-get', ['install', '-y', '-q', '--no-install-recommends', ...missing], {
    DEBIAN_FRONTEND: 'noninteractive',
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  try {
    ensureSetup();
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
