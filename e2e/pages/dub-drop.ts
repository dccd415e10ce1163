import type { Page } from '@playwright/test';

/** Adds files to the Dub batch through one of its Add… buttons and the file chooser it opens. */
export async function pickIntoBatch(page: Page, button: RegExp, paths: string[]): Promise<void> {
  const chooser = page.waitForEvent('filechooser');
  await page.getByTestId('dub-drop').getByRole('button', { name: button }).click();
  await (await chooser).setFiles(paths);
}
