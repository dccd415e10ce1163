import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Locator } from '@playwright/test';
import { expect, test } from '../fixtures/host';
import { AppPage } from '../pages/app-page';
import { ScorePage } from '../pages/score-page';
import { toolPath } from '../../shared/node/toolchain';

const FPS = 25;
const FRAME_MS = 1000 / FPS;
/** Where the test clip cuts from one picture to the next. */
const CUTS_MS = [3000, 6000, 9000];

/**
 * A 12 s clip with hard cuts at 3, 6 and 9 s (four unrelated pictures) and a tone with pauses,
 * so shot detection, the waveform and ducking all have something to find.
 */
function makeClip(dir: string): string {
  const out = join(dir, 'four-shots.mp4');
  const shot = (source: string) => [
    '-f',
    'lavfi',
    '-i',
    `${source}${source.includes('=') ? ':' : '='}size=640x360:rate=${FPS}:duration=3`,
  ];
  execFileSync(toolPath('ffmpeg'), [
    '-v',
    'error',
    ...shot('testsrc2'),
    ...shot('color=c=0x2050c0'),
    ...shot('smptebars'),
    ...shot('color=c=0xc04020'),
    '-f',
    'lavfi',
    '-i',
    "sine=frequency=330:sample_rate=48000:duration=12,volume='if(lt(mod(t,2),1.2),1,0.05)':eval=frame",
    '-filter_complex',
    '[0:v][1:v][2:v][3:v]concat=n=4:v=1:a=0,format=yuv420p[v]',
    '-map',
    '[v]',
    '-map',
    '4:a',
    '-c:v',
    'libx264',
    '-preset',
    'veryfast',
    '-g',
    '50',
    '-c:a',
    'aac',
    '-b:a',
    '128k',
    '-movflags',
    '+faststart',
    out,
  ]);
  return out;
}

/** MD5 of the video stream's packets: equal for a stream copy, different after any re-encode. */
function videoStreamMd5(path: string): string {
  return execFileSync(
    toolPath('ffmpeg'),
    ['-v', 'error', '-i', path, '-map', '0:v:0', '-c', 'copy', '-f', 'md5', '-'],
    { encoding: 'utf8' },
  ).trim();
}

function integratedLoudness(path: string): number {
  // ebur128 prints its summary on stderr.
  const run = spawnSync(
    toolPath('ffmpeg'),
    ['-hide_banner', '-nostats', '-i', path, '-map', '0:a:0', '-af', 'ebur128', '-f', 'null', '-'],
    { encoding: 'utf8' },
  );
  return parseLoudness(run.stderr);
}

function parseLoudness(log: string): number {
  const summary = log.slice(log.lastIndexOf('Summary:'));
  const match = /I:\s+(-?[\d.]+) LUFS/.exec(summary);
  if (!match) throw new Error(`no loudness summary in:\n${summary}`);
  return Number(match[1]);
}

test('score a clip: cuts, brief to lanes, snapping drag with undo, streamed take, export, reopen', async ({
  page,
  host,
}) => {
  const clip = makeClip(await mkdtemp(join(tmpdir(), 'score-e2e-')));
  const app = new AppPage(page);
  await app.open(host.url);
  await app.goTo('Score');
  const score = new ScorePage(page);

  // Open the clip: the shot changes are found at the cuts, within one frame.
  await score.openVideo(clip);
  await expect(score.timeline).toHaveAttribute('data-duration-ms', /^1[12]\d{3}$/);
  await expect(score.shotMarkers).toHaveCount(CUTS_MS.length, { timeout: 30_000 });
  const shots = await score.shotTimesMs();
  CUTS_MS.forEach((cut, i) => expect(Math.abs(shots[i]! - cut)).toBeLessThanOrEqual(FRAME_MS));
  await expect(score.lane('source')).toBeVisible();

  // Analyse: the brief fills the music and SFX lanes in one undo step.
  await expect(page.getByTestId('charge-estimate').first()).toBeVisible();
  const depthBefore = Number(await score.undoDepth.textContent());
  await score.analyse.click();
  await expect(score.segments('music').first()).toBeVisible({ timeout: 90_000 });
  await expect(score.segments('sfx').first()).toBeVisible();
  await expect(score.undoDepth).toHaveText(String(depthBefore + 1));
  // Its notice says the brief is on the timeline, not "open it in Jobs".
  const briefToast = page.getByTestId('toast').filter({ hasText: 'Analysis ready' });
  await expect(briefToast).toContainText('The brief is on the timeline');
  await expect(briefToast.getByTestId('toast-open')).toHaveCount(0);
  const music = await score.segmentTimes('music');
  expect(music[0]!.startMs).toBe(0);
  music.slice(1).forEach((s, i) => expect(s.startMs).toBe(music[i]!.endMs));
  // A block shows the start of its prompt and cuts the rest with an ellipsis inside the block
  // (a stray grid rule once let the prompt grow past both ends of the block).
  const promptBox = await score
    .segments('music')
    .first()
    .evaluate((block) => {
      const prompt = block.querySelector('.segment__prompt')!;
      const outer = block.getBoundingClientRect();
      const inner = prompt.getBoundingClientRect();
      return {
        inside: inner.left >= outer.left - 0.5 && inner.right <= outer.right + 0.5,
        ellipsis: getComputedStyle(prompt).textOverflow,
      };
    });
  expect(promptBox).toEqual({ inside: true, ellipsis: 'ellipsis' });
  // The lanes' briefs are not sliced after a line: each box shows three lines at least and
  // grows with its text (the SFX brief shows whole; the longer music brief grows, then scrolls).
  const briefBox = (lane: 'music' | 'sfx') =>
    page.getByTestId(`score-prompt-${lane}`).evaluate((box) => ({
      lines: box.clientHeight / parseFloat(getComputedStyle(box).lineHeight),
      hidden: box.scrollHeight - box.clientHeight,
    }));
  const sfxBrief = await briefBox('sfx');
  expect(sfxBrief.lines).toBeGreaterThanOrEqual(3);
  expect(sfxBrief.hidden).toBeLessThanOrEqual(1);
  expect((await briefBox('music')).lines).toBeGreaterThan(sfxBrief.lines);

  // Drag an edge of the music lane toward a shot change it does not sit on: the edge snaps to
  // the shot change, the neighbour's start follows; undo brings both back.
  const inside = (i: number) =>
    shots.find(
      (shot) =>
        shot > music[i]!.startMs + 200 &&
        shot < music[i + 1]!.endMs - 200 &&
        shot !== music[i]!.endMs,
    );
  const edgeIndex = music.findIndex((_, i) => i + 1 < music.length && inside(i) !== undefined);
  expect(edgeIndex).toBeGreaterThanOrEqual(0);
  const cut = inside(edgeIndex)!;
  const depthBeforeDrag = Number(await score.undoDepth.textContent());
  await score.dragRightEdge('music', edgeIndex, cut + 80);
  await expect.poll(async () => (await score.segmentTimes('music'))[edgeIndex]!.endMs).toBe(cut);
  const dragged = await score.segmentTimes('music');
  expect(dragged[edgeIndex + 1]!.startMs).toBe(cut);
  expect(dragged[edgeIndex + 1]!.endMs).toBe(music[edgeIndex + 1]!.endMs);
  await expect(score.undoDepth).toHaveText(String(depthBeforeDrag + 1));
  await page.keyboard.press('Control+z');
  await expect.poll(() => score.segmentTimes('music')).toEqual(music);
  await expect(score.undoDepth).toHaveText(String(depthBeforeDrag));

  // Generate music as a stream: the picture plays from 0 with the music as it arrives.
  await score.generate.click();
  await expect
    .poll(async () => (await score.mediaTimes()).audio, { timeout: 60_000 })
    .toBeGreaterThan(2);
  const first = await score.mediaTimes();
  expect(Math.abs(first.video - first.audio)).toBeLessThan(0.3);
  await expect
    .poll(async () => (await score.mediaTimes()).audio, { timeout: 10_000 })
    .toBeGreaterThan(first.audio + 1);
  const later = await score.mediaTimes();
  expect(later.video).toBeGreaterThan(first.video + 0.5);
  expect(Math.abs(later.video - later.audio)).toBeLessThan(0.3);
  // The finished stream becomes the music lane's take.
  await expect(page.locator('[data-testid="score-take"][data-lane="music"]')).toHaveCount(1, {
    timeout: 90_000,
  });
  // Its row on the timeline shows its A/B letter, as the take picker does (titles repeat).
  await expect(
    page.getByTestId('timeline-take').first().getByText('A', { exact: true }),
  ).toBeVisible();
  // Its notice says where the take is, not "open it in Jobs", and covers none of the lanes.
  const toast = page.getByTestId('toast').filter({ hasText: 'Music ready' });
  await expect(toast).toContainText('Take A is on the timeline.');
  await expect(toast.getByTestId('toast-open')).toHaveCount(0);
  const toastBox = (await toast.boundingBox())!;
  const timelineBox = (await score.timeline.boundingBox())!;
  expect(toastBox.x + toastBox.width).toBeLessThanOrEqual(timelineBox.x);

  // Export the video with the mix at -14 LUFS: the picture is stream-copied, the sound on target.
  await page.keyboard.press('Escape');
  await page.keyboard.press('Control+e');
  await page.getByTestId('score-export-loudness').selectOption('streaming');
  await page.getByTestId('score-export-start').click();
  await expect(score.exportResult).toBeVisible({ timeout: 120_000 });
  const exported = (await score.exportResult.getAttribute('data-path'))!;
  expect(existsSync(exported)).toBe(true);
  expect(videoStreamMd5(exported)).toBe(videoStreamMd5(clip));
  expect(Math.abs(integratedLoudness(exported) - -14)).toBeLessThanOrEqual(1);
  await page.keyboard.press('Escape');

  // The README's picture of the workspace: tall enough to show every lane.
  await page.setViewportSize({ width: 1360, height: 1180 });
  await page.screenshot({ path: 'docs/screenshots/score-workspace.png' });
  await page.setViewportSize({ width: 1360, height: 860 });

  // Accessibility of the workspace (when the checker is installed): nothing serious or critical.
  const axe = await import('@axe-core/playwright').catch(() => null);
  if (axe) {
    const results = await new axe.default({ page }).include('.score-workspace').analyze();
    const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(
      bad.map(
        (v) =>
          `${v.id}: ${v.nodes.map((n) => `${n.target.join(' ')} ${n.failureSummary ?? ''}`).join(' | ')}`,
      ),
    ).toEqual([]);
  }

  // Save, reload the page: the project comes back with its lanes and take.
  const saved = await score.segmentTimes('music');
  await page.keyboard.press('Control+s');
  await expect(page.getByTestId('score-save-state')).toHaveAttribute('data-state', 'saved');
  await page.reload();
  await expect(score.video).toBeVisible({ timeout: 30_000 });
  await expect.poll(() => score.segmentTimes('music')).toEqual(saved);
  await expect(page.locator('[data-testid="score-take"][data-lane="music"]')).toHaveCount(1);
});

test('a file that is not a video is refused at once, before any project is made', async ({
  page,
  host,
}) => {
  const dir = await mkdtemp(join(tmpdir(), 'score-e2e-'));
  const notVideo = join(dir, 'notes.txt');
  execFileSync('sh', ['-c', `echo hello > '${notVideo}'`]);
  const app = new AppPage(page);
  await app.open(host.url);
  await app.goTo('Score');
  const score = new ScorePage(page);
  const chooser = page.waitForEvent('filechooser');
  await score.open.getByRole('button', { name: /open video/i }).click();
  await (await chooser).setFiles(notVideo);
  await expect(page.getByTestId('score-open-error')).toContainText(/notes\.txt is not a video/);
  await expect(page.getByTestId('score-open-error')).toContainText('Not a media file');
  await expect(page.getByTestId('score-recent').locator('li')).toHaveCount(0);

  // A text file under a video's name: the probe refuses it, in words about videos only.
  const fake = join(dir, 'holiday.mp4');
  execFileSync('sh', ['-c', `echo hello > '${fake}'`]);
  const again = page.waitForEvent('filechooser');
  await score.open.getByRole('button', { name: /open video/i }).click();
  await (await again).setFiles(fake);
  const error = page.getByTestId('score-open-error');
  await expect(error).toContainText('holiday.mp4 is not a video Soundstage can read');
  await expect(error).toContainText('Not a media file');
  await expect(error).not.toContainText('WAV');
  await expect(page.getByTestId('score-recent').locator('li')).toHaveCount(0);
});

test('an autosaved edit survives a reload: the project reopens with it', async ({ page, host }) => {
  const clip = makeClip(await mkdtemp(join(tmpdir(), 'score-e2e-')));
  const app = new AppPage(page);
  await app.open(host.url);
  await app.goTo('Score');
  const score = new ScorePage(page);
  await score.openVideo(clip);

  // Mute the source: one undo step, written to the autosave journal about 2 s later.
  const sourceMix = page.getByRole('group', { name: 'Source lane mix' });
  await sourceMix.getByRole('button', { name: 'M' }).click();
  await expect(score.undoDepth).toHaveText('1');
  await expect(page.getByTestId('score-save-state')).toContainText(/autosaved/i);

  // A reload before any explicit save: the open project comes back by itself (main keeps the
  // last project), read from the autosave journal because it is newer than the file.
  await page.reload();
  await expect(score.video).toBeVisible();
  await expect(
    page.getByRole('group', { name: 'Source lane mix' }).getByRole('button', { name: 'M' }),
  ).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('score-restore')).toHaveCount(0);
});

test('a brief with variations lets the user pick which one scores the piece', async ({
  page,
  host,
}) => {
  const clip = makeClip(await mkdtemp(join(tmpdir(), 'score-e2e-')));
  const app = new AppPage(page);
  await app.open(host.url);
  await app.goTo('Score');
  const score = new ScorePage(page);
  await score.openVideo(clip);

  // Asking for two variants doubles the charge estimate before anything is sent.
  const estimate = page.getByTestId('charge-estimate').first();
  const single = await estimate.textContent();
  await page.getByRole('combobox', { name: 'Brief variants' }).selectOption('2');
  await expect(estimate).not.toHaveText(single ?? '');

  await score.analyse.click();
  const picker = page.getByRole('combobox', { name: 'Brief variation' });
  await expect(picker).toBeVisible({ timeout: 90_000 });
  await expect(picker.locator('option')).toHaveCount(2);
  const musicPrompt = page.getByTestId('score-prompt-music');
  const first = await musicPrompt.inputValue();
  const lanes = await score.segmentTimes('music');
  const depth = Number(await score.undoDepth.textContent());

  // Choosing the second variation replaces the lanes in one undo step; Ctrl+Z restores the first.
  await picker.selectOption('1');
  await expect(musicPrompt).not.toHaveValue(first);
  await expect(score.undoDepth).toHaveText(String(depth + 1));
  await expect.poll(() => score.segmentTimes('music')).toEqual(lanes);
  // Ctrl+Z in a focused select is left to the select, so focus leaves it first.
  await picker.blur();
  await page.keyboard.press('Control+z');
  await expect(musicPrompt).toHaveValue(first);
  await expect(score.undoDepth).toHaveText(String(depth));
});

test('a file dragged over Score shows where it goes until it leaves', async ({ page, host }) => {
  const clip = makeClip(await mkdtemp(join(tmpdir(), 'score-e2e-')));
  const app = new AppPage(page);
  await app.open(host.url);
  await app.goTo('Score');
  const score = new ScorePage(page);
  const overlay = page.getByTestId('score-drop-overlay');
  // A drag carrying a file, as the system's drag would bring it (dragleave with no related
  // target is the drag leaving the window, or Esc cancelling it).
  const drag = async (type: 'dragover' | 'dragleave', on: Locator) => {
    const dataTransfer = await page.evaluateHandle(() => {
      const transfer = new DataTransfer();
      transfer.items.add(new File(['x'], 'clip.mp4', { type: 'video/mp4' }));
      return transfer;
    });
    await on.dispatchEvent(type, { dataTransfer });
  };

  await drag('dragover', score.open);
  await expect(overlay).toHaveText('Drop a video to score it');
  const axe = await new AxeBuilder({ page })
    .include('[data-testid="score-drop-overlay"]')
    .analyze();
  expect(axe.violations.map((v) => v.id)).toEqual([]);
  await drag('dragleave', score.open);
  await expect(overlay).toHaveCount(0);

  // With a project open the overlay says a drop starts another and this one is kept.
  await score.openVideo(clip);
  await drag('dragover', score.video);
  await expect(overlay).toContainText('Opens a new project; this one stays saved.');
  await drag('dragleave', score.video);
  await expect(overlay).toHaveCount(0);
});
