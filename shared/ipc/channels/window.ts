import { z } from 'zod';

/**
 * Closing the window (docs/decisions/107-save-before-the-window-closes.md): main holds a close
 * back, asks the page to write what it has not saved yet, and closes once the page answers (or
 * after a few seconds, so a hung page cannot keep the window open).
 */
export const windowChannels = {
  /**
   * The page has written its pending saves; `closing` is true when a close was waiting for it
   * (Electron), false where there was none (browser mode has no close to hold back).
   */
  'window:readyToClose': {
    request: z.object({}).strict(),
    response: z.object({ closing: z.boolean() }),
  },
} as const;

export const windowEvents = {
  /** The window is about to close: write pending edits now, then answer `window:readyToClose`. */
  'window:closing': z.object({}).strict(),
} as const;
