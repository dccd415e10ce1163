// Type-checks every per-folder project (shared, shared/node, engine, electron, renderer, e2e, scripts).
import { execFileSync } from 'node:child_process';

const projects = ['shared', 'shared/node', 'engine', 'electron', 'renderer', 'e2e', 'scripts'];
let failed = false;
for (const project of projects) {
  try {
    execFileSync(process.execPath, ['node_modules/typescript/bin/tsc', '-p', project], {
      stdio: 'inherit',
    });
    console.log(`typecheck ${project}: ok`);
  } catch {
    failed = true;
    console.error(`typecheck ${project}: failed`);
  }
}
process.exit(failed ? 1 : 0);
