import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startEngine } from '../../engine/index';
import { LIMITS } from '../../shared/api/limits';
import { expect, test } from '../fixtures/host';
import { AppPage } from '../pages/app-page';
import { MusicPanel } from '../pages/music-panel';

test('bad input is refused at the field before any request', async ({ page, host }) => {
  const app = new AppPage(page);
  await app.open(host.url);
  await app.goTo('Score');
  const music = new MusicPanel(page);

  await music.fill('', 30);
  await expect(music.generate).toBeDisabled();
  const max = LIMITS.textToMusicPromptMaxChars;
  await music.fill('x'.repeat(max + 1), 30);
  await expect(page.getByText(new RegExp(`${max + 1}\\s*/\\s*${max}`))).toBeVisible();
  await expect(music.generate).toBeDisabled();
  await music.fill('Ambient drone', 400);
  await expect(page.getByText(/5.{1,3}360/).first()).toBeVisible();
  await expect(music.generate).toBeDisabled();

  await app.goTo('Jobs');
  await expect(page.getByTestId('job-row')).toHaveCount(0);
});

test('an invalid base URL and a rejected key get clear messages, and the key is never shown', async ({
  page,
  host,
}) => {
  const app = new AppPage(page);
  await app.open(host.url);
  await app.goTo('Settings');
  await page.getByRole('radio', { name: /custom service/i }).check();
  const baseUrl = page.getByTestId('settings-base-url');
  await baseUrl.fill('ftp://example');
  await baseUrl.blur();
  await expect(
    page.getByRole('alert').filter({ hasText: /http:\/\/ or https:\/\//i }),
  ).toBeVisible();
  await baseUrl.fill('http://203.0.113.7');
  await expect(page.getByRole('alert').filter({ hasText: /use https/i })).toBeVisible();

  // A second engine stands in for a cloud service; the app is pointed at it with a wrong key.
  const dataDir = await mkdtemp(join(tmpdir(), 'soundstage-e2e-remote-'));
  const remote = await startEngine({ dataDir, key: 'sk_remote_valid_key_9876' });
  try {
    await baseUrl.fill(remote.url);
    await page.getByTestId('settings-engine-save').click();
    const secret = 'sk_wrong_key_1234567890';
    await page.getByTestId('settings-key').fill(secret);
    await page.getByTestId('settings-verify').click();
    const rejection = page.getByRole('alert').filter({ hasText: /key rejected/i });
    await expect(rejection).toBeVisible();
    expect(await rejection.textContent()).not.toContain(secret.slice(3));
    expect(await page.content()).not.toContain(secret.slice(3));

    // The right key is verified, stored, and shown only by its last four characters.
    await page.getByTestId('settings-key').fill('sk_remote_valid_key_9876');
    await page.getByTestId('settings-verify').click();
    await expect(page.getByTestId('settings-key-status')).toContainText('9876');
    expect(await page.content()).not.toContain('remote_valid_key');
  } finally {
    await remote.close();
    await rm(dataDir, { recursive: true, force: true });
  }
});
