import AxeBuilder from '@axe-core/playwright';
import { execFileSync } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '../fixtures/host';
import { AppPage } from '../pages/app-page';
import { MusicPanel } from '../pages/music-panel';
import { ScorePage } from '../pages/score-page';
import { toolPath } from '../../shared/node/toolchain';

/** A 10 s clip (picture and a quiet tone) and a 5 s WAV to import onto it. */
function makeMedia(dir: string): { clip: string; wav: string } {
  const clip = join(dir, 'clip.mp4');
  const wav = join(dir, 'voice-over.wav');
  const ffmpeg = (args: string[]) => execFileSync(toolPath('ffmpeg'), ['-v', 'error', ...args]);
  ffmpeg([
    '-f',
    'lavfi',
    '-i',
    'testsrc2=size=320x180:rate=25:duration=10',
    '-f',
    'lavfi',
    '-i',
    'sine=frequency=330:sample_rate=48000:duration=10',
    '-c:v',
    'libx264',
    '-preset',
    'veryfast',
    '-c:a',
    'aac',
    '-shortest',
    clip,
  ]);
  ffmpeg(['-f', 'lavfi', '-i', 'sine=frequency=550:sample_rate=48000:duration=5', wav]);
  return { clip, wav };
}

test('import a 5 s wav onto the audio lane, delete it, undo brings it back', async ({
  page,
  host,
}) => {
  const { clip, wav } = makeMedia(await mkdtemp(join(tmpdir(), 'score-depth-e2e-')));
  const app = new AppPage(page);
  await app.open(host.url);
  await app.goTo('Score');
  const score = new ScorePage(page);
  await score.openVideo(clip);
  await expect(score.timeline).toHaveAttribute('data-duration-ms', /^\d{4,5}$/);

  // Import at the playhead (0): a 5 s take on the audio lane.
  const chooser = page.waitForEvent('filechooser');
  await page.getByTestId('score-import-audio').click();
  await (await chooser).setFiles(wav);
  const take = page.locator('[data-testid="take"][data-lane="audio"]');
  await expect(take).toHaveCount(1, { timeout: 30_000 });
  await expect(take).toHaveAttribute('data-start-ms', '0');
  // The Mix lane closes the timeline and draws the mix, the imported file in it.
  const mixLane = page.locator('[data-testid="lane"][data-lane="mix"]');
  await expect(mixLane).toHaveCount(1);
  await expect(mixLane.locator('canvas')).toHaveCount(1);
  const endMs = Number(await take.getAttribute('data-end-ms'));
  expect(Math.abs(endMs - 5000)).toBeLessThanOrEqual(50);
  await expect(page.getByTestId('score-import-error')).toHaveCount(0);

  // Delete it, then Ctrl+Z restores it where it was.
  const depth = Number(await score.undoDepth.textContent());
  await take.getByTestId('take-delete').click();
  await expect(take).toHaveCount(0);
  await expect(score.undoDepth).toHaveText(String(depth + 1));
  await page.keyboard.press('Control+z');
  await expect(take).toHaveCount(1);
  await expect(take).toHaveAttribute('data-start-ms', '0');
  await expect(take).toHaveAttribute('data-end-ms', String(endMs));
});

test('add a cut at the playhead and remove it by the ids, each one undo step; it survives a reload', async ({
  page,
  host,
}) => {
  const { clip } = makeMedia(await mkdtemp(join(tmpdir(), 'score-shots-e2e-')));
  const app = new AppPage(page);
  await app.open(host.url);
  await app.goTo('Score');
  const score = new ScorePage(page);
  await score.openVideo(clip);
  // Detection done (the reading steps go away), so the detected cuts are all shown.
  await expect(page.getByTestId('score-media-steps')).toHaveCount(0, { timeout: 30_000 });
  const detected = await score.shotTimesMs();

  // The playhead to 3 s with the ruler's keys (Shift+→ is one second), then Add cut.
  await page.getByRole('slider', { name: /playhead/i }).focus();
  for (let i = 0; i < 3; i++) await page.keyboard.press('Shift+ArrowRight');
  await expect(page.getByTestId('timeline-playhead')).toHaveAttribute('data-ms', '3000');
  const depth = Number(await score.undoDepth.textContent());
  await page.getByTestId('shot-add').click();
  const added = page.locator('[data-testid="shot-marker"][data-ms="3000"]');
  await expect(added).toHaveCount(1);
  await expect(score.shotMarkers).toHaveCount(detected.length + 1);
  await expect(score.undoDepth).toHaveText(String(depth + 1));

  // The timeline with its shot handles, Mix lane and shot tools passes axe-core.
  const axe = await new AxeBuilder({ page }).include('[data-testid="timeline"]').analyze();
  const serious = axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id} at ${v.nodes[0]?.target.join(' ')}`)).toEqual([]);

  // Undo takes it away, redo brings it back.
  await page.keyboard.press('Control+z');
  await expect(added).toHaveCount(0);
  await page.keyboard.press('Control+Shift+z');
  await expect(added).toHaveCount(1);

  // Select it (click its handle), remove it; undo restores it.
  await added.click();
  await expect(added).toHaveAttribute('data-selected', 'true');
  await page.getByTestId('shot-remove').click();
  await expect(added).toHaveCount(0);
  await expect(score.shotMarkers).toHaveCount(detected.length);
  await page.keyboard.press('Control+z');
  await expect(added).toHaveCount(1);

  // Kept in the project: after the autosave, a reload shows the cut again.
  await expect(page.getByTestId('score-save-state')).toContainText(/autosaved/i);
  await page.reload();
  await expect(score.video).toBeVisible();
  await expect(page.locator('[data-testid="shot-marker"][data-ms="3000"]')).toHaveCount(1, {
    timeout: 30_000,
  });
});

test('a finished take in the prompt panel is placed on its lane at the playhead, one undo step', async ({
  page,
  host,
}) => {
  const { clip } = makeMedia(await mkdtemp(join(tmpdir(), 'score-place-e2e-')));
  const app = new AppPage(page);
  await app.open(host.url);
  await app.goTo('Score');
  const score = new ScorePage(page);
  await score.openVideo(clip);
  await expect(page.getByTestId('score-media-steps')).toHaveCount(0, { timeout: 30_000 });

  // A short piece from the Music prompt panel (not the workspace's Generate: no take lands).
  await page.getByRole('button', { name: /prompt panels/i }).click();
  const music = new MusicPanel(page);
  await music.fill('Calm felt piano, slow', 6);
  await music.generate.click();
  const place = page.getByTestId('take-place');
  await expect(place).toBeEnabled({ timeout: 90_000 });
  const placed = page.locator('[data-testid="take"][data-lane="music"]');
  await expect(placed).toHaveCount(0);

  // The playhead to 2 s, then Place on timeline: the take starts there on the music lane.
  await page.getByRole('slider', { name: /playhead/i }).focus();
  for (let i = 0; i < 2; i++) await page.keyboard.press('Shift+ArrowRight');
  const depth = Number(await score.undoDepth.textContent());
  await place.click();
  await expect(placed).toHaveCount(1, { timeout: 15_000 });
  await expect(placed).toHaveAttribute('data-start-ms', '2000');
  const endMs = Number(await placed.getAttribute('data-end-ms'));
  expect(Math.abs(endMs - 8000)).toBeLessThanOrEqual(100);
  await expect(score.undoDepth).toHaveText(String(depth + 1));
  // The panel's card keeps `take` without the timeline's attributes.
  await expect(page.locator('[data-testid="take"]:not([data-lane])')).toHaveCount(1);

  await page.keyboard.press('Control+z');
  await expect(placed).toHaveCount(0);
});
