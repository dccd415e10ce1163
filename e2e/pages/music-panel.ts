import type { Locator, Page } from '@playwright/test';

/** The Music panel of the Score workspace. */
export class MusicPanel {
  readonly prompt: Locator;
  readonly duration: Locator;
  readonly generate: Locator;
  readonly streamAudio: Locator;
  readonly waveform: Locator;
  readonly save: Locator;

  constructor(readonly page: Page) {
    this.prompt = page.getByTestId('music-prompt');
    this.duration = page.getByTestId('music-duration');
    this.generate = page.getByTestId('music-generate');
    this.streamAudio = page.getByTestId('stream-audio');
    this.waveform = page.getByTestId('take-waveform');
    this.save = page.getByTestId('take-save');
  }

  async fill(prompt: string, seconds: number): Promise<void> {
    await this.prompt.fill(prompt);
    await this.duration.fill(String(seconds));
  }

  /** currentTime of the streaming audio element, in seconds. */
  async streamTime(): Promise<number> {
    return this.streamAudio.evaluate((element) => (element as HTMLAudioElement).currentTime);
  }
}
