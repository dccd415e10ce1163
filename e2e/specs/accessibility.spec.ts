import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '../fixtures/host';
import { AppPage } from '../pages/app-page';

const PAGES = ['Score', 'Subtitles', 'Dub', 'Jobs', 'Account', 'Settings'] as const;

/** Every screen passes axe-core with no serious or critical violation (contrast included). */
test('every page has no serious or critical axe-core violations', async ({ page, host }) => {
  const app = new AppPage(page);
  await app.open(host.url);
  const found: string[] = [];
  for (const name of PAGES) {
    await app.goTo(name);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const results = await new AxeBuilder({ page }).analyze();
    for (const violation of results.violations) {
      if (violation.impact !== 'serious' && violation.impact !== 'critical') continue;
      const targets = violation.nodes.slice(0, 3).map((node) => node.target.join(' '));
      found.push(`${name}: ${violation.id} (${violation.impact}) at ${targets.join(', ')}`);
    }
  }
  expect(found, found.join('\n')).toEqual([]);
});

test('every page can be reached and used from the keyboard alone', async ({ page, host }) => {
  const app = new AppPage(page);
  await app.open(host.url);
  for (const [index, name] of PAGES.entries()) {
    await page.keyboard.press(`Alt+Digit${index + 1}`);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(
      name === 'Score' ? /score|music/i : new RegExp(name, 'i'),
    );
    // Tab reaches an interactive element of the screen itself, with a visible focus ring.
    let reached = false;
    for (let step = 0; step < 40 && !reached; step += 1) {
      await page.keyboard.press('Tab');
      reached = await page.evaluate(() => {
        const active = document.activeElement;
        if (!active || !document.getElementById('content')?.contains(active)) return false;
        const style = getComputedStyle(active);
        return style.outlineStyle !== 'none' || style.boxShadow !== 'none';
      });
    }
    expect(reached, `${name}: Tab reaches a focusable control with a visible focus indicator`).toBe(
      true,
    );
  }
});
