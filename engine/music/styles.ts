import type { GenreId, ModeName, MoodId } from './types';

export type GrooveId =
  | 'pop' | 'rock' | 'house' | 'synthwave' | 'boombap' | 'lofi' | 'swing' | 'shuffle' | 'funk'
  | 'ambient' | 'cinematic' | 'classical' | 'folk' | 'onedrop' | 'bossa' | 'metal' | 'chiptune' | 'corporate';
export type BassStyle = 'root8' | 'rootFifth' | 'octave' | 'sub' | 'walking' | 'funk' | 'reggae' | 'bossa' | 'boogie' | 'arp';
export type CompStyle = 'block8' | 'strum' | 'power8' | 'offbeat' | 'arpeggio' | 'jazzComp' | 'stabs' | 'bossaComp' | 'sustain';

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
  programs: { lead: readonly number[]; pad: readonly number[]; comp: readonly number[]; bass: readonly number[] };
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

const POP_MAJOR = [['1', '5', '6', '4'], ['6', '4', '1', '5'], ['1', '6', '4', '5'], ['4', '1', '5', '6'], ['1', '4', '6', '5']] as const;
const POP_MINOR = [['1', '6', '3', '7'], ['1', '7', '6', '7'], ['6', '7', '1', '1'], ['1', '4', '7', '3'], ['1', '6', '4', '5M']] as const;
const JAZZ_MAJOR = [['2', '5', '1', '1', '6', '2', '5', '1'], ['1', '6', '2', '5', '3', '6', '2', '5'], ['4', '4', '3', '6', '2', '5', '1', '1']] as const;
const JAZZ_MINOR = [['2', '5M', '1', '1', '4', '7', '3', '6'], ['1', '1', '4', '4', '2', '5M', '1', '1'], ['6', '2', '5M', '1', '4', '7', '3', '3']] as const;
const BLUES = [['1M', '1M', '1M', '1M', '4M', '4M', '1M', '1M', '5M', '4M', '1M', '5M']] as const;
const CINEMATIC_MINOR = [['1', '6', '3', '7'], ['1', '1', '6', '6'], ['6', '4', '1', '5M'], ['1', '3', '7', '4']] as const;
const CLASSICAL_MAJOR = [['1', '4', '5', '1'], ['1', '6', '2', '5'], ['1', '5', '6', '3', '4', '1', '4', '5'], ['4', '5', '3', '6']] as const;
const CLASSICAL_MINOR = [['1', '4', '5M', '1'], ['1', '6', '2', '5M'], ['1', '7', '6', '5M'], ['4', '5M', '1', '6']] as const;

const STYLES: Record<GenreId, Style> = {
  pop: {
    id: 'pop', label: 'pop', bpm: [96, 124], swing: 0, swingUnit: 16, modes: { bright: 'ionian', dark: 'aeolian' },
    defaultMood: 'happy', progressions: { major: POP_MAJOR, minor: POP_MINOR }, chordsPerBar: 1, sevenths: false,
    programs: { lead: [80, 73, 11, 4], pad: [89, 48, 90], comp: [0, 4, 25], bass: [33, 38] }, guitar: 25,
    drumKit: 0, groove: 'pop', bassStyle: 'root8', compStyle: 'block8', leadCenter: 72, melodyDensity: 0.55, legato: 0.8, reverb: 50,
  },
  rock: {
    id: 'rock', label: 'rock', bpm: [110, 150], swing: 0, swingUnit: 8, modes: { bright: 'mixolydian', dark: 'aeolian' },
    defaultMood: 'energetic', progressions: { major: [['1', '7', '4', '1'], ['1', '5', '6', '4'], ['1', '4', '5', '4']], minor: [['1', '6', '7', '1'], ['1', '3', '7', '6'], ['1', '7', '6', '7']] },
    chordsPerBar: 1, sevenths: false, programs: { lead: [29, 30, 81], pad: [48, 16, 61], comp: [30, 29], bass: [34, 33] }, guitar: 30,
    drumKit: 16, groove: 'rock', bassStyle: 'root8', compStyle: 'power8', leadCenter: 67, melodyDensity: 0.5, legato: 0.85, reverb: 35,
  },
  electronic: {
    id: 'electronic', label: 'electronic', bpm: [120, 128], swing: 0, swingUnit: 16, modes: { bright: 'ionian', dark: 'aeolian' },
    defaultMood: 'energetic', progressions: { major: POP_MAJOR, minor: POP_MINOR }, chordsPerBar: 1, sevenths: false,
    programs: { lead: [81, 80, 84], pad: [90, 89, 95], comp: [81, 90], bass: [38, 39] }, guitar: 27,
    drumKit: 24, groove: 'house', bassStyle: 'octave', compStyle: 'offbeat', leadCenter: 74, melodyDensity: 0.6, legato: 0.6, reverb: 45,
  },
  synthwave: {
    id: 'synthwave', label: 'synthwave', bpm: [92, 118], swing: 0, swingUnit: 16, modes: { bright: 'aeolian', dark: 'aeolian' },
    defaultMood: 'nostalgic', progressions: { major: POP_MAJOR, minor: [['1', '6', '3', '7'], ['6', '7', '1', '1'], ['1', '4', '6', '7'], ['4', '6', '1', '7']] },
    chordsPerBar: 1, sevenths: false, programs: { lead: [81, 80, 62], pad: [90, 89, 50], comp: [90], bass: [38, 39] }, guitar: 27,
    drumKit: 24, groove: 'synthwave', bassStyle: 'octave', compStyle: 'sustain', leadCenter: 72, melodyDensity: 0.45, legato: 0.9, reverb: 70,
  },
  hiphop: {
    id: 'hiphop', label: 'hip hop', bpm: [80, 96], swing: 0.12, swingUnit: 16, modes: { bright: 'dorian', dark: 'aeolian' },
    defaultMood: 'dark', progressions: { major: [['1', '4', '1', '5'], ['2', '5', '1', '6']], minor: [['1', '6', '1', '6'], ['1', '4', '6', '5M'], ['1', '7', '6', '7']] },
    chordsPerBar: 1, sevenths: true, programs: { lead: [4, 11, 80, 73], pad: [89, 48], comp: [4, 0], bass: [38, 33] }, guitar: 27,
    drumKit: 25, groove: 'boombap', bassStyle: 'sub', compStyle: 'sustain', leadCenter: 72, melodyDensity: 0.35, legato: 0.7, reverb: 40,
  },
  lofi: {
    id: 'lofi', label: 'lo-fi', bpm: [70, 88], swing: 0.2, swingUnit: 16, modes: { bright: 'ionian', dark: 'dorian' },
    defaultMood: 'calm', progressions: { major: [['2', '5', '1', '6'], ['4', '3', '2', '1'], ['1', '6', '2', '5']], minor: [['1', '4', '7', '3'], ['1', '4', '1', '4'], ['6', '4', '1', '5']] },
    chordsPerBar: 1, sevenths: true, programs: { lead: [11, 4, 73, 26], pad: [89, 88], comp: [4, 0], bass: [33, 32] }, guitar: 26,
    drumKit: 8, groove: 'lofi', bassStyle: 'sub', compStyle: 'sustain', leadCenter: 72, melodyDensity: 0.35, legato: 0.7, reverb: 60,
  },
  jazz: {
    id: 'jazz', label: 'jazz', bpm: [110, 170], swing: 0.33, swingUnit: 8, modes: { bright: 'ionian', dark: 'dorian' },
    defaultMood: 'playful', progressions: { major: JAZZ_MAJOR, minor: JAZZ_MINOR }, chordsPerBar: 2, sevenths: true,
    programs: { lead: [65, 66, 56, 11], pad: [48], comp: [0, 26], bass: [32] }, guitar: 26,
    drumKit: 32, groove: 'swing', bassStyle: 'walking', compStyle: 'jazzComp', leadCenter: 70, melodyDensity: 0.65, legato: 0.75, reverb: 40,
  },
  blues: {
    id: 'blues', label: 'blues', bpm: [72, 110], swing: 0.33, swingUnit: 8, modes: { bright: 'mixolydian', dark: 'dorian' },
    defaultMood: 'sad', progressions: { major: BLUES, minor: BLUES }, chordsPerBar: 1, sevenths: true,
    programs: { lead: [29, 22, 65], pad: [16, 48], comp: [0, 27], bass: [33, 32] }, guitar: 29,
    drumKit: 0, groove: 'shuffle', bassStyle: 'boogie', compStyle: 'block8', leadCenter: 67, melodyDensity: 0.45, legato: 0.8, reverb: 40,
  },
  funk: {
    id: 'funk', label: 'funk', bpm: [96, 118], swing: 0.05, swingUnit: 16, modes: { bright: 'mixolydian', dark: 'dorian' },
    defaultMood: 'playful', progressions: { major: [['1', '1', '4', '4'], ['1', '4', '1', '5']], minor: [['1', '1', '4', '4'], ['1', '7', '1', '4'], ['1', '2', '1', '7']] },
    chordsPerBar: 1, sevenths: true, programs: { lead: [61, 65, 56, 80], pad: [61, 16], comp: [28, 4], bass: [36, 33] }, guitar: 28,
    drumKit: 0, groove: 'funk', bassStyle: 'funk', compStyle: 'stabs', leadCenter: 70, melodyDensity: 0.55, legato: 0.5, reverb: 30,
  },
  ambient: {
    id: 'ambient', label: 'ambient', bpm: [60, 80], swing: 0, swingUnit: 8, modes: { bright: 'lydian', dark: 'aeolian' },
    defaultMood: 'calm', progressions: { major: [['1', '4', '1', '5'], ['1', '2', '4', '1'], ['4', '1', '5', '6']], minor: [['1', '6', '4', '1'], ['1', '3', '6', '7']] },
    chordsPerBar: 1, sevenths: true, programs: { lead: [98, 11, 73, 9], pad: [88, 89, 91, 94, 92], comp: [46, 0], bass: [38, 32] }, guitar: 24,
    drumKit: 0, groove: 'ambient', bassStyle: 'sub', compStyle: 'arpeggio', leadCenter: 76, melodyDensity: 0.2, legato: 1, reverb: 100,
  },
  cinematic: {
    id: 'cinematic', label: 'cinematic', bpm: [84, 120], swing: 0, swingUnit: 8, modes: { bright: 'ionian', dark: 'aeolian' },
    defaultMood: 'epic', progressions: { major: [['1', '5', '6', '4'], ['4', '1', '5', '6'], ['1', '3', '4', '4']], minor: CINEMATIC_MINOR },
    chordsPerBar: 1, sevenths: false, programs: { lead: [60, 40, 56, 73], pad: [48, 49, 52, 61], comp: [48, 46], bass: [42, 43] }, guitar: 24,
    drumKit: 48, groove: 'cinematic', bassStyle: 'rootFifth', compStyle: 'arpeggio', leadCenter: 67, melodyDensity: 0.35, legato: 1, reverb: 90,
  },
  classical: {
    id: 'classical', label: 'classical', bpm: [72, 112], swing: 0, swingUnit: 8, modes: { bright: 'ionian', dark: 'aeolian' },
    defaultMood: 'romantic', progressions: { major: CLASSICAL_MAJOR, minor: CLASSICAL_MINOR }, chordsPerBar: 1, sevenths: false,
    programs: { lead: [0, 40, 73, 68], pad: [48, 49], comp: [0, 46], bass: [42, 32] }, guitar: 24,
    drumKit: 48, groove: 'classical', bassStyle: 'rootFifth', compStyle: 'arpeggio', leadCenter: 74, melodyDensity: 0.55, legato: 0.9, reverb: 80,
  },
  folk: {
    id: 'folk', label: 'folk', bpm: [88, 124], swing: 0, swingUnit: 8, modes: { bright: 'ionian', dark: 'dorian' },
    defaultMood: 'happy', progressions: { major: [['1', '4', '1', '5'], ['1', '5', '6', '4'], ['4', '1', '4', '5']], minor: [['1', '7', '1', '7'], ['1', '3', '7', '1'], ['6', '7', '1', '1']] },
    chordsPerBar: 1, sevenths: false, programs: { lead: [73, 22, 110, 105], pad: [48, 21], comp: [25, 24], bass: [32, 33] }, guitar: 25,
    drumKit: 40, groove: 'folk', bassStyle: 'rootFifth', compStyle: 'strum', leadCenter: 72, melodyDensity: 0.5, legato: 0.8, reverb: 50,
  },
  reggae: {
    id: 'reggae', label: 'reggae', bpm: [70, 90], swing: 0.1, swingUnit: 16, modes: { bright: 'ionian', dark: 'dorian' },
    defaultMood: 'calm', progressions: { major: [['1', '4', '1', '5'], ['1', '4', '5', '4']], minor: [['1', '4', '1', '4'], ['1', '7', '1', '7']] },
    chordsPerBar: 1, sevenths: false, programs: { lead: [16, 56, 73, 114], pad: [16], comp: [16, 27], bass: [33, 38] }, guitar: 27,
    drumKit: 0, groove: 'onedrop', bassStyle: 'reggae', compStyle: 'offbeat', leadCenter: 70, melodyDensity: 0.4, legato: 0.7, reverb: 50,
  },
  latin: {
    id: 'latin', label: 'latin', bpm: [110, 140], swing: 0, swingUnit: 8, modes: { bright: 'ionian', dark: 'aeolian' },
    defaultMood: 'romantic', progressions: { major: [['2', '5', '1', '1'], ['1', '6', '2', '5'], ['4', '5', '3', '6']], minor: [['1', '4', '5M', '1'], ['1', '6', '2', '5M']] },
    chordsPerBar: 1, sevenths: true, programs: { lead: [73, 65, 56, 11], pad: [48, 89], comp: [24, 0], bass: [32, 33] }, guitar: 24,
    drumKit: 0, groove: 'bossa', bassStyle: 'bossa', compStyle: 'bossaComp', leadCenter: 72, melodyDensity: 0.5, legato: 0.8, reverb: 50,
  },
  metal: {
    id: 'metal', label: 'metal', bpm: [130, 180], swing: 0, swingUnit: 8, modes: { bright: 'aeolian', dark: 'phrygian' },
    defaultMood: 'dark', progressions: { major: [['1', '6', '7', '1']], minor: [['1', '6', '7', '1'], ['1', '2', '1', '6'], ['1', '3', '7', '6']] },
    chordsPerBar: 1, sevenths: false, programs: { lead: [30, 29], pad: [48, 19], comp: [30], bass: [34, 33] }, guitar: 30,
    drumKit: 16, groove: 'metal', bassStyle: 'root8', compStyle: 'power8', leadCenter: 67, melodyDensity: 0.6, legato: 0.8, reverb: 30,
  },
  chiptune: {
    id: 'chiptune', label: 'chiptune', bpm: [120, 150], swing: 0, swingUnit: 16, modes: { bright: 'ionian', dark: 'aeolian' },
    defaultMood: 'playful', progressions: { major: POP_MAJOR, minor: POP_MINOR }, chordsPerBar: 1, sevenths: false,
    programs: { lead: [80], pad: [80], comp: [80], bass: [38] }, guitar: 80,
    drumKit: 24, groove: 'chiptune', bassStyle: 'arp', compStyle: 'arpeggio', leadCenter: 76, melodyDensity: 0.7, legato: 0.6, reverb: 15,
  },
  corporate: {
    id: 'corporate', label: 'corporate', bpm: [100, 120], swing: 0, swingUnit: 16, modes: { bright: 'ionian', dark: 'aeolian' },
    defaultMood: 'happy', progressions: { major: [['1', '5', '6', '4'], ['4', '1', '5', '5'], ['1', '3', '4', '5']], minor: POP_MINOR },
    chordsPerBar: 1, sevenths: false, programs: { lead: [11, 0, 12, 98], pad: [48, 89], comp: [0, 25], bass: [33, 38] }, guitar: 25,
    drumKit: 0, groove: 'corporate', bassStyle: 'root8', compStyle: 'block8', leadCenter: 74, melodyDensity: 0.5, legato: 0.7, reverb: 50,
  },
};

export function styleFor(genre: GenreId): Style {
  return STYLES[genre];
}

/** Genres a piece picks from when the prompt names none: the broadly useful ones. */
export const FALLBACK_GENRES: readonly GenreId[] = ['pop', 'cinematic', 'electronic', 'lofi', 'corporate', 'folk', 'synthwave'];

/** A few modes are "dark" in colour; the rest sound major. */
export function isMinorish(mode: ModeName): boolean {
  return mode === 'aeolian' || mode === 'dorian' || mode === 'phrygian';
}
