import { expect, test } from '../fixtures/host';
import { AppPage } from '../pages/app-page';

const PAGES = ['Score', 'Subtitles', 'Dub', 'Jobs', 'Account', 'Settings'] as const;

test('every page renders and is saved as a screenshot', async ({ page, host }) => {
  const app = new AppPage(page);
  await app.open(host.url);
  for (const name of PAGES) {
    await app.goTo(name);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(
      name === 'Score' ? /score|music/i : new RegExp(name, 'i'),
    );
    await page.screenshot({
      path: `e2e/artifacts/screens/${name.toLowerCase()}.png`,
      fullPage: true,
    });
  }
  // The account page shows what the local engine reports.
  await app.goTo('Account');
  await expect(page.getByText(/requests per minute|rpm/i).first()).toBeVisible();
});
