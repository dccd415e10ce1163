import { mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../fixtures/host';
import { makeToneClip } from '../fixtures/tone-clip';
import { AppPage } from '../pages/app-page';

/** A 3 s clip with picture and a tone, enough for a project's video. */
function makeClip(dir: string): string {
  return makeToneClip(join(dir, 'interview.mp4'), { seconds: 3, hz: 440 });
}

const SRT =
  '1\n00:00:00,500 --> 00:00:01,800\nGood morning.\n\n2\n00:00:02,000 --> 00:00:02,900\nSee you.\n';

/** Every text on disk for the project: its file and its autosave journal. */
async function projectTexts(projectDir: string): Promise<string> {
  const names = (await readdir(projectDir)).filter((name) => name.includes('.soundstage'));
  const texts = await Promise.all(names.map((name) => readFile(join(projectDir, name), 'utf8')));
  return texts.join('\n');
}

/**
 * project-new from Subtitles with a video, then an .srt imported: the editor shows the project
 * with its first English cue, which is returned.
 */
async function startSubtitlesProject(page: Page, url: string): Promise<Locator> {
  const dir = await mkdtemp(join(tmpdir(), 'project-e2e-'));
  const clip = makeClip(dir);
  const srt = join(dir, 'interview.en.srt');
  await writeFile(srt, SRT);

  const app = new AppPage(page);
  await app.open(url);
  await app.goTo('Subtitles');

  await page.getByTestId('project-new').click();
  const dialog = page.getByTestId('project-new-dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('radio', { name: 'Subtitles' })).toBeChecked();
  const chooser = page.waitForEvent('filechooser');
  await dialog.getByTestId('project-new-video').click();
  await (await chooser).setFiles(clip);
  await expect(dialog.getByTestId('project-new-name')).toHaveValue('interview');
  await dialog.getByTestId('project-new-name').fill('Interview subs');
  await dialog.getByTestId('project-new-create').click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('subs-video')).toHaveText(/interview\.mp4/);

  const srtChooser = page.waitForEvent('filechooser');
  await page.getByTestId('subs-import').click();
  await (await srtChooser).setFiles(srt);
  const cell = page.locator('[data-testid="cue-text"][data-lang="en"]').first();
  await expect(cell).toHaveValue('Good morning.');
  return cell;
}

/**
 * One project from Subtitles alone: project-new with a video, an .srt imported, an edit that
 * autosaves to the project folder, and the same edit back after a reload. A second tab on the
 * same project gets it read-only with the reason.
 */
test('a project started from Subtitles autosaves, reopens after a reload, and is read-only in a second tab', async ({
  page,
  host,
  context,
}) => {
  const app = new AppPage(page);
  const cell = await startSubtitlesProject(page, host.url);
  await cell.fill('Good morning, everyone.');

  await expect(page.getByTestId('subs-save-state')).toHaveText('Autosaved', { timeout: 15_000 });
  await expect.poll(() => projectTexts(host.projectDir)).toContain('Good morning, everyone.');

  await page.reload();
  await page.getByTestId('engine-status').waitFor();
  await app.goTo('Subtitles');
  await expect(page.locator('[data-testid="cue-text"][data-lang="en"]').first()).toHaveValue(
    'Good morning, everyone.',
  );

  // A second tab opens the same project read-only and says why; its edits are refused.
  const second = await context.newPage();
  const other = new AppPage(second);
  await other.open(host.url);
  await other.goTo('Subtitles');
  await expect(second.getByTestId('project-read-only')).toContainText('another Soundstage window');
  const otherCell = second.locator('[data-testid="cue-text"][data-lang="en"]').first();
  await expect(otherCell).toHaveValue('Good morning, everyone.');
  await second.close();
});

/**
 * The autosave waits 2 s after the last edit; a reload inside that wait used to lose the edit.
 * The page now writes what is waiting as it goes (pagehide), so the reloaded page reopens it.
 */
test('an edit made just before a reload is saved as the page goes', async ({ page, host }) => {
  const app = new AppPage(page);
  const cell = await startSubtitlesProject(page, host.url);
  await cell.fill('Good morning, just in time.');
  await page.reload();
  await page.getByTestId('engine-status').waitFor();
  await app.goTo('Subtitles');
  await expect(page.locator('[data-testid="cue-text"][data-lang="en"]').first()).toHaveValue(
    'Good morning, just in time.',
  );
  expect(await projectTexts(host.projectDir)).toContain('Good morning, just in time.');
});

/**
 * Create pressed while the picked video is still uploading (browser mode) used to be ignored:
 * the dialog stayed open with no word why. It now waits for the upload and creates the project
 * with that video, named after it.
 */
test('Create pressed during the video upload makes the project once the upload is done', async ({
  page,
  host,
}) => {
  const dir = await mkdtemp(join(tmpdir(), 'project-e2e-'));
  const clip = makeClip(dir);
  const app = new AppPage(page);
  await app.open(host.url);
  await app.goTo('Subtitles');

  // Hold the upload until Create has been pressed.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/upload\?/, async (route) => {
    await held;
    await route.continue();
  });
  await page.getByTestId('project-new').click();
  const dialog = page.getByTestId('project-new-dialog');
  const chooser = page.waitForEvent('filechooser');
  await dialog.getByTestId('project-new-video').click();
  await (await chooser).setFiles(clip);
  await expect(dialog.getByRole('status')).toHaveText('Uploading the video…');
  await dialog.getByTestId('project-new-create').click();
  await expect(dialog.getByRole('status')).toHaveText(
    'Creating the project once the video is uploaded…',
  );
  release();

  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('subs-video')).toHaveText(/interview\.mp4/);
  await expect.poll(async () => readdir(host.projectDir)).toContain('interview.soundstage');
});

/**
 * Subtitles with no project open: the first import starts one named after the file (as Score
 * does for a video), so an edit autosaves and a reload brings it back.
 */
test('an import with no project open starts one, so edits survive a reload', async ({
  page,
  host,
}) => {
  const dir = await mkdtemp(join(tmpdir(), 'project-e2e-'));
  const srt = join(dir, 'lecture.en.srt');
  await writeFile(srt, SRT);
  const app = new AppPage(page);
  await app.open(host.url);
  await app.goTo('Subtitles');
  await expect(page.getByTestId('subs-save-state')).toContainText('No project yet');

  const chooser = page.waitForEvent('filechooser');
  await page.getByTestId('subs-import').click();
  await (await chooser).setFiles(srt);
  const cell = page.locator('[data-testid="cue-text"][data-lang="en"]').first();
  await expect(cell).toHaveValue('Good morning.');
  await cell.fill('Good morning, class.');
  await expect(page.getByTestId('subs-save-state')).toHaveText('Autosaved', { timeout: 15_000 });
  expect((await readdir(host.projectDir)).filter((name) => name.endsWith('.soundstage'))).toEqual([
    'lecture.soundstage',
  ]);

  await page.reload();
  await page.getByTestId('engine-status').waitFor();
  await app.goTo('Subtitles');
  await expect(page.locator('[data-testid="cue-text"][data-lang="en"]').first()).toHaveValue(
    'Good morning, class.',
  );
});
