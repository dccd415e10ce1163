import type { Locator, Page } from '@playwright/test';

/** The frame: navigation between the workspaces by their accessible names. */
export class AppPage {
  constructor(readonly page: Page) {}

  async open(url: string): Promise<void> {
    await this.page.goto(url);
    await this.page.getByTestId('engine-status').waitFor();
  }

  nav(name: 'Score' | 'Subtitles' | 'Dub' | 'Jobs' | 'Account' | 'Settings'): Locator {
    return this.page.getByRole('navigation').getByRole('link', { name, exact: true });
  }

  async goTo(name: 'Score' | 'Subtitles' | 'Dub' | 'Jobs' | 'Account' | 'Settings'): Promise<void> {
    await this.nav(name).click();
  }

  engineStatus(): Locator {
    return this.page.getByTestId('engine-status');
  }
}
