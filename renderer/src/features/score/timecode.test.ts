import { describe, expect, it } from 'vitest';
import { formatTimecode } from './timecode';

describe('formatTimecode', () => {
  it('shows minutes, seconds and the frame within the second', () => {
    expect(formatTimecode(0, 25)).toBe('0:00:00');
    expect(formatTimecode(3000, 25)).toBe('0:03:00');
    expect(formatTimecode(3040, 25)).toBe('0:03:01');
    expect(formatTimecode(61_960, 25)).toBe('1:01:24');
  });

  it('falls back to 25 fps when the rate is unknown', () => {
    expect(formatTimecode(1040, 0)).toBe('0:01:01');
  });
});
