import { describe, expect, it } from 'vitest';
import { CloseHandshake } from './close-handshake';

describe('CloseHandshake', () => {
  it("goes ahead when the page answers, and only for that page's client", async () => {
    const handshake = new CloseHandshake(60_000);
    let asked = 0;
    const closing = handshake.requestClose('window-1', () => (asked += 1));
    expect(asked).toBe(1);
    expect(handshake.pageReady('window-2')).toBe(false);
    // A second close while waiting shares the first one's answer and asks nothing more.
    const again = handshake.requestClose('window-1', () => (asked += 1));
    expect(asked).toBe(1);
    expect(handshake.pageReady('window-1')).toBe(true);
    expect(await closing).toBe('ready');
    expect(await again).toBe('ready');
    // Answered: a late second answer holds nothing.
    expect(handshake.pageReady('window-1')).toBe(false);
  });

  it('goes ahead without a page that never answers', async () => {
    const handshake = new CloseHandshake(20);
    expect(await handshake.requestClose('window-1', () => undefined)).toBe('timed-out');
    expect(handshake.pageReady('window-1')).toBe(false);
  });

  it('goes ahead at once when the page cannot be asked', async () => {
    const handshake = new CloseHandshake(60_000);
    const outcome = handshake.requestClose('window-1', () => {
      throw new Error('Object has been destroyed');
    });
    expect(await outcome).toBe('ready');
  });
});
