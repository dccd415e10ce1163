import type { Role } from '../types';

export interface InstrumentWord {
  words: readonly string[];
  name: string;
  role: Role;
  program: number;
}

/** General MIDI programs (0-based) for instruments a prompt may name. */
export const INSTRUMENT_WORDS: readonly InstrumentWord[] = [
  {
    words: ['electric piano', 'rhodes', 'wurlitzer', 'keys'],
    name: 'electric piano',
    role: 'comp',
    program: 4,
  },
  { words: ['piano', 'grand piano'], name: 'piano', role: 'comp', program: 0 },
  {
    words: ['distorted guitar', 'distortion guitar', 'heavy guitar', 'power chords'],
    name: 'distorted guitar',
    role: 'comp',
    program: 30,
  },
  {
    words: ['electric guitar', 'guitar solo', 'lead guitar'],
    name: 'electric guitar',
    role: 'lead',
    program: 29,
  },
  { words: ['acoustic guitar'], name: 'acoustic guitar', role: 'comp', program: 25 },
  /** Program -1: the style's own guitar (distorted in rock, clean in funk, steel in folk). */
  { words: ['guitar', 'guitars'], name: 'guitar', role: 'comp', program: -1 },
  {
    words: ['nylon guitar', 'classical guitar', 'spanish guitar'],
    name: 'nylon guitar',
    role: 'comp',
    program: 24,
  },
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
  {
    words: ['synth', 'synths', 'synthesizer', 'synth lead'],
    name: 'synth lead',
    role: 'lead',
    program: 81,
  },
  { words: ['square lead', 'chip lead'], name: 'square lead', role: 'lead', program: 80 },
  { words: ['pad', 'pads', 'synth pad'], name: 'synth pad', role: 'pad', program: 89 },
  {
    words: ['bells', 'glockenspiel', 'chimes', 'music box'],
    name: 'bells',
    role: 'lead',
    program: 9,
  },
  { words: ['marimba', 'xylophone'], name: 'marimba', role: 'lead', program: 12 },
  { words: ['vibraphone', 'vibes'], name: 'vibraphone', role: 'lead', program: 11 },
  { words: ['kalimba', 'mbira'], name: 'kalimba', role: 'lead', program: 108 },
  {
    words: ['steel drum', 'steel drums', 'steel pan'],
    name: 'steel drums',
    role: 'lead',
    program: 114,
  },
  { words: ['sitar'], name: 'sitar', role: 'lead', program: 104 },
  { words: ['banjo'], name: 'banjo', role: 'comp', program: 105 },
  { words: ['accordion'], name: 'accordion', role: 'comp', program: 21 },
  { words: ['harmonica'], name: 'harmonica', role: 'lead', program: 22 },
  { words: ['whistle', 'whistling'], name: 'whistle', role: 'lead', program: 78 },
  { words: ['808', 'sub bass', 'synth bass'], name: 'synth bass', role: 'bass', program: 38 },
  {
    words: ['upright bass', 'double bass', 'acoustic bass'],
    name: 'upright bass',
    role: 'bass',
    program: 32,
  },
  { words: ['slap bass'], name: 'slap bass', role: 'bass', program: 36 },
  { words: ['fretless'], name: 'fretless bass', role: 'bass', program: 35 },
];
