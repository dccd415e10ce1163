import type { Composition } from './compose/compose';
import { drumKitName, programName } from './gm-names';
import { Rng } from './random';
import type { GenreId, ModeName, MoodId } from './types';

const ADJECTIVES: Record<MoodId, readonly string[]> = {
  happy: ['Golden', 'Sunny', 'Bright', 'Sunlit', 'Lucky'],
  sad: ['Fading', 'Grey', 'Lonely', 'Distant', 'Lost'],
  dark: ['Shadow', 'Midnight', 'Obsidian', 'Hollow', 'Iron'],
  calm: ['Still', 'Gentle', 'Soft', 'Slow', 'Velvet'],
  energetic: ['Neon', 'Electric', 'Rapid', 'Turbo', 'Wild'],
  epic: ['Rising', 'Eternal', 'Titan', 'Crimson', 'Final'],
  romantic: ['Tender', 'Moonlit', 'Rose', 'Silver', 'Warm'],
  mysterious: ['Hidden', 'Secret', 'Veiled', 'Strange', 'Silent'],
  dreamy: ['Floating', 'Crystal', 'Starlit', 'Hazy', 'Lunar'],
  tense: ['Broken', 'Cold', 'Restless', 'Fractured', 'Razor'],
  nostalgic: ['Retro', 'Faded', 'Vintage', 'Analog', 'Polaroid'],
  playful: ['Bouncy', 'Tiny', 'Pixel', 'Candy', 'Zigzag'],
};

const NOUNS: Record<GenreId, readonly string[]> = {
  pop: ['Hearts', 'Summer', 'Lights', 'Signals', 'Parade'],
  rock: ['Highway', 'Engines', 'Thunder', 'Riot', 'Fire'],
  electronic: ['Pulse', 'Circuit', 'Voltage', 'Rave', 'Frequency'],
  synthwave: ['Drive', 'Skyline', 'Horizon', 'Grid', 'Nights'],
  hiphop: ['Streets', 'Blocks', 'Hustle', 'Corners', 'Concrete'],
  lofi: ['Afternoon', 'Notebook', 'Rain', 'Coffee', 'Window'],
  jazz: ['Lounge', 'Avenue', 'Smoke', 'Blue Notes', 'Uptown'],
  blues: ['Crossroads', 'Whiskey', 'Delta', 'Porch', 'Train'],
  funk: ['Groove', 'Strut', 'Boogie', 'Shake', 'Moves'],
  ambient: ['Drift', 'Tides', 'Clouds', 'Horizons', 'Breath'],
  cinematic: ['Kingdoms', 'Legacy', 'Ascent', 'Frontier', 'Odyssey'],
  classical: ['Nocturne', 'Reverie', 'Prelude', 'Elegy', 'Serenade'],
  folk: ['Roads', 'Fields', 'Hills', 'Homestead', 'Meadow'],
  reggae: ['Island', 'Sunshine', 'Shore', 'Roots', 'Breeze'],
  latin: ['Fiesta', 'Noche', 'Corazón', 'Plaza', 'Sol'],
  metal: ['Forge', 'Inferno', 'Wrath', 'Steel', 'Hammer'],
  chiptune: ['Quest', 'Level', 'Arcade', 'Pixels', 'Power-Up'],
  corporate: ['Momentum', 'Vision', 'Progress', 'Horizon', 'Launch'],
};

const MODE_LABEL: Record<ModeName, string> = {
  ionian: 'major',
  aeolian: 'minor',
  dorian: 'dorian',
  mixolydian: 'mixolydian',
  phrygian: 'phrygian',
  lydian: 'lydian',
};

export interface MusicDescription {
  title: string;
  summary: string;
  tags: string[];
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Title, one-sentence summary and display tags, all derived deterministically from the piece. */
export function describe(composition: Composition, durationSeconds: number): MusicDescription {
  const { plan, traits, timeline } = composition;
  const rng = new Rng(composition.seed).fork('title');
  const mood = plan.moods[0]!;
  const title = traits.title ?? `${rng.pick(ADJECTIVES[mood])} ${rng.pick(NOUNS[plan.style.id])}`;
  const bpm = Math.round(timeline.tempos[0]?.bpm ?? plan.bpm);
  const key = `${plan.tonic} ${MODE_LABEL[plan.mode]}`;
  const lead = programName(plan.programs.lead);
  const backing = [...new Set([plan.programs.comp, plan.programs.pad].map(programName))].filter(
    (name) => name !== lead,
  );
  const bass = programName(plan.programs.bass);
  const seen: Record<string, number> = {};
  const form = timeline.sections
    .map((s) =>
      s.kind === 'intro' || s.kind === 'outro'
        ? s.kind
        : `${s.theme}${'′'.repeat(Math.min(2, (seen[s.theme] = (seen[s.theme] ?? -1) + 1)))}`,
    )
    .join('–');
  const moodWords = plan.moods.slice(0, 2).join(', ');
  const summary =
    `${capitalize(moodWords)} ${plan.style.label} in ${key} at ${bpm} BPM: ${lead} melody over ${[...backing, bass].join(', ')} ` +
    `and ${drumKitName(plan.drumKit)}; form ${form}; ${Math.round(durationSeconds)} s.`;
  const tags = [
    ...new Set([
      plan.style.label,
      ...plan.moods.slice(0, 2),
      key,
      `${bpm} bpm`,
      lead,
      ...backing,
      bass,
    ]),
  ];
  return { title, summary, tags };
}
