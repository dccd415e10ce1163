import { defineConfig } from 'vitest/config';

// The hidden-tools check runs on its own (scripts/hidden-tools/run.mjs), inside a mount
// namespace; its file is named *.check.ts so the main vitest run never picks it up.
export default defineConfig({
  test: {
    root: new URL('../..', import.meta.url).pathname,
    include: ['scripts/hidden-tools/*.check.ts'],
    environment: 'node',
    testTimeout: 120_000,
    hookTimeout: 90_000,
    pool: 'forks',
    maxWorkers: 1,
    fileParallelism: false,
  },
});
