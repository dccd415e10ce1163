/** Friendly names of the General MIDI programs (0-based) the composer uses, for summaries and tags. */
const NAMES: Record<number, string> = {
  0: 'piano', 4: 'electric piano', 9: 'glockenspiel', 11: 'vibraphone', 12: 'marimba', 16: 'organ', 19: 'church organ',
  21: 'accordion', 22: 'harmonica', 24: 'nylon guitar', 25: 'acoustic guitar', 26: 'jazz guitar', 27: 'clean guitar',
  28: 'muted guitar', 29: 'overdriven guitar', 30: 'distorted guitar', 32: 'upright bass', 33: 'electric bass',
  34: 'picked bass', 35: 'fretless bass', 36: 'slap bass', 38: 'synth bass', 39: 'synth bass', 40: 'violin', 42: 'cello',
  43: 'double bass', 46: 'harp', 48: 'strings', 49: 'slow strings', 50: 'synth strings', 52: 'choir', 56: 'trumpet',
  60: 'french horn', 61: 'brass', 62: 'synth brass', 65: 'alto sax', 66: 'tenor sax', 68: 'oboe', 71: 'clarinet',
  73: 'flute', 75: 'pan flute', 78: 'whistle', 80: 'square lead', 81: 'saw lead', 84: 'charang lead', 88: 'new age pad',
  89: 'warm pad', 90: 'polysynth', 91: 'choir pad', 92: 'bowed pad', 94: 'halo pad', 95: 'sweep pad', 98: 'crystal',
  104: 'sitar', 105: 'banjo', 108: 'kalimba', 110: 'fiddle', 114: 'steel drums',
};

export function programName(program: number): string {
  return NAMES[program] ?? `GM program ${program + 1}`;
}

const KIT_NAMES: Record<number, string> = {
  0: 'drums', 8: 'room drums', 16: 'rock drums', 24: 'electronic drums', 25: '808 drums', 32: 'jazz drums',
  40: 'brush drums', 48: 'orchestral percussion',
};

export function drumKitName(kit: number): string {
  return KIT_NAMES[kit] ?? 'drums';
}
