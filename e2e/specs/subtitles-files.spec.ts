import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import iconv from 'iconv-lite';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures/host';
import { makeToneClip } from '../fixtures/tone-clip';
import { AppPage } from '../pages/app-page';

/** A 6 s test picture with a tone, enough for the overlay to draw over. */
function makeClip(dir: string): string {
  return makeToneClip(join(dir, 'clip.mp4'), { seconds: 6, size: '640x360', hz: 330 });
}

const srt = (texts: string[]) =>
  [
    ['00:00:00,500', '00:00:02,500'],
    ['00:00:04,000', '00:00:05,800'],
  ]
    .slice(0, texts.length)
    .map(([start, end], i) => `${i + 1}\n${start} --> ${end}\n${texts[i]}\n`)
    .join('\n');

async function importFile(page: Page, file: string) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByTestId('subs-import').click();
  await (await chooser).setFiles(file);
}

/** Serious or critical axe-core violations inside one region (see accessibility.spec.ts). */
async function axeProblems(page: Page, selector: string): Promise<string[]> {
  const results = await new AxeBuilder({ page }).include(selector).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** Seeks the picture the way the native controls would: only the video element knows. */
async function seekVideo(page: Page, seconds: number) {
  await page.getByTestId('score-video').evaluate((video: HTMLVideoElement, at: number) => {
    video.currentTime = at;
  }, seconds);
}

test('legacy encodings import right, the chooser asks when unsure, the cue shows over the picture', async ({
  page,
  host,
}) => {
  const dir = await mkdtemp(join(tmpdir(), 'subs-files-e2e-'));
  const ru = join(dir, 'clip.ru.srt');
  const ja = join(dir, 'clip.ja.srt');
  const short = join(dir, 'short.srt');
  const russian = ['Привет, как дела? Это тестовый субтитр.', 'Я пойду домой завтра утром.'];
  const japanese = ['こんにちは、元気ですか？今日はいい天気ですね。', '明日また会いましょう。'];
  await writeFile(ru, iconv.encode(srt(russian), 'windows-1251'));
  await writeFile(ja, iconv.encode(srt(japanese), 'shift_jis'));
  await writeFile(short, iconv.encode(srt(['Да']), 'windows-1251'));
  const clip = makeClip(dir);

  const app = new AppPage(page);
  await app.open(host.url);
  await app.goTo('Subtitles');

  // Windows-1251 and Shift_JIS of ordinary length are detected without asking.
  await importFile(page, ru);
  await expect(page.getByTestId('subs-encoding')).toHaveAttribute('data-encoding', 'windows-1251');
  await expect(page.locator('[data-testid="cue-text"][data-lang="ru"]').first()).toHaveValue(
    russian[0]!,
  );
  await importFile(page, ja);
  await expect(page.getByTestId('subs-encoding')).toHaveAttribute('data-encoding', 'shift_jis');
  await expect(page.locator('[data-testid="cue-text"][data-lang="ja"]').first()).toHaveValue(
    japanese[0]!,
  );

  // Two bytes of Cyrillic cannot be decided: the chooser, its preview following the pick.
  await importFile(page, short);
  const select = page.getByTestId('subs-encoding-select');
  await expect(select).toBeVisible();
  expect(await axeProblems(page, '[data-testid="subs-encoding-chooser"]')).toEqual([]);
  // Keyboard alone: the select takes focus and arrow keys pick.
  await select.focus();
  await expect(select).toBeFocused();
  await select.selectOption('windows-1251');
  const preview = page.getByTestId('subs-encoding-preview');
  await expect(preview).toHaveAttribute('data-encoding', 'windows-1251');
  await expect(preview).toContainText('Да');
  await select.selectOption('koi8-r');
  await expect(preview).toHaveAttribute('data-encoding', 'koi8-r');
  await expect(preview).not.toContainText('Да');
  await select.selectOption('windows-1251');
  await expect(preview).toContainText('Да');
  await page.getByTestId('subs-encoding-import').click();
  await expect(page.getByTestId('subs-encoding-chooser')).toHaveCount(0);
  await expect(page.getByTestId('subs-encoding')).toHaveAttribute('data-encoding', 'windows-1251');

  // The cue over the picture follows seeks.
  const chooser = page.waitForEvent('filechooser');
  await page.getByTestId('subs-video').click();
  await (await chooser).setFiles(clip);
  const rows = page.getByTestId('cue-row');
  const firstId = (await rows.first().getAttribute('data-cue-id'))!;
  const secondId = (await rows.nth(1).getAttribute('data-cue-id'))!;
  await expect
    .poll(() => page.getByTestId('score-video').evaluate((v: HTMLVideoElement) => v.readyState), {
      timeout: 30_000,
    })
    .toBeGreaterThanOrEqual(1);
  const overlay = page.getByTestId('subs-overlay');
  await seekVideo(page, 1);
  await expect(overlay).toHaveAttribute('data-cue-id', firstId);
  await expect(overlay).toContainText('Привет');
  expect(await axeProblems(page, '.subs-media')).toEqual([]);
  await seekVideo(page, 3);
  await expect(overlay).toHaveCount(0);
  await seekVideo(page, 4.5);
  await expect(overlay).toHaveAttribute('data-cue-id', secondId);
  // Another language on the picture, picked under it: the picker covers none of the image.
  const picker = page.getByTestId('subs-overlay-language');
  const pictureBox = (await page.getByTestId('score-video').boundingBox())!;
  const pickerBox = (await picker.boundingBox())!;
  expect(pickerBox.y).toBeGreaterThanOrEqual(pictureBox.y + pictureBox.height);
  await picker.selectOption('ja');
  await expect(overlay).toContainText('明日');
  await page
    .locator('.subs-media')
    .screenshot({ path: 'e2e/artifacts/screens/subtitles-picture.png' });

  // "Choose video…" is a button like "Import .srt / .vtt…", not text that looks unpressable.
  // (Neither hovered nor focused: Choose video was just clicked.)
  await page.locator('body').click({ position: { x: 2, y: 2 } });
  const look = (id: string) =>
    page.getByTestId(id).evaluate((button) => {
      const style = getComputedStyle(button);
      return [style.backgroundColor, style.borderTopStyle, style.borderTopColor];
    });
  // Polled: the hover colour fades out over a short transition.
  await expect.poll(() => look('subs-video')).toEqual(await look('subs-import'));
});

test('a clip dropped with its subtitles becomes the picture; other files are named, not read', async ({
  page,
  host,
}) => {
  const dir = await mkdtemp(join(tmpdir(), 'subs-drop-e2e-'));
  const clip = makeClip(dir);
  const app = new AppPage(page);
  await app.open(host.url);
  await app.goTo('Subtitles');

  // What a file manager's drag carries: File objects, sent as one drop on the import strip.
  const files = [
    { name: 'clip.mp4', type: 'video/mp4', base64: (await readFile(clip)).toString('base64') },
    {
      name: 'clip.en.srt',
      type: '',
      base64: Buffer.from(srt(['Hello there', 'Bye'])).toString('base64'),
    },
    { name: 'notes.txt', type: 'text/plain', base64: Buffer.from('todo').toString('base64') },
  ];
  const dataTransfer = await page.evaluateHandle((list) => {
    const transfer = new DataTransfer();
    for (const file of list) {
      const bytes = Uint8Array.from(atob(file.base64), (c) => c.charCodeAt(0));
      transfer.items.add(new File([bytes], file.name, { type: file.type }));
    }
    return transfer;
  }, files);
  await page.locator('.subs-import').dispatchEvent('drop', { dataTransfer });

  await expect(page.locator('[data-testid="cue-text"][data-lang="en"]').first()).toHaveValue(
    'Hello there',
  );
  await expect(page.getByTestId('subs-video')).toHaveText('Video: clip.mp4');

  // Each waveform region carries its cue number; the current cue's region is marked.
  const regions = page.getByTestId('cue-region');
  await expect(regions).toHaveCount(2, { timeout: 30_000 });
  await expect(regions.nth(0)).toHaveText('1');
  await expect(regions.nth(1)).toHaveText('2');
  await page
    .getByTestId('cue-row')
    .nth(1)
    .click({ position: { x: 4, y: 4 } });
  await expect(regions.nth(1)).toHaveAttribute('data-current', 'true');
  await expect(regions.nth(0)).toHaveAttribute('data-current', 'false');
  await page.mouse.move(0, 0);
  await page
    .locator('.subs-media')
    .screenshot({ path: 'e2e/artifacts/screens/subtitles-wave.png' });
  await expect(page.locator('.subs-import__info')).toContainText('Not read: notes.txt');
  await expect(page.getByTestId('subs-error')).toHaveCount(0);

  // Reading English again replaces its cues, and the bar says so.
  const again = join(dir, 'clip.en.srt');
  await writeFile(again, srt(['Hello again', 'Bye']));
  await importFile(page, again);
  await expect(page.locator('[data-testid="cue-text"][data-lang="en"]').first()).toHaveValue(
    'Hello again',
  );
  await expect(page.locator('.subs-import__info')).toContainText('Replaced the en cues');
});
