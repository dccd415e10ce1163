/** How long a close waits for the page before it goes ahead without it. */
export const CLOSE_WAIT_MS = 5000;

export type CloseOutcome = 'ready' | 'timed-out';

/**
 * Holds a window's close until its page has written what it had not saved yet
 * (docs/decisions/107-save-before-the-window-closes.md). Edits autosave a second or two after
 * the last change; a close inside that delay would otherwise lose them. The page is asked once
 * per close; a page that never answers (hung, crashed, still loading) delays the close by
 * CLOSE_WAIT_MS at most. Plain Node: the Electron adapter (window.ts) only wires it to a window.
 */
export class CloseHandshake {
  private readonly waiting = new Map<string, { done: Promise<CloseOutcome>; ready: () => void }>();

  constructor(private readonly waitMs = CLOSE_WAIT_MS) {}

  /**
   * Asks `client`'s page to save (`ask` sends the event) and settles when it answers or the
   * wait runs out. A second close while the first is waiting shares its answer.
   */
  requestClose(client: string, ask: () => void): Promise<CloseOutcome> {
    const current = this.waiting.get(client);
    if (current) return current.done;
    let ready!: () => void;
    const done = new Promise<CloseOutcome>((resolve) => {
      const timer = setTimeout(() => finish('timed-out'), this.waitMs);
      const finish = (outcome: CloseOutcome) => {
        clearTimeout(timer);
        this.waiting.delete(client);
        resolve(outcome);
      };
      ready = () => finish('ready');
    });
    this.waiting.set(client, { done, ready });
    try {
      ask();
    } catch {
      // The page is gone (its contents destroyed): nothing is left to save.
      ready();
    }
    return done;
  }

  /** The page of `client` has saved; true when a close was waiting for it. */
  pageReady(client: string): boolean {
    const current = this.waiting.get(client);
    if (!current) return false;
    current.ready();
    return true;
  }
}
