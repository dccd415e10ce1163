import AxeBuilder from '@axe-core/playwright';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { makeToneClip } from '../fixtures/tone-clip';
import { expect, test } from '../fixtures/host';
import { AppPage } from '../pages/app-page';
import { MusicPanel } from '../pages/music-panel';
import { ScorePage } from '../pages/score-page';
import { ShortcutsSheet } from '../pages/shortcuts-sheet';

test('one key dispatcher: screen keys, typing stays typing, Ctrl+Enter generates, ? lists all', async ({
  page,
  host,
}) => {
  const app = new AppPage(page);
  await app.open(host.url);
  const sheet = new ShortcutsSheet(page);

  // Alt+digit switches screens from anywhere.
  await page.keyboard.press('Alt+4');
  await expect(page).toHaveURL(/#\/jobs$/);
  await page.keyboard.press('Alt+1');
  await expect(page).toHaveURL(/#\/score$/);

  // Bare keys type into a text field; they never run commands there.
  const music = new MusicPanel(page);
  await music.fill('', 5);
  await music.prompt.click();
  await page.keyboard.type('Soft piano? s');
  await expect(music.prompt).toHaveValue('Soft piano? s');
  await expect(sheet.dialog).toHaveCount(0);

  // Ctrl+Enter from inside the prompt generates (it was MusicForm's own listener before).
  await page.keyboard.press('Control+Enter');
  // The prompt panel's take card (timeline takes carry data-lane).
  await expect(page.locator('[data-testid="take"]:not([data-lane])').first()).toBeVisible();

  // Esc leaves the text field; outside it, ? opens the sheet with every live command and keys.
  await music.prompt.click();
  await page.keyboard.press('Escape');
  await expect(music.prompt).not.toBeFocused();
  await page.keyboard.press('Shift+Slash');
  await expect(sheet.dialog).toBeVisible();
  await expect(sheet.search).toBeFocused();
  await expect(sheet.row('edit.undo')).toContainText('Ctrl+Z');
  await expect(sheet.row('edit.redo')).toContainText('Ctrl+Shift+Z');
  await expect(sheet.row('score.generate-music')).toContainText('Ctrl+Enter');
  await expect(sheet.row('go.settings')).toContainText('Alt+6');
  await page.screenshot({ path: 'e2e/artifacts/screens/shortcuts-sheet.png' });
  const axe = await new AxeBuilder({ page }).include('[role="dialog"]').analyze();
  const serious = axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.help}`)).toEqual([]);

  // Focus stays inside the dialog.
  for (let i = 0; i < 25; i += 1) await page.keyboard.press('Tab');
  expect(await sheet.dialog.evaluate((node) => node.contains(document.activeElement))).toBe(true);

  // Searching narrows the list; ↓ then Enter runs the command and closes the sheet.
  await sheet.search.fill('jobs');
  await expect(sheet.rows).toHaveCount(1);
  await sheet.search.focus();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(sheet.dialog).toHaveCount(0);
  await expect(page).toHaveURL(/#\/jobs$/);

  // A search with no match says so; Esc closes.
  await page.keyboard.press('Shift+Slash');
  await sheet.search.fill('no such command');
  await expect(sheet.dialog).toContainText('No command matches');
  await page.keyboard.press('Escape');
  await expect(sheet.dialog).toHaveCount(0);

  // The sidebar offers the sheet to mouse users too (browser mode has no menu bar).
  await page.getByRole('button', { name: /all shortcuts/ }).click();
  await expect(sheet.dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(sheet.dialog).toHaveCount(0);
});

test('a focused slider gives Ctrl+Z to the app; a focused button keeps Space and Enter', async ({
  page,
  host,
}) => {
  const app = new AppPage(page);
  await app.open(host.url);
  const score = new ScorePage(page);
  const dir = await mkdtemp(join(tmpdir(), 'shortcuts-e2e-'));
  await score.openVideo(makeToneClip(join(dir, 'tone.mp4'), { seconds: 6 }));

  // Arrow keys move the slider (its own keys); Ctrl+Z then undoes the change, focus unmoved.
  const gain = page.getByLabel('SFX gain, dB');
  await gain.focus();
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await expect(gain).toHaveValue('-1');
  await page.keyboard.press('Control+z');
  await expect(gain).not.toHaveValue('-1');
  await expect(gain).toBeFocused();
  await page.keyboard.press('Control+z');
  await expect(gain).toHaveValue('0');

  // Space on a focused button presses it: the shortcuts button opens the sheet, and Space does
  // not also start playback.
  const sheet = new ShortcutsSheet(page);
  const shortcuts = page.getByRole('button', { name: /all shortcuts/ });
  await shortcuts.focus();
  await page.keyboard.press('Space');
  await expect(sheet.dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(sheet.dialog).toHaveCount(0);
  expect(await page.locator('video').evaluate((video: HTMLVideoElement) => video.paused)).toBe(
    true,
  );
});
