// `npm audit` of the packages the app ships (no dev dependencies) for high and critical
// advisories. Exit 0: none; 1: some (listed); 2: the registry's audit service could not be
// reached, which is said plainly and not counted as a failure (docs/security.md).
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const run = spawnSync('npm', ['audit', '--omit=dev', '--json'], {
  cwd: root,
  encoding: 'utf8',
  timeout: 120_000,
});
let report = null;
try {
  report = JSON.parse(run.stdout);
} catch {
  report = null;
}
const counts = report?.metadata?.vulnerabilities;
if (!counts) {
  const reason =
    report?.message ??
    report?.error?.summary ??
    run.error?.message ??
    (run.stderr || '').trim().split('\n').pop();
  console.log(
    `audit: the registry's audit service could not be reached (${reason || 'no answer'}); not checked this run.`,
  );
  process.exit(2);
}
const serious = (counts.high ?? 0) + (counts.critical ?? 0);
if (serious === 0) {
  console.log(
    `audit: no high or critical advisories in the shipped packages (${counts.total ?? 0} lower).`,
  );
  process.exit(0);
}
for (const [name, entry] of Object.entries(report.vulnerabilities ?? {})) {
  if (entry.severity === 'high' || entry.severity === 'critical')
    console.log(`audit: ${entry.severity}: ${name} ${entry.range ?? ''}`);
}
console.log(
  `audit: ${serious} high or critical advisories; run \`npm audit --omit=dev\` for fixes.`,
);
process.exit(1);
