import { describe, expect, it } from 'vitest';
import { convertFrameRate, shiftCues, twoPointSync } from '../retime';
import { checkTypedTime, formatTime, parseTime } from '../timecode';
import { cues } from './helpers';

const en = cues([1000, 2000, 'a'], [3000, 4000, 'b'], [10_000, 12_000, 'c']);
const es = cues([1000, 2000, 'x'], [3000, 4000, 'y'], [10_000, 12_000, 'z']);

describe('typed times', () => {
  it('formats and reads h:mm:ss,mmm and frames', () => {
    expect(formatTime(3_723_045)).toBe('1:02:03,045');
    expect(parseTime('1:02:03,045')).toEqual({ ok: true, ms: 3_723_045 });
    expect(parseTime('02:03.5')).toEqual({ ok: true, ms: 123_500 });
    expect(parseTime(' 7 ')).toEqual({ ok: true, ms: 7000 });
    expect(formatTime(1480, 'frames', 25)).toBe('0:00:01:12');
    expect(parseTime('0:00:01:12', 'frames', 25)).toEqual({ ok: true, ms: 1480 });
  });

  it('refuses malformed, negative and out-of-range times with what to type', () => {
    expect(parseTime('abc')).toMatchObject({
      ok: false,
      message: expect.stringContaining('h:mm:ss,mmm'),
    });
    expect(parseTime('-0:00:01,000')).toMatchObject({
      ok: false,
      message: expect.stringContaining('negative'),
    });
    expect(parseTime('0:61:00,000')).toMatchObject({ ok: false });
    expect(parseTime('0:00:01:25', 'frames', 25)).toMatchObject({ ok: false });
  });

  it('refuses an end at or before the start, allows an overlap', () => {
    const cue = { startMs: 3000, endMs: 4000 };
    expect(checkTypedTime('0:00:03,000', 'end', cue)).toMatchObject({ ok: false });
    expect(checkTypedTime('0:00:04,500', 'start', cue)).toMatchObject({ ok: false });
    expect(checkTypedTime('0:00:01,500', 'start', cue)).toEqual({ ok: true, ms: 1500 });
  });
});

describe('shift and sync', () => {
  it('shifts all or only the chosen cues in every language', () => {
    const all = shiftCues({ en, es }, null, -500);
    if (!all.ok) throw new Error(all.message);
    expect(all.languages['es']!.map((c) => c.startMs)).toEqual([500, 2500, 9500]);
    const some = shiftCues({ en }, new Set(['c2']), 250);
    if (!some.ok) throw new Error(some.message);
    expect(some.languages['en']![1]).toMatchObject({ startMs: 3250, endMs: 4250 });
    expect(some.languages['en']![0]).toBe(en[0]);
  });

  it('refuses a shift that would make a time negative, with the reason', () => {
    const refused = shiftCues({ en }, null, -1500);
    expect(refused).toMatchObject({
      ok: false,
      message: expect.stringContaining('before the start'),
    });
    expect(shiftCues({ en }, null, 0.5)).toMatchObject({ ok: false });
  });

  it('syncs two points linearly', () => {
    const result = twoPointSync(
      { en },
      { fromMs: 1000, toMs: 2000 },
      { fromMs: 10_000, toMs: 20_000 },
    );
    if (!result.ok) throw new Error(result.message);
    // scale (20000-2000)/(10000-1000) = 2: t' = 2000 + (t - 1000) * 2
    expect(result.languages['en']!.map((c) => [c.startMs, c.endMs])).toEqual([
      [2000, 4000],
      [6000, 8000],
      [20_000, 24_000],
    ]);
    expect(twoPointSync({ en }, { fromMs: 1, toMs: 2 }, { fromMs: 1, toMs: 3 }).ok).toBe(false);
  });

  it('converts 23.976 to 25 fps and back', () => {
    const to25 = convertFrameRate({ en }, 23.976, 25);
    if (!to25.ok) throw new Error(to25.message);
    expect(to25.languages['en']![2]!.startMs).toBe(Math.round(10_000 * (24000 / 1001 / 25)));
    const back = convertFrameRate(to25.languages, 25, 23.976);
    if (!back.ok) throw new Error(back.message);
    expect(back.languages['en']!.map((c) => c.startMs)).toEqual([1000, 3000, 10_000]);
  });
});
