import AxeBuilder from '@axe-core/playwright';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures/host';
import { makeToneClip } from '../fixtures/tone-clip';
import { AppPage } from '../pages/app-page';

/** A short clip (picture and a tone): a scripted dub needs no speech in it. */
function makeClip(dir: string, name: string, seconds: number): string {
  return makeToneClip(join(dir, name), { seconds });
}

const SPANISH = [
  'Buenos días, ¿cómo estás hoy con tu familia?',
  'Vamos a la playa porque hace mucho calor.',
];
const srt = (lines: readonly string[]) =>
  lines
    .map((text, i) => `${i + 1}\n00:00:0${2 * i},000 --> 00:00:0${2 * i + 2},000\n${text}\n`)
    .join('\n');

async function pick(page: Page, button: RegExp, paths: string[]): Promise<void> {
  const chooser = page.waitForEvent('filechooser');
  await page.getByTestId('dub-drop').getByRole('button', { name: button }).click();
  await (await chooser).setFiles(paths);
}

const row = (page: Page, file: string) =>
  page.locator(`[data-testid="dub-row"][data-file="${file}"]`);

test('dub batches: run one, a toast when it ends, duplicate, remove a row, new batch', async ({
  page,
  host,
}) => {
  test.setTimeout(240_000);
  const dir = await mkdtemp(join(tmpdir(), 'dub-batches-e2e-'));
  const clips = ['alpha.mp4', 'bravo.mp4'].map((name) => makeClip(dir, name, 4));
  const scripts = ['alpha.es.srt', 'bravo.es.srt'].map((name) => join(dir, name));
  for (const path of scripts) await writeFile(path, srt(SPANISH));

  const app = new AppPage(page);
  await app.open(host.url);
  await app.goTo('Dub');
  const list = page.getByTestId('dub-batch-list');
  await expect(list.getByTestId('dub-batch')).toHaveCount(1);

  // Spanish only: both cells are scripted.
  await page.getByRole('checkbox', { name: 'French' }).uncheck();
  await pick(page, /add videos/i, clips);
  await pick(page, /add scripts/i, scripts);
  await expect(page.getByTestId('dub-row')).toHaveCount(2);
  await expect(page.locator('[data-testid="dub-cell"][data-state="ready"]')).toHaveCount(2, {
    timeout: 30_000,
  });

  await page.getByTestId('dub-start').click();
  await expect(page.locator('[data-testid="dub-cell"][data-state="succeeded"]')).toHaveCount(2, {
    timeout: 180_000,
  });
  // main's notifier tells the batch's end; browser mode shows it as a toast.
  const toast = page.getByTestId('toast').filter({ hasText: 'Dub batch finished' });
  await expect(toast).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('toast-region')).toHaveAttribute('role', 'status');

  // A sent row cannot be removed, and says why.
  await row(page, 'alpha.mp4').getByTestId('dub-row-remove').click();
  await expect(page.getByTestId('dub-row-refusal')).toContainText('already sent');
  await expect(page.getByTestId('dub-row')).toHaveCount(2);

  // Duplicate: same languages, rows copied as not run.
  await page.getByTestId('dub-batch-duplicate').click();
  await expect(list.getByTestId('dub-batch')).toHaveCount(2);
  await expect(list.locator('[data-testid="dub-batch"][data-active="true"]')).toContainText(
    'Dub batch copy',
  );
  await expect(page.getByTestId('dub-row')).toHaveCount(2);
  await expect(page.locator('[data-testid="dub-cell"][data-lang="es"]')).toHaveCount(2);
  await expect(page.locator('[data-testid="dub-cell"][data-state="ready"]')).toHaveCount(2, {
    timeout: 30_000,
  });
  await row(page, 'alpha.mp4').getByTestId('dub-row-remove').click();
  await expect(page.getByTestId('dub-row')).toHaveCount(1);
  await expect(row(page, 'bravo.mp4')).toBeVisible();

  const axe = await new AxeBuilder({ page }).analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual(
    [],
  );

  // The first batch is as it was: both rows dubbed.
  await list.getByRole('button', { name: 'Dub batch', exact: true }).click();
  await expect(page.locator('[data-testid="dub-cell"][data-state="succeeded"]')).toHaveCount(2);

  // A new batch starts empty.
  await page.getByTestId('dub-batch-new').click();
  await expect(list.getByTestId('dub-batch')).toHaveCount(3);
  await expect(page.getByTestId('dub-row')).toHaveCount(0);
});
