import { execFileSync } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '../fixtures/host';
import { AppPage } from '../pages/app-page';
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
