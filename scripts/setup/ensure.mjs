// Installs what a fresh clone is missing: npm packages, then (as root, on Debian) the Debian
// packages in apt-packages.txt. A normal user installs nothing: the missing groups are printed in
// one table with what each adds and the command that adds it, and set-up goes on, because the
// app needs none of them (FFmpeg, FFprobe, a SoundFont synth and eSpeak NG come from npm).
import { execFileSync, spawnSync } from 'node:child_process';
import { accessSync, constants, existsSync, lstatSync, readFileSync, realpathSync } from 'node:fs';
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

function readJson(path) {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return null;
  }
}

/**
 * Whether node_modules lacks a package of package-lock.json at its locked version. Compared by
 * content with npm's own record (node_modules/.package-lock.json), not by file times: a fresh
 * checkout or a git worktree has a newer lockfile than an up-to-date node_modules.
 */
function npmPackagesMissing() {
  const installedLock = readJson(join(root, 'node_modules', '.package-lock.json'));
  const lock = readJson(join(root, 'package-lock.json'));
  if (!installedLock?.packages || !lock?.packages) return true;
  return Object.entries(lock.packages).some(
    ([key, entry]) =>
      key.startsWith('node_modules/') &&
      !entry.optional &&
      installedLock.packages[key]?.version !== entry.version,
  );
}

/** The groups of apt-packages.txt: `{ required, packages, adds }`. */
export function debianGroups() {
  return readFileSync(join(root, 'scripts', 'setup', 'apt-packages.txt'), 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const [kind = '', packages = '', adds = ''] = line.split('|').map((part) => part.trim());
      return { required: kind === 'required', packages: packages.split(/\s+/), adds };
    });
}

function isDebian() {
  return process.platform === 'linux' && !spawnSync('dpkg-query', ['--version']).error;
}

function installed(name) {
  try {
    const status = execFileSync('dpkg-query', ['-W', '-f=${Status}', name], {
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    return String(status).includes('install ok installed');
  } catch {
    return false;
  }
}

/** Where the e2e suite finds Chromium (e2e/playwright.config.ts reads the same variable). */
export function chromiumStatus() {
  const path = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  try {
    accessSync(path, constants.X_OK);
    return { ok: true, path, reason: null };
  } catch {
    const fix = isDebian() ? 'sudo apt-get install chromium' : 'install Chromium';
    return {
      ok: false,
      path,
      reason: `Chromium is not installed at ${path} (${fix}, or set CHROMIUM_PATH)`,
    };
  }
}

/** One short table: what each missing group adds and the exact command that adds it. */
function printMissing(groups) {
  const rows = groups.map((group) => [
    `${group.required ? '[tests] ' : ''}${group.adds}`,
    `sudo apt-get install ${group.missing.join(' ')}`,
  ]);
  const width = Math.max('what it adds'.length, ...rows.map(([adds]) => adds.length));
  console.log(
    'setup: not running as root, so nothing was installed. Soundstage runs without these ' +
      'Debian packages; [tests] marks what `npm test` needs:',
  );
  for (const [adds, command] of [['what it adds', 'to add it'], ...rows])
    console.log(`  ${adds.padEnd(width)}  ${command}`);
}

/**
 * Runs set-up and answers what the test runner needs to know: whether Chromium is there for
 * the e2e suite. Throws only when a step that was attempted fails (npm ci, or apt-get as root).
 */
export function ensureSetup({ debian = true } = {}) {
  if (npmPackagesMissing()) {
    const modules = join(root, 'node_modules');
    if (existsSync(modules) && lstatSync(modules).isSymbolicLink()) {
      // npm ci empties the folder a link points to: never do that to a folder others share.
      throw new Error(
        `setup: node_modules is a link to ${realpathSync(modules)} and does not match ` +
          'package-lock.json; run `npm ci` where that folder belongs.',
      );
    }
    console.log('setup: installing npm packages (npm ci)');
    // The Electron binary and onnxruntime's GPU add-ons come from hosts this machine cannot reach.
    run('npm', ['ci', '--no-audit', '--no-fund'], {
      ELECTRON_SKIP_BINARY_DOWNLOAD: '1',
      ONNXRUNTIME_NODE_INSTALL: 'skip',
    });
  }
  if (debian && isDebian()) {
    const missingGroups = debianGroups()
      .map((group) => ({ ...group, missing: group.packages.filter((name) => !installed(name)) }))
      .filter((group) => group.missing.length > 0);
    if (missingGroups.length > 0) {
      if (process.getuid?.() === 0) {
        const missing = missingGroups.flatMap((group) => group.missing);
        console.log(`setup: installing Debian packages: ${missing.join(' ')}`);
        run('apt-get', ['update', '-q']);
        run('apt-get', ['install', '-y', '-q', '--no-install-recommends', ...missing], {
          DEBIAN_FRONTEND: 'noninteractive',
        });
      } else {
        printMissing(missingGroups);
      }
    }
  }
  return { chromium: chromiumStatus() };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  try {
    const { chromium } = ensureSetup();
    if (!chromium.ok) console.log(`setup: the e2e suite will be skipped: ${chromium.reason}`);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
