import {
  GENRES,
  MOODS,
  type GenreId,
  type ModeName,
  type MoodId,
  type PromptTraits,
  type Role,
  type SectionKind,
} from '../types';
import { INSTRUMENT_WORDS } from './instrument-words';
import {
  ENERGY_WORDS,
  GENRE_WORDS,
  MOOD_WORDS,
  SECTION_WORDS,
  SOFT_DRUM_PHRASES,
  TEMPO_WORDS,
} from './vocabulary';

interface PhraseMatch<T> {
  value: T;
  phrase: string;
  position: number;
}

/** Lower-cases and turns punctuation into spaces, keeping the characters musical words use. */
export function normalizePrompt(text: string): string {
  return ` ${text
    .toLowerCase()
    .replace(/[^a-z0-9#&+\-'\u00c0-\u024f]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()} `;
}

/**
 * Whole-word phrase matches, longest phrases first and never overlapping, so "electric piano"
 * is one match rather than also a "piano".
 */
function findPhrases<T>(
  normalized: string,
  entries: readonly (readonly [string, T])[],
): PhraseMatch<T>[] {
  const sorted = [...entries].sort((a, b) => b[0].length - a[0].length);
  const taken: [number, number][] = [];
  const matches: PhraseMatch<T>[] = [];
  for (const [phrase, value] of sorted) {
    const needle = ` ${phrase} `;
    let from = 0;
    for (;;) {
      const found = normalized.indexOf(needle, from);
      if (found < 0) break;
      const span: [number, number] = [found + 1, found + needle.length - 1];
      from = found + 1;
      if (taken.some(([s, e]) => span[0] < e && s < span[1])) continue;
      taken.push(span);
      matches.push({ value, phrase, position: found });
    }
  }
  return matches.sort((a, b) => a.position - b.position);
}

function entriesOf<K extends string>(table: Record<K, readonly string[]>): [string, K][] {
  return (Object.keys(table) as K[]).flatMap((key) =>
    table[key].map((phrase) => [phrase, key] as [string, K]),
  );
}

/** The most-mentioned genre; ties go to the one named first. */
function pickGenre(normalized: string): GenreId | undefined {
  const matches = findPhrases(normalized, entriesOf(GENRE_WORDS));
  let best: GenreId | undefined;
  let bestScore = 0;
  for (const genre of GENRES) {
    const hits = matches.filter((m) => m.value === genre);
    if (hits.length === 0) continue;
    // Earlier mentions win ties: a small bonus that never outweighs a whole extra match.
    const score = hits.length + 0.5 / (1 + hits[0]!.position);
    if (score > bestScore) {
      bestScore = score;
      best = genre;
    }
  }
  return best;
}

const MODE_WORDS: Record<string, ModeName> = {
  major: 'ionian',
  maj: 'ionian',
  ionian: 'ionian',
  minor: 'aeolian',
  min: 'aeolian',
  aeolian: 'aeolian',
  dorian: 'dorian',
  mixolydian: 'mixolydian',
  phrygian: 'phrygian',
  lydian: 'lydian',
  m: 'aeolian',
};

const ACCIDENTALS: Record<string, string> = {
  '#': '#',
  '♯': '#',
  sharp: '#',
  b: 'b',
  '♭': 'b',
  flat: 'b',
};

/** "in D minor", "key of F#", "Bb major", "in Am". A bare capital letter needs a mode word. */
export function parseKey(text: string): { tonic?: string; mode?: ModeName } {
  const accidental = '(#|♯|b|♭|[ -]?sharp|[ -]?flat)?';
  const modeWord = '(major|minor|maj|min|ionian|aeolian|dorian|mixolydian|phrygian|lydian|m)';
  const patterns = [
    new RegExp(`\\b(?:in|key of|key)\\s+([A-Ga-g])${accidental}\\s*${modeWord}?(?![a-z])`, 'gi'),
    new RegExp(`\\b([A-G])${accidental}\\s*${modeWord}(?![a-z])`, 'g'),
  ];
  for (const pattern of patterns) {
    for (const match of text.matchAll(pattern)) {
      const letter = match[1]!.toUpperCase();
      const accidentalWord = (match[2] ?? '').trim().replace(/^[ -]/, '').toLowerCase();
      const modeToken = match[3]?.toLowerCase();
      // "in a minute": a lone lower-case article without accidental or mode is not a key.
      if (!modeToken && !accidentalWord && match[1] === match[1]!.toLowerCase()) continue;
      const tonic = letter + (ACCIDENTALS[accidentalWord] ?? '');
      const mode = modeToken ? MODE_WORDS[modeToken] : undefined;
      return mode ? { tonic, mode } : { tonic };
    }
  }
  // "a minor key", "major key": a mode without a tonic (video briefs say it this way).
  const modeOnly = /\b(major|minor)\s+key\b/i.exec(text);
  if (modeOnly) return { mode: modeOnly[1]!.toLowerCase() === 'major' ? 'ionian' : 'aeolian' };
  return {};
}

export function parseBpm(text: string): number | undefined {
  const match = /\b(\d{2,3})\s*-?\s*(?:bpm|beats per minute)\b/i.exec(text);
  if (!match) return undefined;
  return Math.min(200, Math.max(50, Number(match[1])));
}

function parseTitle(text: string): string | undefined {
  const named = /\b(?:titled|called|named)\s+["“'‘]?([^"”'’,.;:!?\n]{2,60})/i.exec(text);
  const quoted = /["“]([^"”\n]{2,60})["”]/.exec(text);
  const raw = named?.[1] ?? quoted?.[1];
  const title = raw?.trim();
  return title ? title.replace(/\b\w/g, (c) => c.toUpperCase()) : undefined;
}

/** Reads genre, moods, tempo, key, instruments and energy words out of a prompt. */
export function parsePrompt(text: string): PromptTraits {
  const normalized = normalizePrompt(text);
  const moods = [
    ...new Set(findPhrases(normalized, entriesOf(MOOD_WORDS)).map((m) => m.value)),
  ] as MoodId[];
  const tempo = findPhrases(
    normalized,
    TEMPO_WORDS.map(([w, v]) => [w, v] as const),
  );
  const energy = findPhrases(
    normalized,
    ENERGY_WORDS.map(([w, v]) => [w, v] as const),
  );
  const sections = findPhrases(normalized, entriesOf(SECTION_WORDS));
  const instrumentEntries = INSTRUMENT_WORDS.flatMap((entry) =>
    entry.words.map((w) => [w, entry] as const),
  );
  const instrumentMatches = findPhrases(normalized, instrumentEntries);

  const instruments: Partial<Record<Role, number>> = {};
  const instrumentNames: string[] = [];
  for (const { value } of instrumentMatches) {
    if (!instrumentNames.includes(value.name)) instrumentNames.push(value.name);
    if (instruments[value.role] === undefined) instruments[value.role] = value.program;
  }
  const energyBias = energy.reduce((sum, m) => sum + m.value, 0);
  const traits: PromptTraits = {
    moods: MOODS.filter((m) => moods.includes(m)).sort(
      (a, b) => moods.indexOf(a) - moods.indexOf(b),
    ),
    tempoBias:
      tempo.length > 0
        ? Math.max(...tempo.map((m) => Math.abs(m.value))) * Math.sign(tempo[0]!.value)
        : 0,
    instruments,
    instrumentNames,
    energyBias: Math.max(-1, Math.min(1, energyBias)),
    softDrums:
      findPhrases(
        normalized,
        SOFT_DRUM_PHRASES.map((p) => [p, true] as const),
      ).length > 0,
    ...parseKey(text),
  };
  const genre = pickGenre(normalized);
  if (genre) traits.genre = genre;
  const bpm = parseBpm(text);
  if (bpm !== undefined) traits.bpm = bpm;
  const sectionKind: SectionKind | undefined = sections[0]?.value;
  if (sectionKind) traits.sectionKind = sectionKind;
  const title = parseTitle(text);
  if (title) traits.title = title;
  return traits;
}
