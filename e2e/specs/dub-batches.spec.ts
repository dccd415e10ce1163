import AxeBuilder from '@axe-core/playwright';
import { mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures/host';
import { makeToneClip } from '../fixtures/tone-clip';
import { AppPage } from '../pages/app-page';
import { pickIntoBatch } from '../pages/dub-drop';

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

/** The languages and script count of the named project's batch, as its file holds them. */
async function savedBatch(projectDir: string, name: string) {
  for (const file of (await readdir(projectDir)).filter((f) => f.endsWith('.soundstage'))) {
    const document = JSON.parse(await readFile(join(projectDir, file), 'utf8')) as {
      name: string;
      dub?: { settings: { languages: string[] }; scripts: unknown[] };
    };
    if (document.name === name)
      return { languages: document.dub?.settings.languages, scripts: document.dub?.scripts.length };
  }
  return null;
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
  await pickIntoBatch(page, /add videos/i, clips);
  await pickIntoBatch(page, /add scripts/i, scripts);
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
  // Told once for the batch, not once more for a request that ended while the next was sent.
  await page.waitForTimeout(1000);
  await expect(toast).toHaveCount(1);
  await expect(page.getByTestId('toast-region')).toHaveAttribute('role', 'status');

  // A sent row cannot be removed, and says why: by Delete in the grid as by its button.
  await row(page, 'alpha.mp4').getByTestId('dub-cell').click();
  await page.keyboard.press('Delete');
  await expect(page.getByTestId('dub-row-refusal')).toContainText('already sent');
  await expect(page.getByTestId('dub-row')).toHaveCount(2);
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
  // Delete removes an unsent row and keeps focus in the grid, on the row that took its place.
  await row(page, 'alpha.mp4').getByTestId('dub-cell').click();
  await page.keyboard.press('Delete');
  await expect(page.getByTestId('dub-row')).toHaveCount(1);
  await expect(row(page, 'bravo.mp4')).toBeVisible();
  await expect(row(page, 'bravo.mp4').getByTestId('dub-cell')).toBeFocused();

  const axe = await new AxeBuilder({ page }).analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual(
    [],
  );

  // The first batch is as it was: both rows dubbed.
  await list.getByRole('button', { name: 'Dub batch', exact: true }).click();
  await expect(page.locator('[data-testid="dub-cell"][data-state="succeeded"]')).toHaveCount(2);

  // A video added after the run waits to be sent: Send the rest, and no Pause (nothing runs).
  const charlie = makeClip(dir, 'charlie.mp4', 4);
  const charlieScript = join(dir, 'charlie.es.srt');
  await writeFile(charlieScript, srt(SPANISH));
  await pickIntoBatch(page, /add videos/i, [charlie]);
  await pickIntoBatch(page, /add scripts/i, [charlieScript]);
  await expect(
    row(page, 'charlie.mp4').locator('[data-testid="dub-cell"][data-state="ready"]'),
  ).toHaveCount(1, { timeout: 30_000 });
  await expect(page.getByTestId('dub-start')).toContainText('Send the rest');
  await expect(page.getByTestId('dub-resume')).toHaveCount(0);

  // A new batch starts empty.
  await page.getByTestId('dub-batch-new').click();
  await expect(list.getByTestId('dub-batch')).toHaveCount(3);
  await expect(page.getByTestId('dub-row')).toHaveCount(0);
});

/**
 * Dub shows the window's open project: a project made with project-new in Dub is the shown
 * batch (its video the first row) and is back after a reload; a Subtitles project opened later
 * becomes the batch when Dub is visited, and the first batch opens again from the list.
 */
test('a project made in Dub is the shown batch, and Dub follows the open project', async ({
  page,
  host,
}) => {
  const dir = await mkdtemp(join(tmpdir(), 'dub-project-e2e-'));
  const clip = makeClip(dir, 'trailer.mp4', 3);
  const other = makeClip(dir, 'interview.mp4', 3);
  const app = new AppPage(page);
  await app.open(host.url);
  await app.goTo('Dub');
  const list = page.getByTestId('dub-batch-list');
  const shown = list.locator('[data-testid="dub-batch"][data-active="true"]');

  const create = async (kind: string, video: string, name: string) => {
    await page.getByTestId('project-new').click();
    const dialog = page.getByTestId('project-new-dialog');
    await dialog.getByRole('radio', { name: kind }).check();
    const chooser = page.waitForEvent('filechooser');
    await dialog.getByTestId('project-new-video').click();
    await (await chooser).setFiles(video);
    await dialog.getByTestId('project-new-name').fill(name);
    await dialog.getByTestId('project-new-create').click();
    await expect(dialog).toBeHidden();
  };

  await create('Dub', clip, 'Trailer FR');
  await expect(shown).toContainText('Trailer FR');
  await expect(row(page, 'trailer.mp4')).toBeVisible();
  // A batch made by project-new starts with the languages a batch started by a drop has.
  await expect(page.getByRole('checkbox', { name: 'Spanish', exact: true })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'French' })).toBeChecked();
  await page.getByRole('checkbox', { name: 'French' }).uncheck();
  await expect(page.locator('[data-testid="dub-cell"][data-lang="fr"]')).toHaveCount(0);

  // A script that pairs with no video waits in its list, readable and usable for axe.
  const stray = join(dir, 'unmatched.es.srt');
  await writeFile(stray, srt(SPANISH));
  await pickIntoBatch(page, /add scripts/i, [stray]);
  const unpaired = page.getByRole('region', { name: 'Unpaired scripts' });
  await expect(unpaired).toContainText('unmatched.es.srt');
  const axe = await new AxeBuilder({ page }).include('.dub-list').analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual(
    [],
  );

  // Reloaded once the batch's autosave has written both changes (it waits for a pause).
  await expect
    .poll(async () => {
      const saved = await savedBatch(host.projectDir, 'Trailer FR');
      return saved?.scripts === 1 && !saved.languages?.includes('fr');
    })
    .toBe(true);
  await page.reload();
  await page.getByTestId('engine-status').waitFor();
  await app.goTo('Dub');
  await expect(shown).toContainText('Trailer FR');
  await expect(row(page, 'trailer.mp4')).toBeVisible();
  await expect(page.locator('[data-testid="dub-cell"][data-lang="fr"]')).toHaveCount(0);

  // A Subtitles project opened in this window is what Dub shows next.
  await app.goTo('Subtitles');
  await create('Subtitles', other, 'Interview');
  await app.goTo('Dub');
  await expect(shown).toContainText('Interview');
  await expect(page.getByTestId('dub-row')).toHaveCount(0);

  await list.getByRole('button', { name: 'Trailer FR', exact: true }).click();
  await expect(shown).toContainText('Trailer FR');
  await expect(row(page, 'trailer.mp4')).toBeVisible();
});
