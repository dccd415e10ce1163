import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '../fixtures/host';
import { makeToneClip } from '../fixtures/tone-clip';
import { AppPage } from '../pages/app-page';
import { ScorePage } from '../pages/score-page';

/** The ledger's jobs of one type, as main last wrote them (its data folder). */
async function ledgerJobs(dataDir: string, type: string): Promise<{ id: string; stage: string }[]> {
  const text = await readFile(join(dataDir, 'jobs.json'), 'utf8').catch(() => '');
  if (!text) return [];
  const ledger = JSON.parse(text) as {
    entries: { job: { id: string; request: { type: string }; stage: string } }[];
  };
  return ledger.entries
    .filter((e) => e.job.request.type === type)
    .map((e) => ({ id: e.job.id, stage: e.job.stage }));
}

/** Every text on disk for the project: its file and its autosave journal. */
async function projectTexts(projectDir: string): Promise<string> {
  const names = (await readdir(projectDir, { recursive: true })).filter((name) =>
    name.includes('.soundstage'),
  );
  const texts = await Promise.all(names.map((name) => readFile(join(projectDir, name), 'utf8')));
  return texts.join('\n');
}

test('a music generation whose window closed lands on the music lane on reopening, once', async ({
  browser,
  host,
}) => {
  // Long enough that the generation is still on its way when the window goes.
  const clip = makeToneClip(join(await mkdtemp(join(tmpdir(), 'score-jobs-e2e-')), 'long.mp4'), {
    seconds: 90,
  });
  const first = await browser.newContext();
  const page = await first.newPage();
  const app = new AppPage(page);
  await app.open(host.url);
  await app.goTo('Score');
  const score = new ScorePage(page);
  await score.openVideo(clip);

  // Generate music, and close the window as soon as the take lane shows it running.
  await score.generate.click();
  await expect(page.getByText('Generating music…')).toBeVisible({ timeout: 30_000 });
  await first.close();
  // Main carries on with it: the window is gone before the job finished.
  const [closedOn] = await ledgerJobs(host.dataDir, 'video_to_music');
  expect(closedOn?.stage).not.toBe('succeeded');
  await expect
    .poll(async () => (await ledgerJobs(host.dataDir, 'video_to_music'))[0]?.stage, {
      timeout: 120_000,
    })
    .toBe('succeeded');

  // A new window: the project comes back (main's last project) and the take lands on its lane,
  // recorded as landed in the autosaved document.
  const second = await browser.newContext();
  const again = await second.newPage();
  const reopened = new AppPage(again);
  await reopened.open(host.url);
  await reopened.goTo('Score');
  const takes = again.locator('[data-testid="score-take"][data-lane="music"]');
  await expect(new ScorePage(again).video).toBeVisible({ timeout: 30_000 });
  await expect(takes).toHaveCount(1, { timeout: 30_000 });
  await expect(new ScorePage(again).undoDepth).toHaveText('1');
  await expect
    .poll(() => projectTexts(host.projectDir), { timeout: 30_000 })
    .toContain(`"landedJobIds":["${closedOn!.id}"]`);

  // Reopened once more, after the job list was read: the take is there once, and nothing
  // landed again (no undo step).
  await again.reload();
  await expect(again.locator('.score-workspace')).toHaveAttribute('data-jobs', 'landed', {
    timeout: 30_000,
  });
  await expect(takes).toHaveCount(1);
  await expect(new ScorePage(again).undoDepth).toHaveText('0');
  await second.close();
});
