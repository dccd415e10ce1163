import type { Locator, Page } from '@playwright/test';

/** The keyboard shortcuts sheet (?): a modal list of every command on screen. */
export class ShortcutsSheet {
  readonly dialog: Locator;
  readonly search: Locator;
  readonly rows: Locator;

  constructor(readonly page: Page) {
    this.dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    this.search = page.getByTestId('shortcuts-search');
    this.rows = page.getByTestId('shortcut-row');
  }

  row(commandId: string): Locator {
    return this.page.locator(`[data-testid="shortcut-row"][data-command="${commandId}"]`);
  }
}
