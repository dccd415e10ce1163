import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { toolPath } from '../../shared/node/toolchain';
import { expect, test } from '../fixtures/host';
import { AppPage } from '../pages/app-page';
import { MusicPanel } from '../pages/music-panel';

function probeDuration(path: string): { seconds: number; codec: string; format: string } {
  const json = JSON.parse(
    execFileSync(
      toolPath('ffprobe'),
      ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', path],
      { encoding: 'utf8' },
    ),
  );
  return {
    seconds: Number(json.format.duration),
    codec: json.streams[0].codec_name,
    format: json.format.format_name,
  };
}

// Long enough that the stream is still arriving while playback is checked.
const SECONDS = 60;

test('first run: generate streamed music, hear it while it streams, find the job, save the take', async ({
  page,
  host,
}) => {
  const app = new AppPage(page);
  await app.open(host.url);
  await expect(app.engineStatus()).toContainText(/local engine/i);

  // First run shows the built-in engine as the default in Settings.
  await app.goTo('Settings');
  await expect(page.getByRole('radio', { name: /built-in local engine/i })).toBeChecked();

  await app.goTo('Score');
  const music = new MusicPanel(page);
  await music.fill('Warm lo-fi hip hop with soft piano and brushed drums, 80 BPM', SECONDS);
  await music.generate.click();

  // Audio plays while the stream is still arriving: currentTime advances before the job ends.
  await expect.poll(() => music.streamTime(), { timeout: 30_000 }).toBeGreaterThan(0.3);
  const first = await music.streamTime();
  await expect.poll(() => music.streamTime(), { timeout: 10_000 }).toBeGreaterThan(first + 0.5);
  await expect(page.getByTestId('stream-received')).toBeVisible();

  // The finished take shows its waveform; Save as writes it into the project folder.
  await expect(music.waveform).toBeVisible({ timeout: 90_000 });
  await expect(page.getByText('Loading waveform…')).toHaveCount(0, { timeout: 30_000 });
  // The live player is not swapped out when the take finishes: it carries on from where it was.
  const atFinish = await music.streamTime();
  expect(atFinish).toBeGreaterThan(first);
  await expect.poll(() => music.streamTime(), { timeout: 10_000 }).toBeGreaterThan(atFinish + 0.3);
  await page.screenshot({ path: 'e2e/artifacts/screens/score-take.png' });
  await music.save.click();
  const savedPath = await page.getByTestId('take-saved-path').locator('.mono').textContent();
  expect(savedPath && existsSync(savedPath.trim())).toBeTruthy();
  const probed = probeDuration(savedPath!.trim());
  expect(probed.codec).toBe('aac');
  expect(probed.format).toContain('mp4');
  expect(Math.abs(probed.seconds - SECONDS)).toBeLessThanOrEqual(0.5);

  // The job is listed as succeeded on the Jobs page.
  await app.goTo('Jobs');
  const row = page.getByTestId('job-row').filter({ hasText: /lo-fi/i }).first();
  await expect(row).toHaveAttribute('data-stage', 'succeeded');
});
