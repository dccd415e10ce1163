import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures/host';
import { openScoreClip } from '../fixtures/score-clip';
import type { ScorePage } from '../pages/score-page';

/**
 * Four music segments made with the keys alone, 0–2, 2–5, 5–7 and 7 s to the lane's end: Insert
 * at 0 and at 5 s appends, S splits at 2 and 7 s. The ruler's slider moves the playhead.
 */
async function fourMusicSegments(page: Page, score: ScorePage): Promise<void> {
  const ruler = page.getByRole('slider', { name: /playhead/i });
  const playhead = page.getByTestId('timeline-playhead');
  const seekTo = async (seconds: number) => {
    await ruler.focus();
    await ruler.press('Home');
    for (let i = 0; i < seconds; i++) await ruler.press('Shift+ArrowRight');
    await expect(playhead).toHaveAttribute('data-ms', String(seconds * 1000));
  };
  await page.keyboard.press('Insert');
  await expect(score.segments('music')).toHaveCount(1);
  await seekTo(2);
  await page.keyboard.press('s');
  await seekTo(5);
  await page.keyboard.press('Insert');
  await seekTo(7);
  await page.keyboard.press('s');
  await expect(score.segments('music')).toHaveCount(4);
}

test('Shift+Delete ripples: later segments move up by its length, one undo step', async ({
  page,
  host,
}) => {
  const { score } = await openScoreClip(page, host.url, 'score-ripple-e2e-');
  await expect(score.timeline).toHaveAttribute('data-duration-ms', /^\d{4,5}$/);
  await fourMusicSegments(page, score);
  const before = await score.segmentTimes('music');
  const laneEnd = before[3]!.endMs;
  expect(before.slice(0, 3)).toEqual([
    { startMs: 0, endMs: 2000 },
    { startMs: 2000, endMs: 5000 },
    { startMs: 5000, endMs: 7000 },
  ]);

  // Select the 3 s segment at 2–5 s and ripple it out: 5–7 s becomes 2–4 s, the last follows
  // and keeps the lane's end (plain Delete would have grown 0–2 s to 0–5 s instead).
  const depth = Number(await score.undoDepth.textContent());
  await score.segments('music').nth(1).click();
  await page.keyboard.press('Shift+Delete');
  await expect
    .poll(() => score.segmentTimes('music'))
    .toEqual([
      { startMs: 0, endMs: 2000 },
      { startMs: 2000, endMs: 4000 },
      { startMs: 4000, endMs: laneEnd },
    ]);
  await expect(score.undoDepth).toHaveText(String(depth + 1));

  await page.keyboard.press('Control+z');
  await expect.poll(() => score.segmentTimes('music')).toEqual(before);
});

test('+ with the playhead on a segment edge says why it added nothing', async ({ page, host }) => {
  const { score } = await openScoreClip(page, host.url, 'score-edge-insert-e2e-');
  await expect(score.timeline).toHaveAttribute('data-duration-ms', /^\d{4,5}$/);
  const status = page.getByTestId('score-edit-status');
  await expect(status).toHaveRole('status');
  await expect(status).toBeEmpty();

  // 0–2 s and 2–5 s, the playhead left on their shared edge at 2 s.
  const ruler = page.getByRole('slider', { name: /playhead/i });
  await page.keyboard.press('Insert');
  await ruler.focus();
  for (let i = 0; i < 2; i++) await ruler.press('Shift+ArrowRight');
  await page.keyboard.press('s');
  await expect(score.segments('music')).toHaveCount(2);
  const lane = await score.segmentTimes('music');
  const depth = Number(await score.undoDepth.textContent());

  await page.keyboard.press('+');
  await expect(status).toHaveText(
    /^A segment already starts at 2 s: move the playhead inside a segment to add one there/,
  );
  expect(await score.segmentTimes('music')).toEqual(lane);
  await expect(score.undoDepth).toHaveText(String(depth));

  // Inside a segment the same key works, and the reason goes away.
  await ruler.press('Shift+ArrowRight');
  await page.keyboard.press('Insert');
  await expect(score.segments('music')).toHaveCount(3);
  await expect(status).toBeEmpty();
});

test('the music panel segment rows stack in order beside the timeline', async ({ page, host }) => {
  await openScoreClip(page, host.url, 'score-panel-rows-e2e-');
  await page.getByRole('button', { name: /Prompt panels: music and sound from text/ }).click();
  const panels = page.getByRole('region', { name: 'Prompt panels' });
  await panels.getByLabel('Timed segments').first().check();
  const editor = panels.getByTestId('music-segments').first();
  await editor.getByRole('button', { name: /Add first segment/ }).click();
  await editor.getByRole('button', { name: /Split last segment/ }).click();
  const rows = editor.getByTestId('segment-row');
  await expect(rows).toHaveCount(2);

  // The timeline's segment blocks share the .segment class; its block rules (absolute, pinned
  // to the lane) once stacked these rows on one another.
  const [first, second] = [(await rows.nth(0).boundingBox())!, (await rows.nth(1).boundingBox())!];
  expect(second.y).toBeGreaterThanOrEqual(first.y + first.height);
  await expect(rows.first()).toHaveCSS('position', 'static');
});
