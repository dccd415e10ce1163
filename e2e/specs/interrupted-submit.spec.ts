import AxeBuilder from '@axe-core/playwright';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { test as base, expect } from '@playwright/test';
import { startHost, type RunningHost } from '../fixtures/host';
import { AppPage } from '../pages/app-page';

/** The app starts on a ledger a killed run left: a job caught sending to a custom service. */
const test = base.extend<{ host: RunningHost }>({
  // eslint-disable-next-line no-empty-pattern
  host: async ({}, use) => {
    const startedAt = Date.now() - 60 * 60 * 1000;
    const { host, stop } = await startHost(async (dataDir) => {
      const job = {
        id: 'job-cut-while-sending',
        request: {
          type: 'text_to_sfx',
          delivery: 'async',
          fields: { prompt: 'heavy door slam', duration: 4 },
          files: {},
          label: 'Door slam',
        },
        stage: 'uploading',
        idempotencyKey: 'key-of-the-cut-attempt',
        createdAt: startedAt,
        updatedAt: startedAt,
        startedAt,
        attempts: 1,
        files: [],
      };
      const ledger = { version: 1, entries: [{ origin: 'https://api.example.test', job }] };
      await writeFile(join(dataDir, 'jobs.json'), JSON.stringify(ledger));
    });
    await use(host);
    await stop();
  },
});

test('a job interrupted while submitting says it may have been charged, and Retry states its cost', async ({
  page,
  host,
}) => {
  const app = new AppPage(page);
  await app.open(host.url);
  await app.goTo('Jobs');
  const row = page.getByTestId('job-row');
  await expect(row).toHaveAttribute('data-stage', 'failed');
  const notice = row.getByTestId('job-interrupted');
  await expect(notice).toContainText('Interrupted while submitting: it may have been charged');
  await expect(notice).toContainText('was not sent again');
  const today = new Date(Date.now() - 60 * 60 * 1000).toISOString().slice(0, 10);
  await expect(row.getByTestId('job-usage-since')).toContainText(
    `Requests on this account since ${today}: 0`,
  );

  await row.getByRole('button', { name: 'Retry' }).click();
  const confirm = row.getByRole('group', { name: 'Confirm retry' });
  await expect(confirm).toContainText('is a new charge');
  await expect(confirm.getByTestId('retry-cost')).toContainText(/Estimated charge \$\d+\.\d{2}/);
  await expect(confirm.getByRole('button', { name: 'Retry now' })).toBeEnabled();

  // The notice and the confirm bar pass axe-core like every screen (contrast included).
  const results = await new AxeBuilder({ page }).include('[data-testid="job-row"]').analyze();
  const serious = results.violations.filter((v) =>
    ['serious', 'critical'].includes(v.impact ?? ''),
  );
  expect(serious.map((v) => `${v.id}: ${v.nodes[0]?.target.join(' ')}`)).toEqual([]);

  // Keyboard: Back closes the confirm bar and Retry is reachable again.
  await confirm.getByRole('button', { name: 'Back' }).press('Enter');
  await expect(row.getByRole('button', { name: 'Retry' })).toBeVisible();
});
