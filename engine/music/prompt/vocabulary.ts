import type { GenreId, MoodId, Role, SectionKind } from '../types';

/**
 * Words a prompt may use, mapped to what they mean musically. Matching is on whole words or
 * phrases after lower-casing, so "rock" does not fire inside "rocket". Longer phrases are tried
 * first (see parse-prompt), so "hip hop" wins over "hop" and "lo-fi" over "fi".
 */

export const GENRE_WORDS: Record<GenreId, readonly string[]> = {
  pop: ['pop', 'radio', 'catchy', 'dance pop', 'k-pop', 'kpop', 'indie pop'],
  rock: ['rock', 'indie rock', 'alternative', 'punk', 'grunge', 'garage', 'guitar rock', 'stadium'],
  electronic: ['electronic', 'edm', 'house', 'techno', 'trance', 'dance', 'club', 'electro', 'dubstep', 'drum and bass', 'dnb', 'future bass', 'rave'],
  synthwave: ['synthwave', 'retrowave', 'outrun', '80s', '1980s', 'eighties', 'vaporwave', 'neon', 'cyberpunk'],
  hiphop: ['hip hop', 'hip-hop', 'hiphop', 'rap', 'trap', 'boom bap', 'beats', 'drill', 'r&b', 'rnb'],
  lofi: ['lofi', 'lo-fi', 'lo fi', 'chillhop', 'study', 'studying', 'chill beats', 'jazzhop'],
  jazz: ['jazz', 'swing', 'bebop', 'big band', 'jazzy', 'lounge', 'smooth jazz', 'noir'],
  blues: ['blues', 'bluesy', 'shuffle', 'delta', 'rhythm and blues'],
  funk: ['funk', 'funky', 'disco', 'groove', 'groovy', 'motown', 'soul'],
  ambient: ['ambient', 'drone', 'meditation', 'meditative', 'atmospheric', 'soundscape', 'new age', 'spa', 'sleep', 'yoga'],
  cinematic: ['cinematic', 'epic', 'orchestral', 'trailer', 'film', 'movie', 'score', 'soundtrack', 'heroic', 'battle', 'adventure', 'fantasy'],
  classical: ['classical', 'baroque', 'piano solo', 'sonata', 'chamber', 'string quartet', 'romantic era', 'nocturne', 'waltz'],
  folk: ['folk', 'acoustic', 'country', 'americana', 'bluegrass', 'campfire', 'singer-songwriter', 'celtic', 'irish'],
  reggae: ['reggae', 'dub', 'ska', 'dancehall', 'caribbean', 'island', 'tropical'],
  latin: ['latin', 'bossa', 'bossa nova', 'samba', 'salsa', 'tango', 'flamenco', 'cumbia', 'reggaeton'],
  metal: ['metal', 'heavy metal', 'thrash', 'hard rock', 'metalcore', 'djent', 'shred'],
  chiptune: ['chiptune', '8-bit', '8 bit', '8bit', '16-bit', 'retro game', 'video game', 'arcade', 'pixel', 'nes', 'gameboy'],
  corporate: ['corporate', 'business', 'commercial', 'advertising', 'presentation', 'explainer', 'tech', 'startup', 'product', 'motivational', 'inspiring', 'inspirational'],
};

export const MOOD_WORDS: Record<MoodId, readonly string[]> = {
  happy: ['happy', 'joyful', 'cheerful', 'bright', 'sunny', 'uplifting', 'positive', 'optimistic', 'feel good', 'feel-good', 'summer', 'celebration', 'festive'],
  sad: ['sad', 'melancholic', 'melancholy', 'sorrow', 'sorrowful', 'lonely', 'tragic', 'heartbreak', 'grief', 'emotional', 'somber', 'sombre', 'rainy'],
  dark: ['dark', 'ominous', 'sinister', 'menacing', 'evil', 'gloomy', 'brooding', 'villain', 'night'],
  calm: ['calm', 'relaxing', 'relaxed', 'peaceful', 'gentle', 'soft', 'chill', 'serene', 'tranquil', 'mellow', 'soothing', 'quiet', 'cozy', 'warm'],
  energetic: ['energetic', 'upbeat', 'driving', 'powerful', 'aggressive', 'exciting', 'intense', 'hype', 'pumping', 'action', 'sport', 'sports', 'workout', 'fast-paced', 'racing', 'drive', 'chase'],
  epic: ['epic', 'heroic', 'triumphant', 'grand', 'majestic', 'victorious', 'anthem', 'anthemic', 'glorious'],
  romantic: ['romantic', 'love', 'tender', 'intimate', 'wedding', 'sweet', 'affectionate'],
  mysterious: ['mysterious', 'mystery', 'mystical', 'enigmatic', 'curious', 'investigation', 'detective', 'spy'],
  dreamy: ['dreamy', 'ethereal', 'floating', 'magical', 'whimsical', 'wonder', 'space', 'spacey', 'cosmic', 'underwater', 'hazy'],
  tense: ['tense', 'suspense', 'suspenseful', 'thriller', 'horror', 'scary', 'creepy', 'anxious', 'urgent', 'danger'],
  nostalgic: ['nostalgic', 'nostalgia', 'retro', 'vintage', 'memories', 'old school', 'throwback'],
  playful: ['playful', 'quirky', 'funny', 'silly', 'cartoon', 'kids', 'bouncy', 'light-hearted', 'lighthearted', 'comedic'],
};

/** Tempo words on a -2..+2 scale. */
export const TEMPO_WORDS: readonly (readonly [string, number])[] = [
  ['very slow', -2], ['slowly', -1], ['slow', -1], ['downtempo', -1], ['laid back', -1], ['laid-back', -1],
  ['mid-tempo', 0], ['midtempo', 0], ['moderate', 0], ['medium tempo', 0],
  ['fast', 1], ['quick', 1], ['uptempo', 1], ['up-tempo', 1], ['very fast', 2], ['frantic', 2], ['hyper', 2],
];

/** Energy words on a -1..+1 scale (segment prompts use these to shape their section). */
export const ENERGY_WORDS: readonly (readonly [string, number])[] = [
  ['quiet', -0.6], ['sparse', -0.6], ['minimal', -0.6], ['soft', -0.4], ['gentle', -0.4], ['calm', -0.4],
  ['ambient', -0.3], ['breakdown', -0.5], ['stripped', -0.6], ['fade', -0.5], ['build', 0.3],
  ['building', 0.3], ['rising', 0.3], ['big', 0.5], ['intense', 0.6], ['climax', 0.8], ['drop', 0.8],
  ['explosive', 0.9], ['full', 0.5], ['powerful', 0.6], ['loud', 0.6], ['energetic', 0.5], ['action', 0.5],
];

export const SECTION_WORDS: Record<SectionKind, readonly string[]> = {
  intro: ['intro', 'introduction', 'opening'],
  verse: ['verse'],
  chorus: ['chorus', 'hook', 'refrain', 'drop', 'climax'],
  bridge: ['bridge', 'middle eight'],
  break: ['break', 'breakdown', 'interlude'],
  outro: ['outro', 'ending', 'finale', 'coda'],
};

export interface InstrumentWord {
  words: readonly string[];
  name: string;
  role: Role;
  program: number;
}

/** General MIDI programs (0-based) for instruments a prompt may name. */
export const INSTRUMENT_WORDS: readonly InstrumentWord[] = [
  { words: ['electric piano', 'rhodes', 'wurlitzer', 'keys'], name: 'electric piano', role: 'comp', program: 4 },
  { words: ['piano', 'grand piano'], name: 'piano', role: 'comp', program: 0 },
  { words: ['distorted guitar', 'distortion guitar', 'heavy guitar', 'power chords'], name: 'distorted guitar', role: 'comp', program: 30 },
  { words: ['electric guitar', 'guitar solo', 'lead guitar'], name: 'electric guitar', role: 'lead', program: 29 },
  { words: ['acoustic guitar'], name: 'acoustic guitar', role: 'comp', program: 25 },
  /** Program -1: the style's own guitar (distorted in rock, clean in funk, steel in folk). */
  { words: ['guitar', 'guitars'], name: 'guitar', role: 'comp', program: -1 },
  { words: ['nylon guitar', 'classical guitar', 'spanish guitar'], name: 'nylon guitar', role: 'comp', program: 24 },
  { words: ['ukulele', 'uke'], name: 'ukulele', role: 'comp', program: 24 },
  { words: ['strings', 'string section', 'orchestra'], name: 'strings', role: 'pad', program: 48 },
  { words: ['violin', 'fiddle'], name: 'violin', role: 'lead', program: 40 },
  { words: ['cello'], name: 'cello', role: 'lead', program: 42 },
  { words: ['harp'], name: 'harp', role: 'comp', program: 46 },
  { words: ['saxophone', 'sax', 'alto sax'], name: 'saxophone', role: 'lead', program: 65 },
  { words: ['tenor sax'], name: 'tenor saxophone', role: 'lead', program: 66 },
  { words: ['trumpet', 'horns'], name: 'trumpet', role: 'lead', program: 56 },
  { words: ['brass'], name: 'brass', role: 'pad', program: 61 },
  { words: ['french horn'], name: 'french horn', role: 'lead', program: 60 },
  { words: ['flute'], name: 'flute', role: 'lead', program: 73 },
  { words: ['pan flute', 'pan pipes'], name: 'pan flute', role: 'lead', program: 75 },
  { words: ['clarinet'], name: 'clarinet', role: 'lead', program: 71 },
  { words: ['oboe'], name: 'oboe', role: 'lead', program: 68 },
  { words: ['organ', 'hammond'], name: 'organ', role: 'comp', program: 16 },
  { words: ['church organ', 'pipe organ'], name: 'church organ', role: 'pad', program: 19 },
  { words: ['choir', 'voices', 'vocal pad', 'choral'], name: 'choir', role: 'pad', program: 52 },
  { words: ['synth', 'synths', 'synthesizer', 'synth lead'], name: 'synth lead', role: 'lead', program: 81 },
  { words: ['square lead', 'chip lead'], name: 'square lead', role: 'lead', program: 80 },
  { words: ['pad', 'pads', 'synth pad'], name: 'synth pad', role: 'pad', program: 89 },
  { words: ['bells', 'glockenspiel', 'chimes', 'music box'], name: 'bells', role: 'lead', program: 9 },
  { words: ['marimba', 'xylophone'], name: 'marimba', role: 'lead', program: 12 },
  { words: ['vibraphone', 'vibes'], name: 'vibraphone', role: 'lead', program: 11 },
  { words: ['kalimba', 'mbira'], name: 'kalimba', role: 'lead', program: 108 },
  { words: ['steel drum', 'steel drums', 'steel pan'], name: 'steel drums', role: 'lead', program: 114 },
  { words: ['sitar'], name: 'sitar', role: 'lead', program: 104 },
  { words: ['banjo'], name: 'banjo', role: 'comp', program: 105 },
  { words: ['accordion'], name: 'accordion', role: 'comp', program: 21 },
  { words: ['harmonica'], name: 'harmonica', role: 'lead', program: 22 },
  { words: ['whistle', 'whistling'], name: 'whistle', role: 'lead', program: 78 },
  { words: ['808', 'sub bass', 'synth bass'], name: 'synth bass', role: 'bass', program: 38 },
  { words: ['upright bass', 'double bass', 'acoustic bass'], name: 'upright bass', role: 'bass', program: 32 },
  { words: ['slap bass'], name: 'slap bass', role: 'bass', program: 36 },
  { words: ['fretless'], name: 'fretless bass', role: 'bass', program: 35 },
];

/** Words that ask for little or no percussion; a light pulse is kept so the groove survives. */
export const SOFT_DRUM_PHRASES: readonly string[] = [
  'no drums', 'without drums', 'no percussion', 'without percussion', 'drumless', 'no beat',
];
