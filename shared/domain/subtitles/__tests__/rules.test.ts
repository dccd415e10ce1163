import { describe, expect, it } from 'vitest';
import { qcContext, runQc } from '../qc';
import { CJK_PROFILE, SHORTS_PROFILE, STREAMING_PROFILE, THAI_PROFILE } from '../profiles';
import { charsPerLineRule } from '../rules/chars-per-line';
import { cpsRule } from '../rules/cps';
import { emptyTextRule } from '../rules/empty-text';
import { lineCountRule } from '../rules/line-count';
import { maxDurationRule } from '../rules/max-duration';
import { minDurationRule } from '../rules/min-duration';
import { minGapRule } from '../rules/min-gap';
import { orderRule } from '../rules/order';
import { overlapRule } from '../rules/overlap';
import { timingRule } from '../rules/timing';
import { cues } from './helpers';

const en = qcContext({ language: 'en' });
const es = qcContext({ language: 'es' });

describe('profiles', () => {
  it('streaming: 42 CPL, 2 lines, 17 CPS (20 for en), 833-7000 ms, 2-frame gap', () => {
    expect(es.limits).toEqual({
      maxLineChars: 42,
      maxLines: 2,
      maxCps: 17,
      minDurationMs: 833,
      maxDurationMs: 7000,
      minGapMs: 83,
    });
    expect(en.limits.maxCps).toBe(20);
    expect(qcContext({ language: 'ja' }).limits).toMatchObject({ maxLineChars: 13, maxCps: 4 });
  });

  it('CJK, Thai and Shorts carry their own limits', () => {
    expect(qcContext({ language: 'zh_cn', profile: CJK_PROFILE }).limits.maxLineChars).toBe(16);
    expect(qcContext({ language: 'ko', profile: CJK_PROFILE }).limits.maxCps).toBe(12);
    expect(qcContext({ language: 'th', profile: THAI_PROFILE }).limits.maxLineChars).toBe(35);
    expect(qcContext({ language: 'en', profile: SHORTS_PROFILE }).limits).toMatchObject({
      maxLineChars: 24,
      maxCps: 25,
      minGapMs: 0,
    });
    expect(STREAMING_PROFILE.name).toBe('Streaming (Netflix-like)');
  });
});

describe('cps', () => {
  it('warns above the language limit and measures visible characters only', () => {
    // 35 visible characters over 2 s = 17.5 CPS: fine for English (20), too fast for Spanish (17).
    const list = cues([0, 2000, '<i>This line has exactly thirty-five c</i>']);
    expect(cpsRule.check(list, en)).toEqual([]);
    expect(cpsRule.check(list, es)).toEqual([
      expect.objectContaining({
        rule: 'cps',
        cueId: 'c1',
        measured: 17.5,
        limit: 17,
        fix: 'extend-into-gap',
      }),
    ]);
  });

  it('counts &amp; as one character and ASS overrides as none', () => {
    const list = cues([0, 1000, '{\\an8}Tom &amp; Jerry &amp; co']); // "Tom & Jerry & co" = 16
    expect(
      cpsRule.check(
        list,
        qcContext({ language: 'en', profile: { ...STREAMING_PROFILE, byLanguage: {} } }),
      ),
    ).toEqual([]);
    const strict = qcContext({
      language: 'xx',
      profile: { ...STREAMING_PROFILE, limits: { ...STREAMING_PROFILE.limits, maxCps: 15 } },
    });
    expect(cpsRule.check(list, strict)[0]?.measured).toBe(16);
  });
});

describe('chars-per-line and line-count', () => {
  it('flags the longest line and too many lines', () => {
    const list = cues([0, 5000, `${'a'.repeat(43)}\nshort`], [6000, 9000, 'one\ntwo\nthree']);
    expect(charsPerLineRule.check(list, es).map((i) => [i.cueId, i.measured])).toEqual([
      ['c1', 43],
    ]);
    expect(lineCountRule.check(list, es).map((i) => [i.cueId, i.measured])).toEqual([['c2', 3]]);
  });

  it('does not count Thai combining marks or tags', () => {
    const thai = cues([0, 3000, 'ขอบคุณที่รับชม']);
    expect(charsPerLineRule.check(thai, qcContext({ language: 'th' }))).toEqual([]);
    const tagged = cues([0, 3000, `<font color="#ff0000">${'a'.repeat(42)}</font>`]);
    expect(charsPerLineRule.check(tagged, es)).toEqual([]);
  });
});

describe('durations', () => {
  it('min-duration warns under 833 ms, ignores reversed cues', () => {
    const list = cues([0, 800, 'Hi'], [1000, 1833, 'Ok'], [3000, 2000, 'x']);
    expect(minDurationRule.check(list, es).map((i) => i.cueId)).toEqual(['c1']);
  });

  it('max-duration warns over 7000 ms', () => {
    const list = cues([0, 7000, 'ok'], [8000, 15001, 'long']);
    expect(maxDurationRule.check(list, es)).toEqual([
      expect.objectContaining({ cueId: 'c2', measured: 7001, fix: 'trim-to-max' }),
    ]);
  });
});

describe('gaps, overlaps, timing, order', () => {
  it('min-gap flags gaps under 2 frames but not overlaps', () => {
    const list = cues([0, 1000, 'a'], [1050, 2000, 'b'], [2083, 3000, 'c'], [2900, 4000, 'd']);
    expect(minGapRule.check(list, es).map((i) => [i.cueId, i.measured])).toEqual([['c1', 50]]);
  });

  it('overlap is an error on the later cue, measured against the latest end so far', () => {
    const list = cues([0, 5000, 'a'], [1000, 2000, 'b'], [3000, 4000, 'c'], [6000, 7000, 'd']);
    expect(overlapRule.check(list, es).map((i) => [i.cueId, i.measured, i.severity])).toEqual([
      ['c2', 4000, 'error'],
      ['c3', 2000, 'error'],
    ]);
  });

  it('timing: negative, reversed and zero-length cues are errors with a repair', () => {
    const list = cues([-500, 1000, 'a'], [3000, 2000, 'b'], [4000, 4000, 'c'], [5000, 6000, 'd']);
    const issues = timingRule.check(list, es);
    expect(issues.map((i) => i.cueId)).toEqual(['c1', 'c2', 'c3']);
    expect(issues[1]?.message).toMatch(/Ends \(0:00:02\.000\) before it starts/);
    expect(issues[2]?.message).toMatch(/no duration/);
    expect(issues.every((i) => i.severity === 'error' && i.fix === 'repair-timing')).toBe(true);
  });

  it('order flags a cue listed after a later one', () => {
    const list = cues([5000, 6000, 'a'], [1000, 2000, 'b']);
    expect(orderRule.check(list, es).map((i) => i.cueId)).toEqual(['c2']);
  });

  it('empty-text flags cues with only markup or spaces', () => {
    const list = cues([0, 1000, '<i> </i>'], [2000, 3000, '  '], [4000, 5000, 'ok']);
    expect(emptyTextRule.check(list, es).map((i) => i.cueId)).toEqual(['c1', 'c2']);
  });
});

describe('runQc', () => {
  it('a clean script has no issues; rules can be skipped', () => {
    const clean = cues([0, 2000, 'Hola y bienvenidos.'], [2500, 5000, 'Hoy hablamos del tiempo.']);
    expect(runQc(clean, { language: 'es' })).toEqual([]);
    const fast = cues([0, 500, 'Hola y bienvenidos a todos.']);
    expect(
      runQc(fast, { language: 'es' })
        .map((i) => i.rule)
        .sort(),
    ).toEqual(['cps', 'min-duration']);
    expect(runQc(fast, { language: 'es', skip: ['cps'] }).map((i) => i.rule)).toEqual([
      'min-duration',
    ]);
  });
});
