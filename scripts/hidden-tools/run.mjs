// The hidden-tools check (README.md beside): as root, runs the engine check and the Score e2e
// flow inside a mount namespace where the system's media tools and their data are hidden, and
// writes { passed, failed, skipped, notes } to --report. Where it cannot hide them (not root,
// not Linux, namespaces refused) both parts are skipped with the reason printed.
import { spawnSync } from 'node:child_process';
import { accessSync, constants, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const here = join(root, 'scripts', 'hidden-tools');
const { values } = parseArgs({
  options: { report: { type: 'string' }, part: { type: 'string', default: 'all' } },
});
const report = values.report ?? join(root, '.tmp', 'reports', 'hidden-tools.json');
const result = { passed: 0, failed: 0, skipped: 0, notes: [] };

function readJson(path) {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return null;
  }
}

function note(line) {
  console.log(`hidden-tools: ${line}`);
  result.notes.push(line);
}

/** Why the tools cannot be hidden here, or null. */
function cannotHide() {
  if (process.platform !== 'linux') return 'mount namespaces exist only on Linux';
  if (process.getuid?.() !== 0) return 'hiding system tools needs root (CI runs npm test as root)';
  const probe = spawnSync('unshare', ['-m', '--propagation', 'private', 'true'], {
    encoding: 'utf8',
  });
  if (probe.error || probe.status !== 0)
    return `unshare -m was refused (${(probe.stderr || probe.error?.message || '').trim()})`;
  return null;
}

/** Runs a command with the tools hidden; answers its exit status. */
function hidden(command, args, env = {}) {
  const run = spawnSync(
    'unshare',
    ['-m', '--propagation', 'private', 'sh', join(here, 'hide-tools.sh'), command, ...args],
    { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } },
  );
  return run.status ?? 1;
}

function engineCheck() {
  const out = join(root, '.tmp', 'reports', 'hidden-tools-vitest.json');
  const status = hidden('npx', [
    'vitest',
    'run',
    '-c',
    'scripts/hidden-tools/vitest.config.ts',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${out}`,
  ]);
  const vitest = readJson(out);
  if (!vitest) {
    note(`the engine check did not report (exit ${status})`);
    result.failed += 1;
    return;
  }
  result.passed += vitest.numPassedTests ?? 0;
  result.failed += vitest.numFailedTests ?? 0;
  result.skipped += (vitest.numPendingTests ?? 0) + (vitest.numTodoTests ?? 0);
  const broken = (vitest.testResults ?? []).filter(
    (file) => file.status === 'failed' && file.assertionResults.length === 0,
  ).length;
  result.failed += broken;
  if (status !== 0 && (vitest.numFailedTests ?? 0) + broken === 0) {
    note(`the engine check exited with ${status}`);
    result.failed += 1;
  }
}

function scoreFlow() {
  const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  try {
    accessSync(chromium, constants.X_OK);
  } catch {
    note(`Score flow skipped: Chromium is not installed at ${chromium}`);
    result.skipped += 1;
    return;
  }
  if (!existsSync(join(root, 'out', 'renderer'))) {
    note('Score flow skipped: there is no build (run node scripts/build.mjs)');
    result.skipped += 1;
    return;
  }
  const out = join(root, '.tmp', 'reports', 'hidden-tools-playwright.json');
  const status = hidden(
    'npx',
    ['playwright', 'test', '-c', 'e2e/playwright.config.ts', 'e2e/specs/score.spec.ts'],
    { PLAYWRIGHT_JSON_OUTPUT_NAME: out },
  );
  const stats = readJson(out)?.stats;
  if (!stats) {
    note(`the Score flow did not report (exit ${status})`);
    result.failed += 1;
    return;
  }
  result.passed += (stats.expected ?? 0) + (stats.flaky ?? 0);
  result.failed += stats.unexpected ?? 0;
  result.skipped += stats.skipped ?? 0;
  if (status !== 0 && (stats.unexpected ?? 0) === 0) {
    note(`the Score flow exited with ${status}`);
    result.failed += 1;
  }
}

mkdirSync(join(root, '.tmp', 'reports'), { recursive: true });
const reason = cannotHide();
if (reason) {
  note(`skipped (engine check and Score flow): ${reason}`);
  result.skipped += 2;
} else {
  if (values.part === 'all' || values.part === 'engine') engineCheck();
  if (values.part === 'all' || values.part === 'score') scoreFlow();
}
mkdirSync(dirname(report), { recursive: true });
writeFileSync(report, `${JSON.stringify(result, null, 2)}\n`);
console.log(
  `hidden-tools: ${result.passed} passed, ${result.failed} failed, ${result.skipped} skipped`,
);
process.exit(result.failed > 0 ? 1 : 0);
