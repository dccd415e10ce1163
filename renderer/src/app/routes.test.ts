import { describe, expect, it } from 'vitest';
import { screenFromHash } from './routes';

describe('screenFromHash', () => {
  it('reads the screen and falls back to Score', () => {
    expect(screenFromHash('#/jobs')).toBe('jobs');
    expect(screenFromHash('#settings')).toBe('settings');
    expect(screenFromHash('#/account?x=1')).toBe('account');
    expect(screenFromHash('#token=abc')).toBe('score');
    expect(screenFromHash('')).toBe('score');
    expect(screenFromHash('#/nope')).toBe('score');
  });
});
