/**
 * Key chords as text ('Ctrl+Shift+Z', 'Alt+ArrowLeft', 'Space', '?') and how a key event
 * matches one. Written once here for the key dispatcher, the shortcuts sheet and the native menu.
 *
 * - 'Ctrl' is the platform's command key: Cmd on macOS, Ctrl elsewhere.
 * - Letters, digits and named keys match by `KeyboardEvent.code`, the physical key, so a chord
 *   stays on the same key on AZERTY or Dvorak (and Alt+1 works where 1 needs Shift).
 * - Symbols ('?', '+', '[' …) match by `KeyboardEvent.key`, the character typed, because their
 *   position differs between layouts; the Shift that produces a symbol is then not compared.
 */
export type Platform = 'mac' | 'other';

export interface Chord {
  /** Ctrl (Cmd on macOS). */
  primary: boolean;
  shift: boolean;
  alt: boolean;
  /** The physical key (`KeyboardEvent.code`), or null when matched by character. */
  code: string | null;
  /** The character (`KeyboardEvent.key`) for symbol chords, else null. */
  key: string | null;
}

/** The parts of a KeyboardEvent a chord looks at, so matching runs without a DOM. */
export interface KeyEventLike {
  code: string;
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
}

export type ChordParse = { ok: true; chord: Chord } | { ok: false; message: string };

/** Named keys as written in a chord -> KeyboardEvent.code. */
const NAMED_CODES: Record<string, string> = {
  space: 'Space',
  enter: 'Enter',
  return: 'Enter',
  escape: 'Escape',
  esc: 'Escape',
  tab: 'Tab',
  backspace: 'Backspace',
  delete: 'Delete',
  del: 'Delete',
  insert: 'Insert',
  ins: 'Insert',
  home: 'Home',
  end: 'End',
  pageup: 'PageUp',
  pagedown: 'PageDown',
  left: 'ArrowLeft',
  right: 'ArrowRight',
  up: 'ArrowUp',
  down: 'ArrowDown',
  arrowleft: 'ArrowLeft',
  arrowright: 'ArrowRight',
  arrowup: 'ArrowUp',
  arrowdown: 'ArrowDown',
};

/** Symbols matched by the character they type. */
const SYMBOL_KEYS = new Set([
  '?',
  '+',
  '-',
  '=',
  ',',
  '.',
  '[',
  ']',
  '/',
  ';',
  "'",
  '`',
  '\\',
  '*',
]);

const MODIFIERS: Record<string, 'primary' | 'shift' | 'alt'> = {
  ctrl: 'primary',
  cmd: 'primary',
  cmdorctrl: 'primary',
  shift: 'shift',
  alt: 'alt',
  option: 'alt',
};

/** Parses 'Ctrl+Shift+Z'; '+' itself is written as the last part ('Ctrl++' or '+'). */
export function parseChord(text: string): ChordParse {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: false, message: 'A key chord is empty.' };
  // A chord ending in '+' names the plus key itself: '+', 'Ctrl++'.
  const plusKey = trimmed === '+' || trimmed.endsWith('++');
  const parts = plusKey ? trimmed.slice(0, -2).split('+').filter(Boolean) : trimmed.split('+');
  const keyPart = plusKey ? '+' : parts.pop()!.trim();
  const chord: Chord = { primary: false, shift: false, alt: false, code: null, key: null };
  for (const raw of parts) {
    const modifier = MODIFIERS[raw.trim().toLowerCase()];
    if (!modifier)
      return { ok: false, message: `"${raw}" in "${text}" is not Ctrl, Shift or Alt.` };
    if (chord[modifier]) return { ok: false, message: `"${text}" names ${raw} twice.` };
    chord[modifier] = true;
  }
  const code = codeOf(keyPart);
  if (code) return { ok: true, chord: { ...chord, code } };
  if (SYMBOL_KEYS.has(keyPart)) return { ok: true, chord: { ...chord, key: keyPart } };
  return { ok: false, message: `"${keyPart}" in "${text}" is not a key Soundstage knows.` };
}

function codeOf(name: string): string | null {
  if (/^[a-z]$/i.test(name)) return `Key${name.toUpperCase()}`;
  if (/^[0-9]$/.test(name)) return `Digit${name}`;
  if (/^f([1-9]|1[0-9]|2[0-4])$/i.test(name)) return name.toUpperCase();
  if (/^num[0-9]$/i.test(name)) return `Numpad${name.slice(3)}`;
  return NAMED_CODES[name.toLowerCase()] ?? null;
}

/** Whether a key event is this chord on this platform. */
export function matchChord(chord: Chord, event: KeyEventLike, platform: Platform): boolean {
  const primary = platform === 'mac' ? event.metaKey : event.ctrlKey;
  const stray = platform === 'mac' ? event.ctrlKey : event.metaKey;
  if (stray || primary !== chord.primary || event.altKey !== chord.alt) return false;
  if (chord.code !== null) return event.shiftKey === chord.shift && event.code === chord.code;
  // A symbol: Shift is part of typing it on some layouts, so only a required Shift is checked.
  if (chord.shift && !event.shiftKey) return false;
  return event.key === chord.key;
}

const MAC_SYMBOLS = { primary: '⌘', shift: '⇧', alt: '⌥' };
const ARROWS: Record<string, string> = {
  ArrowLeft: '←',
  ArrowRight: '→',
  ArrowUp: '↑',
  ArrowDown: '↓',
};

/**
 * What the user's keyboard prints on each physical key (`navigator.keyboard.getLayoutMap()` in
 * Chromium: code -> character), so a chord matched by position is labelled as the user sees
 * it: on AZERTY the key at KeyQ reads "A".
 */
export type KeyboardLayout = ReadonlyMap<string, string>;

/** The name of a chord's key as people read it: 'Z', '1', 'Space', '←', 'Num4', '?'. */
export function keyName(chord: Chord, layout?: KeyboardLayout): string {
  if (chord.key !== null) return chord.key;
  const code = chord.code ?? '';
  const printed = layout?.get(code);
  // Letters only: digit keys carry their digit on every layout, even where it needs Shift.
  if (printed && code.startsWith('Key') && printed.trim() !== '') return printed.toUpperCase();
  if (code.startsWith('Key')) return code.slice(3);
  if (code.startsWith('Digit')) return code.slice(5);
  if (code.startsWith('Numpad')) return `Num${code.slice(6)}`;
  return ARROWS[code] ?? code;
}

/** How a chord is shown: 'Ctrl+Shift+Z' elsewhere, '⇧⌘Z' on macOS (Apple's order). */
export function formatChord(chord: Chord, platform: Platform, layout?: KeyboardLayout): string {
  const name = keyName(chord, layout);
  if (platform === 'mac') {
    return `${chord.alt ? MAC_SYMBOLS.alt : ''}${chord.shift ? MAC_SYMBOLS.shift : ''}${chord.primary ? MAC_SYMBOLS.primary : ''}${name}`;
  }
  return [chord.primary && 'Ctrl', chord.alt && 'Alt', chord.shift && 'Shift', name]
    .filter(Boolean)
    .join('+');
}

/** One canonical text per chord, so 'Shift+Ctrl+z' and 'Ctrl+Shift+Z' compare equal. */
export function chordId(chord: Chord): string {
  return formatChord(chord, 'other');
}

/** Where the platform is macOS, from a navigator-like platform string. */
export function platformOf(navigatorPlatform: string | undefined): Platform {
  return navigatorPlatform !== undefined && /mac|iphone|ipad/i.test(navigatorPlatform)
    ? 'mac'
    : 'other';
}
