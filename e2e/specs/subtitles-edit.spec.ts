import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../fixtures/host';
import { AppPage } from '../pages/app-page';

const TIMES = [
  ['00:00:00,500', '00:00:02,500'],
  ['00:00:04,000', '00:00:05,800'],
  ['00:00:07,000', '00:00:09,000'],
];
const srt = (texts: string[]) =>
  TIMES.map(([start, end], i) => `${i + 1}\n${start} --> ${end}\n${texts[i]}\n`).join('\n');

const row = (page: Page, id: string) =>
  page.locator(`[data-testid="cue-row"][data-cue-id="${id}"]`);
const text = (page: Page, id: string, lang: string) =>
  page.locator(`[data-testid="cue-text"][data-lang="${lang}"][data-cue-id="${id}"]`);

/** Ctrl+Z / Ctrl+Shift+Z with focus outside any text field (the document's undo). */
async function undo(page: Page, redo = false) {
  await page.locator('body').click({ position: { x: 2, y: 2 } });
  await page.keyboard.press(redo ? 'Control+Shift+z' : 'Control+z');
}

/**
 * Split, merge, typed times (and a refused one), shift and multi-select, each undone with the
 * global keys, driven only by the test ids of renderer/TESTIDS.md ("Subtitles editing").
 */
test('subtitles editing: split, merge, typed times, shift, selection, each undone', async ({
  page,
  host,
}) => {
  const dir = await mkdtemp(join(tmpdir(), 'subs-edit-e2e-'));
  const en = join(dir, 'talk.en.srt');
  const es = join(dir, 'talk.es.srt');
  await writeFile(en, srt(['We should go now before it rains', 'Agreed.', 'Bring the papers.']));
  await writeFile(
    es,
    srt(['Deberíamos irnos antes de que llueva', 'De acuerdo.', 'Trae los papeles.']),
  );
  const app = new AppPage(page);
  await app.open(host.url);
  await app.goTo('Subtitles');
  const chooser = page.waitForEvent('filechooser');
  await page.getByTestId('subs-import').click();
  await (await chooser).setFiles([en, es]);
  const rows = page.getByTestId('cue-row');
  await expect(rows).toHaveCount(3);
  const [c1, c2, c3] = await Promise.all(
    [0, 1, 2].map((i) => rows.nth(i).getAttribute('data-cue-id')),
  );
  // A focused field is lent a form of its own, so Chromium's autofill reads one control per
  // keystroke, not the whole page's; the others have none, so drawing rows adds no forms
  // (docs/decisions/101-fields-in-forms-of-their-own.md).
  const formSize = (field: Locator) =>
    field.evaluate((el) => (el as HTMLTextAreaElement).form?.elements.length ?? 0);
  await text(page, c2!, 'es').focus();
  expect(await formSize(text(page, c2!, 'es'))).toBe(1);
  expect(await formSize(text(page, c1!, 'es'))).toBe(0);
  await page.locator(`[data-testid="cue-end-input"][data-cue-id="${c3}"]`).focus();
  expect(await formSize(page.locator(`[data-testid="cue-end-input"][data-cue-id="${c3}"]`))).toBe(
    1,
  );
  expect(await formSize(text(page, c2!, 'es'))).toBe(0);

  // Split at the caret (after "We should go now"): two contiguous cues, both languages cut.
  await text(page, c1!, 'en').click();
  await page.keyboard.press('Home');
  for (let i = 0; i < 'We should go now'.length; i += 1) await page.keyboard.press('ArrowRight');
  await page.getByTestId('cue-split').click();
  await expect(rows).toHaveCount(4);
  await expect(text(page, c1!, 'en')).toHaveValue('We should go now');
  const second = rows.nth(1);
  const newId = (await second.getAttribute('data-cue-id'))!;
  await expect(text(page, newId, 'en')).toHaveValue('before it rains');
  await expect(text(page, newId, 'es')).not.toHaveValue('');
  const cut = await row(page, c1!).getAttribute('data-end-ms');
  await expect(second).toHaveAttribute('data-start-ms', cut!);
  await expect(second).toHaveAttribute('data-end-ms', '2500');
  await undo(page);
  await expect(rows).toHaveCount(3);
  await expect(text(page, c1!, 'en')).toHaveValue('We should go now before it rains');
  await undo(page, true);
  await expect(rows).toHaveCount(4);
  await undo(page);
  await expect(rows).toHaveCount(3);

  // Merge the second cue with the next: one cue from 4.000 to 9.000, texts on two lines.
  await text(page, c2!, 'en').click();
  await page.getByTestId('cue-merge').click();
  await expect(rows).toHaveCount(2);
  await expect(row(page, c2!)).toHaveAttribute('data-end-ms', '9000');
  await expect(text(page, c2!, 'es')).toHaveValue('De acuerdo.\nTrae los papeles.');
  await undo(page);
  await expect(rows).toHaveCount(3);
  await expect(row(page, c3!)).toHaveAttribute('data-start-ms', '7000');

  // A typed start applies on Enter, in the row's format; undo restores it.
  const start = page.locator(`[data-testid="cue-start-input"][data-cue-id="${c2}"]`);
  await expect(start).toHaveValue('0:00:04,000');
  await start.fill('0:00:04,250');
  await start.press('Enter');
  await expect(row(page, c2!)).toHaveAttribute('data-start-ms', '4250');
  await undo(page);
  await expect(row(page, c2!)).toHaveAttribute('data-start-ms', '4000');

  // An end before the start is refused at the field; nothing changes; Escape reverts.
  const end = page.locator(`[data-testid="cue-end-input"][data-cue-id="${c2}"]`);
  await end.fill('0:00:03,000');
  await end.press('Enter');
  await expect(end).toHaveAttribute('aria-invalid', 'true');
  const describedBy = (await end.getAttribute('aria-describedby'))!;
  await expect(page.locator(`[id="${describedBy}"]`)).toContainText('after the start');
  await expect(row(page, c2!)).toHaveAttribute('data-end-ms', '5800');
  await end.fill('nonsense');
  await end.press('Enter');
  await expect(page.locator(`[id="${describedBy}"]`)).toContainText('h:mm:ss,mmm');
  await end.press('Escape');
  await expect(end).toHaveValue('0:00:05,800');
  await expect(end).not.toHaveAttribute('aria-invalid', 'true');

  // Shift everything 1 s later, then undo; a shift below zero is refused with the reason.
  await page.getByTestId('subs-shift').click();
  await page.getByTestId('subs-shift-ms').fill('1000');
  await page.getByTestId('subs-shift-apply').click();
  await expect(row(page, c1!)).toHaveAttribute('data-start-ms', '1500');
  await expect(row(page, c3!)).toHaveAttribute('data-end-ms', '10000');
  await undo(page);
  await expect(row(page, c1!)).toHaveAttribute('data-start-ms', '500');
  await page.getByTestId('subs-shift-ms').fill('-600');
  await page.getByTestId('subs-shift-apply').click();
  await expect(page.getByTestId('subs-edit-notice')).toContainText('before the start');
  await expect(row(page, c1!)).toHaveAttribute('data-start-ms', '500');

  // Select the last two rows (click, Shift-click) and shift only them.
  await row(page, c2!).getByTestId('fit-meter').click();
  await row(page, c3!)
    .getByTestId('fit-meter')
    .click({ modifiers: ['Shift'] });
  await expect(row(page, c3!)).toHaveAttribute('aria-selected', 'true');
  await page.getByTestId('subs-shift-scope').locator('input[value="selected"]').check();
  await page.getByTestId('subs-shift-ms').fill('-500');
  await page.getByTestId('subs-shift-apply').click();
  await expect(row(page, c2!)).toHaveAttribute('data-start-ms', '3500');
  await expect(row(page, c3!)).toHaveAttribute('data-start-ms', '6500');
  await expect(row(page, c1!)).toHaveAttribute('data-start-ms', '500');
  // The cue tools, time fields, fit meters and the open shift form (with its scope choice):
  // nothing serious or critical for axe.
  const axe = await import('@axe-core/playwright').catch(() => null);
  if (axe) {
    const results = await new axe.default({ page })
      .include('[data-testid="subs-workspace"]')
      .analyze();
    const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(
      bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`),
    ).toEqual([]);
  }
  // Merge acts on the selection too; undo each.
  await page.getByTestId('cue-merge').click();
  await expect(rows).toHaveCount(2);
  await undo(page);
  await expect(rows).toHaveCount(3);
  await undo(page);
  await expect(row(page, c2!)).toHaveAttribute('data-start-ms', '4000');
});
