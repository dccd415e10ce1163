/**
 * What a viewer reads of a cue's text. Files carry markup as text (HTML-like `<i>`, `<c.x>`,
 * `<00:01.000>` and ASS override blocks `{\an8}`); it is kept in the cue so a round trip loses
 * nothing, and removed here so line lengths, reading speed and speech count only visible
 * characters.
 */

const TAG = /<[^<>\n]*>/g;
const ASS_OVERRIDE = /\{\\[^}\n]*\}/g;

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  hellip: '\u2026',
  mdash: '\u2014',
  ndash: '\u2013',
  lsquo: '\u2018',
  rsquo: '\u2019',
  ldquo: '\u201c',
  rdquo: '\u201d',
  euro: '\u20ac',
  copy: '\u00a9',
  reg: '\u00ae',
  deg: '\u00b0',
  iexcl: '\u00a1',
  iquest: '\u00bf',
  laquo: '\u00ab',
  raquo: '\u00bb',
};

/** Latin-1 letters by HTML name (`&eacute;` -> é): base letter plus accent name. */
const ACCENTS: Record<string, string> = {
  acute: '\u0301',
  grave: '\u0300',
  circ: '\u0302',
  tilde: '\u0303',
  uml: '\u0308',
  cedil: '\u0327',
  ring: '\u030a',
};

function accentedLetter(name: string): string | undefined {
  const match = /^([a-zA-Z])(acute|grave|circ|tilde|uml|cedil|ring)$/.exec(name);
  if (!match) return undefined;
  const composed = (match[1]! + ACCENTS[match[2]!]!).normalize('NFC');
  return composed.length === 1 ? composed : undefined;
}

const ENTITY = /&(#\d{1,7}|#[xX][0-9a-fA-F]{1,6}|[a-zA-Z]{2,8});/g;

/**
 * Decodes HTML character references (`&amp;`, `&nbsp;`, `&#233;`, `&#xE9;`). `keep` names
 * entities to leave encoded: the reader keeps `&lt;`/`&gt;` so decoded text never turns into
 * markup. Unknown names stay as written.
 */
export function decodeEntities(text: string, keep: ReadonlySet<string> = new Set()): string {
  if (!text.includes('&')) return text;
  return text.replace(ENTITY, (whole, name: string) => {
    if (keep.has(name.toLowerCase())) return whole;
    if (name.startsWith('#')) {
      const code =
        name[1] === 'x' || name[1] === 'X'
          ? parseInt(name.slice(2), 16)
          : parseInt(name.slice(1), 10);
      return code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff)
        ? String.fromCodePoint(code)
        : whole;
    }
    return NAMED_ENTITIES[name] ?? accentedLetter(name) ?? whole;
  });
}

/** The visible lines of a cue: markup removed, entities decoded, blank lines dropped, trimmed. */
export function visibleLines(text: string): string[] {
  const lines: string[] = [];
  if (!/[<{&\\]/.test(text)) {
    // No markup, entity or ASS line break: only trimming and blank lines to handle (most cues).
    for (const raw of text.split('\n')) {
      const line = raw.trim();
      if (line.length > 0) lines.push(line);
    }
    return lines;
  }
  for (const raw of decodeEntities(text.replace(TAG, '').replace(ASS_OVERRIDE, '')).split('\n')) {
    const line = raw.replace(/\\[Nn]/g, ' ').trim();
    if (line.length > 0) lines.push(line);
  }
  return lines;
}

/** Visible text, lines joined by `\n` (what is spoken and translated). */
export function visibleText(text: string): string {
  return visibleLines(text).join('\n');
}

/**
 * Characters a reader sees on one line. Combining marks (Thai vowel and tone marks, Arabic
 * harakat, decomposed accents) sit on their base letter and take no width, so they do not count.
 */
export function visibleLength(line: string): number {
  // Plain ASCII (most lines) has no marks and no surrogate pairs.
  if (/^[\x20-\x7e]*$/.test(line)) return line.length;
  return [...line.replace(/\p{M}/gu, '')].length;
}

/** What the rules measure of a cue's text, computed once per text. */
export interface TextMeasures {
  lines: string[];
  /** Visible characters, line breaks excluded (what reading speed counts). */
  chars: number;
  /** Visible characters of the longest line. */
  longest: number;
}

export function measureText(text: string): TextMeasures {
  const lines = visibleLines(text);
  let chars = 0;
  let longest = 0;
  for (const line of lines) {
    const length = visibleLength(line);
    chars += length;
    if (length > longest) longest = length;
  }
  return { lines, chars, longest };
}

/**
 * A measurer that remembers each text it saw, for one QC run: every rule asks about the same
 * cues, and a 10,000-cue file should be measured once, not once per rule.
 */
export function memoMeasure(): (text: string) => TextMeasures {
  const seen = new Map<string, TextMeasures>();
  return (text) => {
    let measures = seen.get(text);
    if (!measures) {
      measures = measureText(text);
      seen.set(text, measures);
    }
    return measures;
  };
}

/** Visible characters of the whole cue, line breaks excluded (what reading speed counts). */
export function visibleCharCount(text: string): number {
  return visibleLines(text).reduce((sum, line) => sum + visibleLength(line), 0);
}
