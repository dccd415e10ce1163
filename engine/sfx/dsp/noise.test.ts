import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { brown, pink } from './noise';
import { createRng } from './random';

describe('seeded noise', () => {
  it('draws the pinned sequence, so a request renders the same audio as before', () => {
    // SHA-256 of 10,000 draws and a second each of pink and brown noise, taken before the
    // generators' state moved from closure variables into typed arrays (for speed) and equal
    // after it. Any change to a draw or a filter step changes every effect made from a seed.
    const rng = createRng(20261126);
    const draws = new Float64Array(10_000).map(() => rng.next());
    const hash = createHash('sha256')
      .update(Buffer.from(draws.buffer))
      .update(Buffer.from(pink(createRng(1), 44_100).buffer))
      .update(Buffer.from(brown(createRng(2), 44_100).buffer))
      .digest('hex');
    expect(hash).toBe('6fef573556a21b0066e8e65dc07f8f7593bd0eac3f5fa628589ec054c3f423d3');
  });

  it('forks children whose streams do not depend on the parent', () => {
    const a = createRng(5);
    const b = createRng(5);
    b.next();
    b.next();
    expect(a.fork('rain').next()).toBe(b.fork('rain').next());
    expect(a.fork('rain').next()).not.toBe(a.fork('wind').next());
  });
});
