import AxeBuilder from '@axe-core/playwright';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { test as base, expect } from '@playwright/test';
import { startHost, type RunningHost } from '../fixtures/host';
import { AppPage } from '../pages/app-page';

/** A torn job history: a crash or a full disk left half a file. */
const TORN = '{"version":1,"entries":[{"origin":"local","job":{"id":"paid-job","stage":"run';

const test = base.extend<{ host: RunningHost }>({
  // eslint-disable-next-line no-empty-pattern
  host: async ({}, use) => {
    const { host, stop } = await startHost(async (dataDir) => {
      await writeFile(join(dataDir, 'jobs.json'), TORN);
    });
    await use(host);
    await stop();
  },
});

test('a torn job history is kept beside a fresh one and the app says where', async ({
  page,
  host,
}) => {
  const app = new AppPage(page);
  await app.open(host.url);
  const banner = page.getByTestId('storage-banner');
  await expect(banner).toContainText('The job history could not be read');
  const kept = (await readdir(host.dataDir)).filter((name) => name.startsWith('jobs.corrupt-'));
  expect(kept).toHaveLength(1);
  await expect(banner).toContainText(join(host.dataDir, kept[0]!));
  // The bytes are kept exactly; the app went on with an empty, valid ledger.
  expect(await readFile(join(host.dataDir, kept[0]!), 'utf8')).toBe(TORN);
  const fresh = JSON.parse(await readFile(join(host.dataDir, 'jobs.json'), 'utf8')) as {
    entries: unknown[];
  };
  expect(fresh.entries).toEqual([]);

  const results = await new AxeBuilder({ page })
    .include('[data-testid="storage-banner"]')
    .analyze();
  const serious = results.violations.filter((v) =>
    ['serious', 'critical'].includes(v.impact ?? ''),
  );
  expect(serious.map((v) => `${v.id}: ${v.nodes[0]?.target.join(' ')}`)).toEqual([]);
});
