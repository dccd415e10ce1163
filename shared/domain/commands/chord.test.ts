import { describe, expect, it } from 'vitest';
import { formatChord, matchChord, parseChord, platformOf, type KeyEventLike } from './chord';

const key = (code: string, keyText: string, mods: Partial<KeyEventLike> = {}): KeyEventLike => ({
  code,
  key: keyText,
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  altKey: false,
  ...mods,
});

function chord(text: string) {
  const parsed = parseChord(text);
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed.chord;
}

describe('parseChord', () => {
  it.each([
    ['Ctrl+Shift+Z', { primary: true, shift: true, alt: false, code: 'KeyZ', key: null }],
    ['shift+ctrl+z', { primary: true, shift: true, alt: false, code: 'KeyZ', key: null }],
    ['Alt+1', { primary: false, shift: false, alt: true, code: 'Digit1', key: null }],
    ['Space', { primary: false, shift: false, alt: false, code: 'Space', key: null }],
    ['Alt+Left', { primary: false, shift: false, alt: true, code: 'ArrowLeft', key: null }],
    ['Shift+F12', { primary: false, shift: true, alt: false, code: 'F12', key: null }],
    ['Num4', { primary: false, shift: false, alt: false, code: 'Numpad4', key: null }],
    ['?', { primary: false, shift: false, alt: false, code: null, key: '?' }],
    ['+', { primary: false, shift: false, alt: false, code: null, key: '+' }],
    ['Ctrl++', { primary: true, shift: false, alt: false, code: null, key: '+' }],
    ['Cmd+Enter', { primary: true, shift: false, alt: false, code: 'Enter', key: null }],
  ])('reads %s', (text, expected) => {
    expect(parseChord(text)).toEqual({ ok: true, chord: expected });
  });

  it.each(['', 'Hyper+K', 'Ctrl+Ctrl+K', 'Ctrl+', 'Ctrl+Shift', 'F25', 'é'])(
    'says what is wrong with %j instead of throwing',
    (text) => {
      const parsed = parseChord(text);
      expect(parsed.ok).toBe(false);
      if (!parsed.ok) expect(parsed.message.length).toBeGreaterThan(5);
    },
  );
});

describe('matchChord', () => {
  it('reads Ctrl as Cmd on macOS and as Ctrl elsewhere', () => {
    const undo = chord('Ctrl+Z');
    expect(matchChord(undo, key('KeyZ', 'z', { ctrlKey: true }), 'other')).toBe(true);
    expect(matchChord(undo, key('KeyZ', 'z', { metaKey: true }), 'other')).toBe(false);
    expect(matchChord(undo, key('KeyZ', 'z', { metaKey: true }), 'mac')).toBe(true);
    expect(matchChord(undo, key('KeyZ', 'z', { ctrlKey: true }), 'mac')).toBe(false);
  });

  it('needs exactly the modifiers named', () => {
    expect(
      matchChord(chord('Ctrl+Z'), key('KeyZ', 'Z', { ctrlKey: true, shiftKey: true }), 'other'),
    ).toBe(false);
    expect(matchChord(chord('S'), key('KeyS', 's', { altKey: true }), 'other')).toBe(false);
    expect(matchChord(chord('S'), key('KeyS', 's'), 'other')).toBe(true);
  });

  it('matches letters and digits by physical key, so AZERTY works', () => {
    // On AZERTY the key at QWERTY's Z types "w"; the physical key is what counts.
    expect(matchChord(chord('Ctrl+Z'), key('KeyZ', 'w', { ctrlKey: true }), 'other')).toBe(true);
    // AZERTY's digit row types "&" without Shift: Alt+1 is still the first screen.
    expect(matchChord(chord('Alt+1'), key('Digit1', '&', { altKey: true }), 'other')).toBe(true);
  });

  it('matches symbols by the character typed, whatever Shift it took', () => {
    expect(matchChord(chord('?'), key('Slash', '?', { shiftKey: true }), 'other')).toBe(true);
    // AZERTY: "?" is Shift+Comma (code "KeyM").
    expect(matchChord(chord('?'), key('KeyM', '?', { shiftKey: true }), 'other')).toBe(true);
    expect(matchChord(chord('+'), key('NumpadAdd', '+'), 'other')).toBe(true);
    expect(matchChord(chord('?'), key('Slash', '/'), 'other')).toBe(false);
    expect(
      matchChord(chord('?'), key('Slash', '?', { shiftKey: true, ctrlKey: true }), 'other'),
    ).toBe(false);
  });
});

describe('formatChord', () => {
  it.each([
    ['Ctrl+Shift+Z', 'Ctrl+Shift+Z', '⇧⌘Z'],
    ['Alt+Left', 'Alt+←', '⌥←'],
    ['Space', 'Space', 'Space'],
    ['?', '?', '?'],
  ])('shows %s as %s and, on macOS, %s', (text, other, mac) => {
    expect(formatChord(chord(text), 'other')).toBe(other);
    expect(formatChord(chord(text), 'mac')).toBe(mac);
  });

  it('labels letter keys as the user’s layout prints them, digits as digits', () => {
    const azerty = new Map([
      ['KeyQ', 'a'],
      ['KeyZ', 'w'],
      ['Digit1', '&'],
    ]);
    expect(formatChord(chord('Ctrl+Z'), 'other', azerty)).toBe('Ctrl+W');
    expect(formatChord(chord('Q'), 'mac', azerty)).toBe('A');
    expect(formatChord(chord('Alt+1'), 'other', azerty)).toBe('Alt+1');
    expect(formatChord(chord('Space'), 'other', azerty)).toBe('Space');
  });

  it('tells macOS from the platform string', () => {
    expect(platformOf('MacIntel')).toBe('mac');
    expect(platformOf('Linux x86_64')).toBe('other');
    expect(platformOf(undefined)).toBe('other');
  });
});
