import { POPULAR_STYLES } from './styles-popular';
import { TRADITIONAL_STYLES } from './styles-traditional';
import type { GenreId, ModeName, MoodId } from './types';

export type GrooveId =
  | 'pop'
  | 'rock'
  | 'house'
  | 'synthwave'
  | 'boombap'
  | 'lofi'
  | 'swing'
  | 'shuffle'
  | 'funk'
  | 'ambient'
  | 'cinematic'
  | 'classical'
  | 'folk'
  | 'onedrop'
  | 'bossa'
  | 'metal'
  | 'chiptune'
  | 'corporate';
export type BassStyle =
  | 'root8'
  | 'rootFifth'
  | 'octave'
  | 'sub'
  | 'walking'
  | 'funk'
  | 'reggae'
  | 'bossa'
  | 'boogie'
  | 'arp';
export type CompStyle =
  | 'block8'
  | 'strum'
  | 'power8'
  | 'offbeat'
  | 'arpeggio'
  | 'jazzComp'
  | 'stabs'
  | 'bossaComp'
  | 'sustain';

/**
 * Chord tokens are scale degrees of the piece's mode: "6" = the diatonic triad on degree 6,
 * "7" suffix = its seventh chord, "M" = force a major triad (with "7": a dominant seventh, as in
 * a minor key's V7 or the blues), "b" prefix = borrowed chord a semitone below the degree.
 */
export interface Style {
  id: GenreId;
  /** Words for titles and summaries. */
  label: string;
  bpm: readonly [number, number];
  swing: number;
  swingUnit: 8 | 16;
  /** Mode for bright and for dark moods; a key named in the prompt overrides both. */
  modes: { bright: ModeName; dark: ModeName };
  defaultMood: MoodId;
  progressions: { major: readonly (readonly string[])[]; minor: readonly (readonly string[])[] };
  chordsPerBar: 1 | 2;
  sevenths: boolean;
  programs: {
    lead: readonly number[];
    pad: readonly number[];
    comp: readonly number[];
    bass: readonly number[];
  };
  /** What a prompt's plain "guitar" means in this style. */
  guitar: number;
  /** GM drum kit program on channel 10 (0 standard, 8 room, 16 power, 24 electronic, 25 TR-808, 32 jazz, 40 brush, 48 orchestra). */
  drumKit: number;
  groove: GrooveId;
  bassStyle: BassStyle;
  compStyle: CompStyle;
  /** Centre of the melody's register (MIDI note). */
  leadCenter: number;
  /** Melody onsets per eighth note at full energy (0..1), and how legato notes are. */
  melodyDensity: number;
  legato: number;
  reverb: number;
}

const STYLES: Record<GenreId, Style> = { ...POPULAR_STYLES, ...TRADITIONAL_STYLES };

export function styleFor(genre: GenreId): Style {
  return STYLES[genre];
}

/** Genres a piece picks from when the prompt names none: the broadly useful ones. */
export const FALLBACK_GENRES: readonly GenreId[] = [
  'pop',
  'cinematic',
  'electronic',
  'lofi',
  'corporate',
  'folk',
  'synthwave',
];

/** A few modes are "dark" in colour; the rest sound major. */
export function isMinorish(mode: ModeName): boolean {
  return mode === 'aeolian' || mode === 'dorian' || mode === 'phrygian';
}
