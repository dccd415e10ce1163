import { describe, expect, it } from 'vitest';
import { clockTime, newCueId } from '../cue';
import { decodeEntities, visibleCharCount, visibleLength, visibleText } from '../text';

describe('visible text', () => {
  it('drops HTML-like tags, VTT timestamps and ASS overrides but keeps the words', () => {
    expect(visibleText('<i>Hi</i> <c.yellow>there</c>\n{\\an8}<00:00:01.000>Bye  ')).toBe(
      'Hi there\nBye',
    );
    expect(visibleText('<font color="#fff">a</font>\n\n \n b')).toBe('a\nb');
  });

  it('decodes entities so they are read (and spoken) as one character', () => {
    expect(visibleText('Tom &amp; Jerry&nbsp;&#233;&#xE9; &lt;3 &bogus;')).toBe(
      'Tom & Jerry\u00a0éé <3 &bogus;',
    );
    expect(visibleCharCount('a &amp; b')).toBe(5);
    expect(decodeEntities('&lt;b&gt; &amp;', new Set(['lt', 'gt']))).toBe('&lt;b&gt; &');
  });

  it('counts characters without combining marks, emoji as one', () => {
    expect(visibleLength('ขอบคุณ')).toBe(5); // 6 code points, one a vowel mark
    expect(visibleLength('e\u0301te\u0301')).toBe(3);
    expect(visibleLength('ok 👍')).toBe(4);
  });
});

describe('ids and clock', () => {
  it('derives a free id for a split half', () => {
    expect(newCueId('c7', new Set(['c7', 'c7.1']))).toBe('c7.2');
  });

  it('formats message times', () => {
    expect(clockTime(3_723_045)).toBe('1:02:03.045');
    expect(clockTime(-500)).toBe('-0:00:00.500');
  });
});
