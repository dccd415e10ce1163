import { defineConfig } from 'vitest/config';

// Unit and integration tests of shared/, engine/, electron/main and scripts/ (e2e runs apart).
export default defineConfig({
  test: {
    include: ['{shared,engine,electron,scripts,renderer}/**/*.test.{ts,tsx}'],
    environment: 'node',
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: 'forks',
    maxWorkers: 2,
  },
});
