import { defineConfig } from '@playwright/test';

/**
 * End-to-end tests: the built renderer in browser mode (scripts/web) against the local engine,
 * in Debian's Chromium. Each test starts its own host with a fresh user-data folder.
 */
export default defineConfig({
  testDir: './specs',
  outputDir: './artifacts/results',
  timeout: 180_000,
  expect: { timeout: 20_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list'], ['json']],
  use: {
    browserName: 'chromium',
    viewport: { width: 1360, height: 860 },
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      // Quiet Chromium on a machine with no network besides loopback.
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--autoplay-policy=no-user-gesture-required',
      ],
    },
  },
});
