import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '../fixtures/host';
import { AppPage } from '../pages/app-page';

/**
 * Settings' "Tools and offline capabilities" against the real local engine: the table says what
 * this machine can do, ffmpeg is the bundled copy, and a path that is not ffmpeg is refused at
 * its field (docs/decisions/073-capability-table.md).
 */
test('Settings lists the tools and capabilities and refuses a path that is not the tool', async ({
  page,
  host,
}) => {
  const app = new AppPage(page);
  await app.open(host.url);
  await app.goTo('Settings');

  const section = page.getByRole('region', { name: 'Tools and offline capabilities' });
  await expect(section.getByTestId('capability-table')).toBeVisible();
  await expect(
    section.locator('[data-testid="capability-row"][data-capability="media"]'),
  ).toHaveAttribute('data-available', 'true');
  await expect(
    section.locator('[data-testid="capability-row"][data-capability="speech_recognition"]'),
  ).toHaveAttribute('data-available', /true|false/);

  const ffmpeg = section.locator('[data-testid="tool-row"][data-tool="ffmpeg"]');
  await expect(ffmpeg).toHaveAttribute('data-source', 'bundled');
  await expect(ffmpeg).toContainText('bundled');

  const results = await new AxeBuilder({ page })
    .include('[aria-label="Tools and offline capabilities"]')
    .analyze();
  const serious = results.violations.filter(
    (v) => v.impact === 'serious' || v.impact === 'critical',
  );
  expect(serious.map((v) => v.id)).toEqual([]);

  // From the keyboard: the path field, then Enter.
  const input = ffmpeg.getByTestId('tool-path-input');
  await input.focus();
  await input.fill('/bin/echo');
  await input.press('Enter');
  const error = ffmpeg.getByTestId('tool-path-error');
  await expect(error).toBeVisible();
  await expect(error).toContainText(/does not identify itself as ffmpeg/);
  await expect(input).toHaveAttribute('aria-invalid', 'true');
  // Nothing was kept: ffmpeg is still the bundled copy.
  await expect(ffmpeg).toHaveAttribute('data-source', 'bundled');
});
