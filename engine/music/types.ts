/** Shared vocabulary of the music generator: what a prompt means and what the composer makes. */

export const GENRES = [
  'pop',
  'rock',
  'electronic',
  'synthwave',
  'hiphop',
  'lofi',
  'jazz',
  'blues',
  'funk',
  'ambient',
  'cinematic',
  'classical',
  'folk',
  'reggae',
  'latin',
  'metal',
  'chiptune',
  'corporate',
] as const;
export type GenreId = (typeof GENRES)[number];

export const MOODS = [
  'happy',
  'sad',
  'dark',
  'calm',
  'energetic',
  'epic',
  'romantic',
  'mysterious',
  'dreamy',
  'tense',
  'nostalgic',
  'playful',
] as const;
export type MoodId = (typeof MOODS)[number];

/** Church modes tonal knows by name; harmonic colour beyond these comes from chord tokens. */
export type ModeName = 'ionian' | 'aeolian' | 'dorian' | 'mixolydian' | 'phrygian' | 'lydian';

export type Role = 'lead' | 'pad' | 'comp' | 'bass';

export type SectionKind = 'intro' | 'verse' | 'chorus' | 'bridge' | 'break' | 'outro';

/** What the words of one prompt (the main one or a segment's) ask for. */
export interface PromptTraits {
  genre?: GenreId;
  moods: MoodId[];
  /** Explicit tempo in BPM ("128 bpm"). */
  bpm?: number;
  /** Tempo word scale: -2 very slow ... +2 very fast. */
  tempoBias: number;
  tonic?: string;
  mode?: ModeName;
  /** GM programs asked for by name, by the role they should take. */
  instruments: Partial<Record<Role, number>>;
  /** Human names of the instruments asked for, for tags and the summary. */
  instrumentNames: string[];
  /** -1 (sparse, quiet) ... +1 (dense, loud); words like "calm", "build", "intense". */
  energyBias: number;
  /** A section label named in a segment prompt ("chorus", "outro"...). */
  sectionKind?: SectionKind;
  /** "no drums" / "without percussion": keep only a light pulse. */
  softDrums: boolean;
  /** A title given in the prompt ("titled ...", or in quotes). */
  title?: string;
}

/** One note on the tick grid (PPQ 480). Velocity is 0..1 as @tonejs/midi wants it. */
export interface NoteEvent {
  tick: number;
  durationTicks: number;
  midi: number;
  velocity: number;
}

export interface TrackPart {
  name: string;
  role: Role | 'drums';
  channel: number;
  program: number;
  /** Mixer settings as MIDI controller values 0..127 (CC7 volume, CC10 pan, CC91 reverb). */
  volume: number;
  pan: number;
  reverb: number;
  notes: NoteEvent[];
}

export interface TempoChange {
  tick: number;
  bpm: number;
}

export interface TimeSignatureChange {
  tick: number;
  beats: number;
}

export const PPQ = 480;
/** Ticks per sixteenth note, the composer's step. */
export const STEP = PPQ / 4;
