import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { startEngine } from '../../engine/index';
import { expect, test } from '../fixtures/host';
import { AppPage } from '../pages/app-page';

test('the project folder changes only to a folder main accepts, after confirming', async ({
  page,
  host,
}) => {
  const app = new AppPage(page);
  await app.open(host.url);
  await app.goTo('Settings');
  const folder = page.getByTestId('settings-project-folder');
  await expect(folder).toHaveValue(host.projectDir);

  await folder.fill('/etc');
  await page.getByTestId('settings-project-folder-choose').click();
  const confirm = page.getByTestId('settings-project-folder-confirm');
  await expect(confirm).toContainText('/etc');
  await confirm.getByRole('button', { name: 'Use folder' }).click();
  await expect(page.getByRole('alert').filter({ hasText: /system folders/i })).toBeVisible();

  // Beside the data folder: a project folder inside it is refused like a system one.
  const wanted = join(dirname(host.dataDir), 'films', 'scores');
  await folder.fill(wanted);
  await folder.press('Enter');
  await page
    .getByTestId('settings-project-folder-confirm')
    .getByRole('button', { name: 'Use folder' })
    .click();
  await expect(page.getByTestId('settings-project-folder-confirm')).toHaveCount(0);
  expect((await stat(wanted)).isDirectory()).toBe(true);
  await page.reload();
  await app.goTo('Settings');
  await expect(page.getByTestId('settings-project-folder')).toHaveValue(wanted);
});

test('a key verified for one service is not offered to another: Settings says so', async ({
  page,
  host,
}) => {
  const app = new AppPage(page);
  await app.open(host.url);
  await app.goTo('Settings');
  const dataA = await mkdtemp(join(tmpdir(), 'soundstage-e2e-a-'));
  const dataB = await mkdtemp(join(tmpdir(), 'soundstage-e2e-b-'));
  const serviceA = await startEngine({ dataDir: dataA, key: 'sk_service_a_key_4321' });
  const serviceB = await startEngine({ dataDir: dataB, key: 'sk_service_b_key_8765' });
  try {
    await page.getByRole('radio', { name: /custom service/i }).check();
    const baseUrl = page.getByTestId('settings-base-url');
    await baseUrl.fill(serviceA.url);
    await page.getByTestId('settings-engine-save').click();
    await page.getByTestId('settings-key').fill('sk_service_a_key_4321');
    await page.getByTestId('settings-verify').click();
    await expect(page.getByTestId('settings-key-status')).toContainText('4321');
    await expect(page.getByTestId('settings-key-origin')).toHaveCount(0);

    await baseUrl.fill(serviceB.url);
    await page.getByTestId('settings-engine-save').click();
    await expect(page.getByTestId('settings-key-origin')).toHaveText(
      `This key was verified for ${new URL(serviceA.url).origin}; enter a key for ${new URL(serviceB.url).origin}.`,
    );
  } finally {
    await serviceA.close();
    await serviceB.close();
    await rm(dataA, { recursive: true, force: true });
    await rm(dataB, { recursive: true, force: true });
  }
});
