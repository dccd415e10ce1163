import { Rng } from '../random';
import { FALLBACK_GENRES, isMinorish, styleFor, type Style } from '../styles';
import type { GenreId, ModeName, MoodId, PromptTraits, Role } from '../types';

/** The global decisions of a piece, made once from the main prompt and the seed. */
export interface MusicPlan {
  style: Style;
  moods: MoodId[];
  bpm: number;
  bpmExplicit: boolean;
  tonic: string;
  mode: ModeName;
  programs: Record<Role, number>;
  drumKit: number;
  /** Baseline intensity 0..1 that sections scale around. */
  energy: number;
  softDrums: boolean;
}

/** Genre a mood suggests when the prompt names none. */
const MOOD_GENRES: Partial<Record<MoodId, readonly GenreId[]>> = {
  calm: ['ambient', 'lofi'],
  epic: ['cinematic'],
  energetic: ['electronic', 'rock'],
  happy: ['pop', 'corporate'],
  sad: ['classical', 'lofi'],
  dark: ['cinematic', 'hiphop'],
  tense: ['cinematic'],
  dreamy: ['ambient', 'synthwave'],
  romantic: ['classical', 'latin'],
  nostalgic: ['synthwave', 'lofi'],
  playful: ['pop', 'chiptune'],
  mysterious: ['jazz', 'cinematic'],
};

const MOOD_TEMPO: Record<MoodId, number> = {
  happy: 0.15,
  sad: -0.25,
  dark: -0.05,
  calm: -0.3,
  energetic: 0.3,
  epic: 0.1,
  romantic: -0.15,
  mysterious: -0.1,
  dreamy: -0.2,
  tense: 0.1,
  nostalgic: 0,
  playful: 0.15,
};

const MOOD_ENERGY: Record<MoodId, number> = {
  happy: 0.1,
  sad: -0.15,
  dark: 0,
  calm: -0.3,
  energetic: 0.3,
  epic: 0.25,
  romantic: -0.1,
  mysterious: -0.1,
  dreamy: -0.2,
  tense: 0.1,
  nostalgic: 0,
  playful: 0.05,
};

const DARK_MOODS: readonly MoodId[] = ['sad', 'dark', 'tense', 'mysterious'];
const BRIGHT_KEYS = ['C', 'D', 'E', 'F', 'G', 'A', 'Bb', 'Eb'];
const DARK_KEYS = ['A', 'E', 'D', 'C', 'G', 'B', 'F#', 'F'];

function chooseGenre(traits: PromptTraits, rng: Rng): GenreId {
  if (traits.genre) return traits.genre;
  for (const mood of traits.moods) {
    const options = MOOD_GENRES[mood];
    if (options) return rng.pick(options);
  }
  return rng.pick(FALLBACK_GENRES);
}

function chooseMode(style: Style, moods: readonly MoodId[], traits: PromptTraits): ModeName {
  if (traits.mode) return traits.mode;
  const first = moods[0];
  if (first === 'mysterious') return 'dorian';
  if (first === 'dreamy' && !isMinorish(style.modes.bright)) return 'lydian';
  if (first === 'tense' && style.id === 'cinematic') return 'phrygian';
  return first && DARK_MOODS.includes(first) ? style.modes.dark : style.modes.bright;
}

function chooseBpm(style: Style, moods: readonly MoodId[], traits: PromptTraits): number {
  if (traits.bpm !== undefined) return traits.bpm;
  const [low, high] = style.bpm;
  const moodShift = moods.slice(0, 2).reduce((sum, mood) => sum + MOOD_TEMPO[mood], 0);
  // Tempo words may push past the style's range ("very slow rock"), within reason.
  const position = 0.5 + moodShift + traits.tempoBias * 0.35;
  const bpm = low + (high - low) * position;
  return Math.round(Math.min(high * 1.25, Math.max(low * 0.8, bpm)));
}

function chooseProgram(role: Role, style: Style, traits: PromptTraits, rng: Rng): number {
  const asked = traits.instruments[role];
  if (asked !== undefined) return asked < 0 ? style.guitar : asked;
  return rng.pick(style.programs[role]);
}

export function choosePlan(traits: PromptTraits, seed: number): MusicPlan {
  const rng = new Rng(seed).fork('plan');
  const style = styleFor(chooseGenre(traits, rng));
  const moods = traits.moods.length > 0 ? traits.moods : [style.defaultMood];
  const mode = chooseMode(style, moods, traits);
  const tonic = traits.tonic ?? rng.pick(isMinorish(mode) ? DARK_KEYS : BRIGHT_KEYS);
  const programs: Record<Role, number> = {
    lead: chooseProgram('lead', style, traits, rng),
    pad: chooseProgram('pad', style, traits, rng),
    comp: chooseProgram('comp', style, traits, rng),
    bass: chooseProgram('bass', style, traits, rng),
  };
  // A prompt that names only one melodic instrument ("solo piano") wants it to carry the tune.
  if (
    traits.instruments.lead === undefined &&
    traits.instruments.comp !== undefined &&
    traits.instrumentNames.length === 1
  ) {
    programs.lead = programs.comp;
  }
  const energy =
    0.6 +
    moods.slice(0, 2).reduce((sum, mood) => sum + MOOD_ENERGY[mood], 0) +
    traits.energyBias * 0.3;
  return {
    style,
    moods,
    bpm: chooseBpm(style, moods, traits),
    bpmExplicit: traits.bpm !== undefined,
    tonic,
    mode,
    programs,
    drumKit:
      traits.instrumentNames.includes('synth bass') && style.drumKit === 0 ? 25 : style.drumKit,
    energy: Math.min(0.95, Math.max(0.2, energy)),
    softDrums: traits.softDrums,
  };
}
