import { describe, expect, it } from 'vitest';
import { formatTimecode } from './timecode';

describe('formatTimecode', () => {
  it('shows hours, minutes, seconds and the frame within the second', () => {
    expect(formatTimecode(0, 25)).toBe('00:00:00:00');
    expect(formatTimecode(1960, 25)).toBe('00:00:01:24');
    expect(formatTimecode(3040, 25)).toBe('00:00:03:01');
    expect(formatTimecode(60_000, 25)).toBe('00:01:00:00');
    expect(formatTimecode(61_960, 25)).toBe('00:01:01:24');
    expect(formatTimecode(3_725_960, 25)).toBe('01:02:05:24');
  });

  it('falls back to 25 fps when the rate is unknown', () => {
    expect(formatTimecode(1040, 0)).toBe('00:00:01:01');
  });
});
