// `npm test`: installs what is missing, runs every suite (the static gates: typecheck of every
// project, lint and the Prettier check; unit + integration with vitest; then the build and the
// Playwright e2e suite in browser mode; then the hidden-tools check), and ends with one totals
// line. As a normal user without Chromium the e2e suite is listed and counted as skipped.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureSetup } from './setup/ensure.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const reports = join(root, '.tmp', 'reports');

function run(command, args, env = {}) {
  const result = spawnSync(command, args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  return result.status ?? 1;
}

function readJson(path) {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return null;
  }
}

const totals = { passed: 0, failed: 0, skipped: 0 };
const problems = [];
/** Why each skipped step did not run, printed beside the totals. */
const skips = [];

let setup;
try {
  setup = ensureSetup();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  console.log('0 passed, 1 failed, 0 skipped');
  process.exit(1);
}
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

// Static gates first, each counted as one test in the totals so CI enforces them.
const gates = [
  ['typecheck', 'node', ['scripts/typecheck.mjs']],
  ['lint', 'npx', ['eslint', '.', '--max-warnings', '0']],
  ['format', 'npx', ['prettier', '--check', '.', '--log-level', 'warn']],
];
for (const [name, command, args] of gates) {
  console.log(`test: ${name}`);
  if (run(command, args) === 0) totals.passed += 1;
  else {
    problems.push(`${name} failed`);
    totals.failed += 1;
  }
}

// Supply chain: advisories against the shipped packages. An unreachable audit service is said
// and counted as skipped, never as a failure (docs/security.md).
console.log('test: audit');
const audit = run('node', ['scripts/audit.mjs']);
if (audit === 0) totals.passed += 1;
else if (audit === 2) {
  totals.skipped += 1;
  skips.push(
    "npm audit: the registry's audit service could not be reached from here (its answer is above)",
  );
} else {
  problems.push('npm audit found high or critical advisories');
  totals.failed += 1;
}

// Unit and integration tests (vitest).
const vitestReport = join(reports, 'vitest.json');
const vitestStatus = run('npx', [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${vitestReport}`,
]);
const vitest = readJson(vitestReport);
if (vitest) {
  totals.passed += vitest.numPassedTests ?? 0;
  totals.failed += vitest.numFailedTests ?? 0;
  totals.skipped += (vitest.numPendingTests ?? 0) + (vitest.numTodoTests ?? 0);
  // A file that fails to load has no tests in the counts: count it as a failure.
  const brokenFiles = (vitest.testResults ?? []).filter(
    (file) => file.status === 'failed' && file.assertionResults.length === 0,
  ).length;
  totals.failed += brokenFiles;
}
if (!vitest || (vitestStatus !== 0 && totals.failed === 0)) {
  problems.push('vitest did not finish cleanly');
  totals.failed += 1;
}

// Build, then end-to-end tests in Debian's Chromium against the browser-mode host.
if (run('node', ['scripts/build.mjs']) !== 0) {
  problems.push('build failed');
  totals.failed += 1;
} else {
  const e2eReport = join(reports, 'playwright.json');
  if (!setup.chromium.ok) {
    // Listing the tests needs no browser: they are counted as skipped, with the reason.
    console.log(`test: e2e suite skipped: ${setup.chromium.reason}`);
    run('npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts', '--list'], {
      PLAYWRIGHT_JSON_OUTPUT_NAME: e2eReport,
    });
    const listed = readJson(e2eReport)?.stats?.skipped;
    totals.skipped += typeof listed === 'number' && listed > 0 ? listed : 1;
  } else {
    const e2eStatus = run('npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts'], {
      PLAYWRIGHT_JSON_OUTPUT_NAME: e2eReport,
    });
    const e2e = existsSync(e2eReport) ? readJson(e2eReport) : null;
    if (e2e?.stats) {
      totals.passed += (e2e.stats.expected ?? 0) + (e2e.stats.flaky ?? 0);
      totals.failed += e2e.stats.unexpected ?? 0;
      totals.skipped += e2e.stats.skipped ?? 0;
    }
    if (!e2e?.stats || (e2eStatus !== 0 && (e2e.stats.unexpected ?? 0) === 0)) {
      problems.push('playwright did not finish cleanly');
      totals.failed += 1;
    }
  }
}

// The hidden-tools check: the engine and the Score flow with the system's media tools hidden
// (scripts/hidden-tools/README.md). It skips itself, with the reason, where it cannot hide them.
const hiddenReport = join(reports, 'hidden-tools.json');
const hiddenStatus = run('node', ['scripts/hidden-tools/run.mjs', '--report', hiddenReport]);
const hidden = readJson(hiddenReport);
if (hidden) {
  totals.passed += hidden.passed;
  totals.failed += hidden.failed;
  totals.skipped += hidden.skipped;
}
if (!hidden || (hiddenStatus !== 0 && hidden.failed === 0)) {
  problems.push('the hidden-tools check did not finish cleanly');
  totals.failed += 1;
}

for (const problem of problems) console.error(`test: ${problem}`);
// Every skip says why, next to the count it adds to.
for (const skip of skips) console.log(`skipped: ${skip}`);
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(totals.failed > 0 ? 1 : 0);
