import AxeBuilder from '@axe-core/playwright';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures/host';
import { AppPage } from '../pages/app-page';

const SRT = [
  '1\n00:00:00,500 --> 00:00:02,500\nThe cat sat on the mat.\n',
  '2\n00:00:03,000 --> 00:00:05,000\nThis sentense has a wrold.\n',
  '3\n00:00:05,500 --> 00:00:07,000\nA cat and a catalogue.\n',
].join('\n');

/** Writes `text` as `name` in a fresh folder, opens Subtitles and imports that file. */
async function openScript(page: Page, url: string, name: string, text: string): Promise<void> {
  const file = join(await mkdtemp(join(tmpdir(), 'subs-tools-e2e-')), name);
  await writeFile(file, text);
  const app = new AppPage(page);
  await app.open(url);
  await app.goTo('Subtitles');
  const chooser = page.waitForEvent('filechooser');
  await page.getByTestId('subs-import').click();
  await (await chooser).setFiles([file]);
}

/**
 * Subtitles tools in Chromium over the real host: spell check (real dictionaries in main),
 * find and replace one match at a time, and starting a Spanish translation, each undoable.
 */
test('spell check, find/replace one by one, add a language', async ({ page, host }) => {
  await openScript(page, host.url, 'clip.en.srt', SRT);
  const rows = page.getByTestId('cue-row');
  await expect(rows).toHaveCount(3);
  const secondId = (await rows.nth(1).getAttribute('data-cue-id'))!;

  // Spell check: both misspellings of cue 2 are flagged with their cue id; correct words are not.
  const wrold = page.locator(`[data-testid="spell-issue"][data-word="wrold"]`);
  await expect(wrold).toHaveAttribute('data-cue-id', secondId, { timeout: 60_000 });
  await expect(page.locator('[data-testid="spell-issue"][data-word="sentense"]')).toBeVisible();
  await expect(page.locator('[data-testid="spell-issue"][data-word="cat"]')).toHaveCount(0);

  // Pick a suggestion: the cue is corrected, one undo step brings the word back.
  await wrold.click();
  await page
    .getByTestId('spell-suggestion')
    .filter({ hasText: /^world$/ })
    .click();
  const cell = page.locator(`[data-testid="cue-text"][data-cue-id="${secondId}"]`);
  await expect(cell).toHaveValue('This sentense has a world.');
  await page.locator('body').click({ position: { x: 2, y: 2 } });
  await page.keyboard.press('Control+z');
  await expect(cell).toHaveValue('This sentense has a wrold.');

  // Add to the project dictionary: the word is no longer flagged.
  await page.locator(`[data-testid="spell-issue"][data-word="sentense"]`).click();
  await page.getByTestId('spell-add-word').click();
  await expect(page.locator('[data-testid="spell-issue"][data-word="sentense"]')).toHaveCount(0);

  // Find and replace one by one, whole word: "cat" but not "catalogue".
  await page.getByRole('tab', { name: 'Find & replace' }).click();
  await page.getByTestId('subs-find').fill('(');
  await page.getByTestId('subs-find-regex').check();
  await expect(page.getByRole('alert')).toContainText('Not a valid pattern');
  await page.getByTestId('subs-find-regex').uncheck();
  await page.getByTestId('subs-find').fill('cat');
  await page.getByTestId('subs-find-whole-word').check();
  await page.getByTestId('subs-replace').fill('dog');
  await page.getByTestId('subs-find-next').click();
  const current = page.getByTestId('subs-find-current');
  await expect(current).toHaveAttribute(
    'data-cue-id',
    (await rows.first().getAttribute('data-cue-id'))!,
  );
  await expect(rows.first()).toHaveAttribute('aria-selected', 'true');
  await page.getByTestId('subs-find-next').click();
  const thirdId = (await rows.nth(2).getAttribute('data-cue-id'))!;
  await expect(current).toHaveAttribute('data-cue-id', thirdId);
  await page.getByTestId('subs-find-previous').click();
  await page.getByTestId('subs-replace-one').click();
  const first = page.locator('[data-testid="cue-text"]').first();
  await expect(first).toHaveValue('The dog sat on the mat.');
  // Replace moved on to the next match (cue 3), whose "catalogue" stays.
  await expect(current).toHaveAttribute('data-cue-id', thirdId);
  await page.getByTestId('subs-replace-one').click();
  await expect(page.locator(`[data-testid="cue-text"][data-cue-id="${thirdId}"]`)).toHaveValue(
    'A dog and a catalogue.',
  );

  // Start a Spanish translation: a new column with the same cues and empty text.
  const add = page.getByTestId('subs-add-language');
  await add.getByRole('combobox').selectOption('es');
  await add.getByRole('button', { name: 'Add language' }).click();
  const spanish = page.locator('[data-testid="cue-text"][data-lang="es"]');
  await expect(spanish).toHaveCount(3);
  await expect(spanish.first()).toHaveValue('');

  // The new controls pass axe-core.
  const results = await new AxeBuilder({ page })
    .include('[data-testid="subs-workspace"]')
    .analyze();
  const serious = results.violations.filter((v) =>
    ['serious', 'critical'].includes(v.impact ?? ''),
  );
  expect(
    serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
});

/** Subtitle Edit's keys for searching and inserting work from anywhere on the screen. */
test('F3 steps the search from anywhere, Ctrl+H goes to Replace, Alt+Insert, Ctrl+F8', async ({
  page,
  host,
}) => {
  await openScript(page, host.url, 'clip.en.srt', SRT);
  const rows = page.getByTestId('cue-row');
  await expect(rows).toHaveCount(3);
  const firstId = (await rows.first().getAttribute('data-cue-id'))!;
  const thirdId = (await rows.nth(2).getAttribute('data-cue-id'))!;

  await page.keyboard.press('Control+f');
  await expect(page.getByTestId('subs-find')).toBeFocused();
  await page.keyboard.type('cat');
  await page.getByTestId('subs-find-whole-word').check();
  await page.locator('body').click({ position: { x: 2, y: 2 } });
  const current = page.getByTestId('subs-find-current');
  await page.keyboard.press('F3');
  await expect(current).toHaveAttribute('data-cue-id', firstId);
  await page.keyboard.press('F3');
  await expect(current).toHaveAttribute('data-cue-id', thirdId);
  await page.keyboard.press('Shift+F3');
  await expect(current).toHaveAttribute('data-cue-id', firstId);

  await page.keyboard.press('Control+h');
  await expect(page.getByTestId('subs-replace')).toBeFocused();

  // The third cue current, Alt+Insert puts an empty cue before it, in the gap after cue 2.
  await page.keyboard.press('F3');
  await expect(current).toHaveAttribute('data-cue-id', thirdId);
  await page.locator('body').click({ position: { x: 2, y: 2 } });
  await page.keyboard.press('Alt+Insert');
  await expect(rows).toHaveCount(4);
  await expect(page.locator('[data-testid="cue-text"]').nth(2)).toHaveValue('');
  await expect(rows.nth(3)).toHaveAttribute('data-cue-id', thirdId);

  await page.keyboard.press('Control+F8');
  await expect(page.getByRole('tab', { name: /^Checks/ })).toHaveAttribute('aria-selected', 'true');
});

test('the cue being edited shows all of its lines', async ({ page, host }) => {
  await openScript(
    page,
    host.url,
    'clip.en.srt',
    '1\n00:00:00,500 --> 00:00:03,500\nLine one\nline two\nline three\n',
  );
  const cell = page.locator('[data-testid="cue-text"]').first();
  await expect(cell).toHaveValue('Line one\nline two\nline three');
  await cell.focus();
  // Nothing of the text is scrolled out of view while the cell has focus.
  await expect
    .poll(() => cell.evaluate((area) => area.scrollHeight - area.clientHeight))
    .toBeLessThanOrEqual(1);
  await page.screenshot({ path: 'e2e/artifacts/screens/subtitles-three-lines.png' });
});

/** Ctrl+G (Subtitle Edit's "Go to"): a cue number selects, scrolls to and focuses that row. */
test('Ctrl+G goes to a cue by its number; out of range is refused; Esc cancels', async ({
  page,
  host,
}) => {
  const clock = (ms: number) =>
    `00:${String(Math.floor(ms / 60_000)).padStart(2, '0')}:${String(Math.floor(ms / 1000) % 60).padStart(2, '0')},${String(ms % 1000).padStart(3, '0')}`;
  await openScript(
    page,
    host.url,
    'long.en.srt',
    Array.from(
      { length: 60 },
      (_, i) => `${i + 1}\n${clock(i * 3000)} --> ${clock(i * 3000 + 2000)}\nLine ${i + 1}\n`,
    ).join('\n'),
  );
  const first = page.locator('[data-testid="cue-text"]').first();
  await expect(first).toHaveValue('Line 1');

  // Esc closes the field and gives focus back to the cell it was opened from.
  await first.focus();
  await page.keyboard.press('Control+g');
  const field = page.getByTestId('subs-goto-input');
  await expect(field).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(field).toHaveCount(0);
  await expect(first).toBeFocused();

  // A number past the end is refused at the field, which stays open.
  await page.keyboard.press('Control+g');
  await page.keyboard.type('61');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('subs-goto-error')).toHaveText(
    'There is no cue 61. Type a number from 1 to 60.',
  );
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  const results = await new AxeBuilder({ page })
    .include('[data-testid="subs-goto-form"]')
    .analyze();
  expect(
    results.violations
      .filter((v) => ['serious', 'critical'].includes(v.impact ?? ''))
      .map((v) => v.id),
  ).toEqual([]);
  await page.screenshot({ path: 'e2e/artifacts/screens/subtitles-goto.png' });

  // Cue 50, far below the drawn rows: selected, scrolled into view, its text focused.
  await field.fill('50');
  await page.keyboard.press('Enter');
  await expect(field).toHaveCount(0);
  const cell = page.getByRole('textbox', { name: 'Cue 50 text, en' });
  await expect(cell).toBeFocused();
  await expect(cell).toHaveValue('Line 50');
  await expect(cell).toBeInViewport();
  await expect(
    page.locator('[data-testid="cue-row"][aria-selected="true"] [data-testid="cue-text"]'),
  ).toHaveValue('Line 50');
});

/** Export says what the dubbing service would refuse before writing; writing anyway is a choice. */
test('export of a script with QC errors warns first: show the errors, or export anyway', async ({
  page,
  host,
}) => {
  await openScript(
    page,
    host.url,
    'talk.es.srt',
    [
      '1\n00:00:00,500 --> 00:00:03,000\nHola.\n',
      '2\n00:00:02,000 --> 00:00:04,000\nQué tal.\n',
      '3\n00:00:03,500 --> 00:00:06,000\nHasta luego.\n',
    ].join('\n'),
  );
  await expect(page.getByTestId('cue-row')).toHaveCount(3);
  // (The empty Glossary tab says what a glossary does here and how to add to it.)
  await page.getByRole('tab', { name: 'Glossary' }).click();
  const glossaryHelp = page.getByTestId('glossary-empty');
  await expect(glossaryHelp).toContainText('words never translated');
  await expect(glossaryHelp).toContainText('Renderings need a translation: add a language first.');
  await page.getByRole('textbox', { name: 'Do-not-translate words, comma separated' }).fill('Ana');
  await page.getByRole('button', { name: 'Keep as written' }).click();
  await expect(glossaryHelp).toHaveCount(0);
  await page.getByRole('button', { name: 'Remove Ana' }).click();
  await expect(glossaryHelp).toBeVisible();

  // Nothing is written yet: the warning counts the errors and says what they mean.
  const status = page.getByTestId('subs-export-status');
  await page.getByTestId('subs-export').click();
  const warning = page.getByTestId('subs-export-blocked');
  await expect(warning).toContainText('2 cues overlap: the dubbing service refuses this script.');
  await expect(page.getByTestId('subs-export-errors')).toBeFocused();
  await expect(status).not.toHaveAttribute('data-paths', /./);
  await warning.scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'e2e/artifacts/screens/subtitles-export-warning.png' });

  // "Show the errors" opens the Checks tab on the overlaps.
  await page.getByTestId('subs-export-errors').click();
  await expect(warning).toHaveCount(0);
  await expect(page.getByRole('tab', { name: /^Checks/ })).toHaveAttribute('aria-selected', 'true');
  await expect(page.locator('[data-testid="qc-issue"][data-rule="overlap"]')).toHaveCount(2);

  // "Export anyway" writes the script as it is.
  await page.getByTestId('subs-export').click();
  await page.getByTestId('subs-export-anyway').click();
  await expect(status).toHaveAttribute('data-paths', /talk\.es\.srt$/);
  const written = await readFile((await status.getAttribute('data-paths'))!, 'utf8');
  expect(written).toContain('00:00:02,000 --> 00:00:04,000\nQué tal.');
  // The written file can be shown in the file manager (browser mode logs it; Electron reveals).
  await page.getByTestId('subs-export-reveal').click();
  await expect(page.getByText('The folder could not be shown')).toHaveCount(0);
  await expect.poll(() => host.output()).toMatch(/reveal: .+/);
});
