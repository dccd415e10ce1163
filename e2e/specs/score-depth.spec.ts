import AxeBuilder from '@axe-core/playwright';
import { spawnSync } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { expect, test } from '../fixtures/host';
import { openScoreClip } from '../fixtures/score-clip';
import { MusicPanel } from '../pages/music-panel';
import { toolPath } from '../../shared/node/toolchain';

test('import a 5 s wav onto the audio lane, delete it, undo brings it back', async ({
  page,
  host,
}) => {
  const { score, wav } = await openScoreClip(page, host.url, 'score-depth-e2e-');
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
  const { score } = await openScoreClip(page, host.url, 'score-shots-e2e-');
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
  const { score } = await openScoreClip(page, host.url, 'score-place-e2e-');
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

/** Every task.json the local engine wrote under the app's data folder. */
async function engineTasks(
  dir: string,
): Promise<{ type: string; input: Record<string, unknown> }[]> {
  const found: { type: string; input: Record<string, unknown> }[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile() && entry.name === 'task.json') {
      found.push(JSON.parse(await readFile(join(entry.parentPath, entry.name), 'utf8')));
    }
  }
  return found;
}

/** Mean level in dBFS (ffmpeg volumedetect), optionally of one band. */
function meanVolumeDb(file: string, filter = 'anull'): number {
  const run = spawnSync(
    toolPath('ffmpeg'),
    ['-hide_banner', '-nostats', '-i', file, '-af', `${filter},volumedetect`, '-f', 'null', '-'],
    { encoding: 'utf8' },
  );
  const match = /mean_volume:\s*(-?[\d.]+) dB/.exec(run.stderr);
  if (!match) throw new Error(`no mean_volume for ${file}: ${run.stderr}`);
  return Number(match[1]);
}

test('a task form sends every option it shows, and the engine keeps them', async ({
  page,
  host,
}) => {
  const { clip } = await openScoreClip(page, host.url, 'score-options-e2e-');
  await page.getByRole('button', { name: /prompt panels: music and sound from text/i }).click();
  await page.getByTestId('score-tool').selectOption('video_to_video_music');
  const form = page.getByRole('form', { name: 'Video with music' });
  const chooser = page.waitForEvent('filechooser');
  await form.getByRole('button', { name: /choose video/i }).click();
  await (await chooser).setFiles(clip);

  // Each option starts on the service's default and says so.
  const influence = form.getByTestId('task-option-prompt_influence');
  await expect(influence).toHaveValue('0.5');
  await expect(form).toContainText('Service default: 0.5.');
  const variants = form.getByTestId('task-option-variants_num');
  await expect(variants).toHaveValue('1');
  // A bad value stops at its field: nothing can be sent.
  await variants.fill('11');
  await expect(
    form.getByRole('alert').filter({ hasText: 'Variants must be a whole number from 1 to 10.' }),
  ).toBeVisible();
  await expect(form.getByTestId('task-submit')).toBeDisabled();

  await variants.fill('2');
  await influence.fill('0.7');
  await form.getByTestId('task-option-keep_original_sound').check();
  await form.getByTestId('task-option-ducking').check();
  await expect(form.getByTestId('task-submit')).toBeEnabled({ timeout: 30_000 });
  await form.getByTestId('task-submit').click();

  // The engine's own task record holds what the request carried.
  await expect
    .poll(
      async () => (await engineTasks(host.dataDir)).find((t) => t.type === 'video_to_video_music'),
      {
        timeout: 60_000,
      },
    )
    .toMatchObject({
      input: { promptInfluence: 0.7, variants: 2, keepOriginalSound: true, ducking: true },
    });
});

test('loop the in/out range: playback returns to its start; duck depth changes the export', async ({
  page,
  host,
}) => {
  const { score } = await openScoreClip(page, host.url, 'score-loop-e2e-');
  await expect(score.timeline).toHaveAttribute('data-duration-ms', /^\d{4,5}$/);
  const playhead = page.getByTestId('timeline-playhead');
  const at = async () => Number(await playhead.getAttribute('data-ms'));

  // In at 1 s, out at 3 s (Shift+I / Shift+O), loop on (Shift+F5): the band shows the range.
  await page.keyboard.press('Escape');
  await page.keyboard.press('Home');
  await page.keyboard.press('Shift+ArrowRight');
  await expect.poll(at).toBe(1000);
  await page.keyboard.press('Shift+I');
  await page.keyboard.press('Shift+ArrowRight');
  await page.keyboard.press('Shift+ArrowRight');
  await expect.poll(at).toBe(3000);
  await page.keyboard.press('Shift+O');
  await page.keyboard.press('Shift+F5');
  await expect(page.getByTestId('score-loop')).toHaveAttribute('aria-pressed', 'true');
  const band = page.getByTestId('score-loop-region');
  await expect(band).toHaveAttribute('data-start-ms', '1000');
  await expect(band).toHaveAttribute('data-end-ms', '3000');
  // The loop controls and the duck depth pass axe-core (no serious or critical violation).
  const axe = await new AxeBuilder({ page })
    .include('.score-transport')
    .include('.mix-panel')
    .analyze();
  const serious = axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes[0]?.target.join(' ')}`)).toEqual([]);

  // Play from 1 s: the playhead passes 2.5 s, then comes back into the region's start.
  await page.keyboard.press('Shift+ArrowLeft');
  await page.keyboard.press('Shift+ArrowLeft');
  await expect.poll(at).toBe(1000);
  await page.getByRole('button', { name: 'Play (Space)' }).click();
  // Watched every frame in the page: the 2.5–3 s stretch lasts only half a second per lap.
  const playheadPast = (above: boolean, ms: number) =>
    page.waitForFunction(
      ([above, ms]) => {
        const at = Number(
          document.querySelector('[data-testid="timeline-playhead"]')?.getAttribute('data-ms'),
        );
        return above ? at > ms : at < ms;
      },
      [above, ms] as const,
      { polling: 'raf', timeout: 10_000 },
    );
  await playheadPast(true, 2500);
  await playheadPast(false, 2000);
  expect(await at()).toBeGreaterThanOrEqual(1000);
  await page.getByRole('button', { name: 'Pause (Space)' }).click();
  await page.getByTestId('score-loop').click();
  await expect(band).toHaveCount(0);

  // A music take to duck.
  await score.generate.click();
  await expect(page.locator('[data-testid="score-take"][data-lane="music"]')).toHaveCount(1, {
    timeout: 120_000,
  });

  // Duck on; export the mix with stems at 0 dB and at 24 dB of depth.
  await page.getByTestId('mix-duck').check();
  const setDepth = async (db: number) => {
    await page.getByTestId('mix-duck-depth').evaluate((input, value) => {
      const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
      setter.call(input, String(value));
      input.dispatchEvent(new Event('input', { bubbles: true }));
    }, db);
    await expect(page.getByTestId('mix-duck-depth-value')).toHaveText(
      db === 0 ? '0 dB' : `−${db} dB`,
    );
  };
  const exportMix = async (name: string) => {
    await score.exportButton.click();
    await page.getByRole('radio', { name: 'Mix only (m4a)' }).check();
    await page.getByTestId('score-export-name').fill(name);
    await page.getByTestId('score-export-stems').check();
    await page.getByTestId('score-export-start').click();
    await expect(score.exportResult).toBeVisible({ timeout: 120_000 });
    const mixed = (await score.exportResult.getAttribute('data-path'))!;
    await page.keyboard.press('Escape');
    await expect(score.exportResult).toHaveCount(0);
    return { mixed, music: join(dirname(mixed), `${name} - Music.wav`) };
  };
  await setDepth(0);
  const flat = await exportMix('Flat');
  await setDepth(24);
  const deep = await exportMix('Deep');

  // The Music stem is ducked by the depth, and so is the music in the mix: the source's tone
  // (330 Hz) takes a larger share of the loudness-matched mix when the music dips further.
  expect(meanVolumeDb(flat.music) - meanVolumeDb(deep.music)).toBeGreaterThan(10);
  const tone = 'bandpass=f=330:width_type=q:w=8';
  expect(meanVolumeDb(deep.mixed, tone) - meanVolumeDb(flat.mixed, tone)).toBeGreaterThan(1);
});
