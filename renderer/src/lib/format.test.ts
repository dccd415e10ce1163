import { describe, expect, it } from 'vitest';
import {
  baseName,
  extensionOf,
  formatAgo,
  formatBytes,
  formatClock,
  formatCost,
  formatCount,
  formatSpan,
  safeFileName,
  secondsUntil,
} from './format';

describe('format', () => {
  it('clock', () => {
    expect(formatClock(0)).toBe('0:00');
    expect(formatClock(65.4)).toBe('1:05');
    expect(formatClock(3725)).toBe('1:02:05');
    expect(formatClock(Number.NaN)).toBe('0:00');
  });
  it('span', () => {
    expect(formatSpan(8_900)).toBe('8 s');
    expect(formatSpan(125_000)).toBe('2 min 05 s');
    expect(formatSpan(3_720_000)).toBe('1 h 02 min');
    expect(formatSpan(-5)).toBe('0 s');
  });
  it('ago', () => {
    const now = 1_000_000_000;
    expect(formatAgo(now - 500, now)).toBe('just now');
    expect(formatAgo(now - 12_000, now)).toBe('12 s ago');
    expect(formatAgo(now - 180_000, now)).toBe('3 min ago');
    expect(formatAgo(now - 7_200_000, now)).toBe('2 h ago');
    expect(formatAgo(0, 3 * 86_400_000)).toBe('1970-01-01');
  });
  it('bytes, cost, counts', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(5 * 1024 * 1024)).toBe('5.0 MB');
    expect(formatCost(1.2)).toBe('$1.20');
    expect(formatCost(0.0048)).toBe('$0.0048');
    expect(formatCost(0)).toBe('$0.00');
    expect(formatCount(1234567)).toBe('1,234,567');
    expect(formatCount(12)).toBe('12');
  });
  it('countdown', () => {
    expect(secondsUntil(10_500, 10_000)).toBe(1);
    expect(secondsUntil(9_000, 10_000)).toBe(0);
  });
  it('file names', () => {
    expect(safeFileName('Night Drive: Reprise / v2')).toBe('Night Drive Reprise v2');
    expect(safeFileName('  ...  ')).toBe('take');
    expect(safeFileName('a'.repeat(200))).toHaveLength(80);
    expect(extensionOf('/p/takes/My.Take.M4A')).toBe('m4a');
    expect(extensionOf('/p/.hidden')).toBe('');
    expect(baseName('C:\\x\\y.wav')).toBe('y.wav');
  });
});
