import type { PictureStats } from './analysis-stats';

/**
 * The words a brief is built from. Every word choice is a lookup on measured numbers
 * (brightness 0–100 %, motion = mean luma change per 0.2 s), never a guess about content:
 * there is no vision model offline, so the brief only says what was measured.
 */
export type Light = 'dark' | 'dim' | 'balanced' | 'bright';
export type Pace = 'still' | 'slow' | 'moving' | 'fast';

export function lightOf(brightness: number): Light {
  if (brightness < 20) return 'dark';
  if (brightness < 42) return 'dim';
  if (brightness < 68) return 'balanced';
  return 'bright';
}

export function paceOf(motion: number): Pace {
  if (motion < 0.5) return 'still';
  if (motion < 2.5) return 'slow';
  if (motion < 6) return 'moving';
  return 'fast';
}

/** 0–1 energy of a span: motion weighs most, light a little. */
export function energyOf(stats: PictureStats): number {
  const motion = Math.min(1, stats.motion / 8);
  const light = Math.min(1, Math.max(0, stats.brightness / 100));
  return 0.75 * motion + 0.25 * light;
}

export const BASE_BPM: Record<Pace, number> = { still: 70, slow: 86, moving: 108, fast: 128 };

const MUSIC_PALETTE: Record<Light, Record<Pace, string>> = {
  dark: {
    still: 'brooding low strings and a soft drone',
    slow: 'slow cello, low piano and distant pads',
    moving: 'pulsing dark synth bass and muted toms',
    fast: 'driving low percussion and tense staccato strings',
  },
  dim: {
    still: 'hushed piano and sustained pads',
    slow: 'moody electric piano over soft brushes',
    moving: 'steady bass groove with restrained synths',
    fast: 'urgent arpeggios, taut bass and tight drums',
  },
  balanced: {
    still: 'gentle acoustic guitar and light pads',
    slow: 'warm piano with a relaxed beat',
    moving: 'mid-tempo groove with bass, drums and keys',
    fast: 'energetic drums, bass and a bright lead',
  },
  bright: {
    still: 'airy pads and glassy bells',
    slow: 'light piano and plucked strings',
    moving: 'upbeat guitar, claps and a warm bass',
    fast: 'bright full-band drive with a soaring synth lead',
  },
};

export function musicPalette(light: Light, pace: Pace): string {
  return MUSIC_PALETTE[light][pace];
}

export function keyMode(light: Light): string {
  return light === 'dark' || light === 'dim' ? 'minor key' : 'major key';
}

/** A timbre word suggested by the shot's average colour. */
export function colourFlavour(colour: string): string {
  if (/blue|teal/.test(colour)) return 'cool';
  if (/red|orange|yellow/.test(colour)) return 'warm';
  if (/green/.test(colour)) return 'organic';
  if (/purple|magenta/.test(colour)) return 'dreamy';
  if (/black|dark grey/.test(colour)) return 'shadowy';
  return 'neutral';
}

const SFX_AMBIENCE: Record<Light, Record<Pace, string>> = {
  dark: {
    still: 'low room tone and a faint hum',
    slow: 'dark ambience with slow, soft movement',
    moving: 'tense ambience with movement foley',
    fast: 'rumbling low end with quick whooshes',
  },
  dim: {
    still: 'quiet indoor room tone',
    slow: 'soft ambience with light footsteps and cloth',
    moving: 'steady ambience with movement and passing whooshes',
    fast: 'busy movement foley and fast swishes',
  },
  balanced: {
    still: 'calm open ambience',
    slow: 'gentle outdoor ambience with light foley',
    moving: 'lively ambience with movement foley',
    fast: 'energetic whooshes and impacts',
  },
  bright: {
    still: 'bright airy ambience',
    slow: 'open daytime ambience with light detail',
    moving: 'bright busy ambience and swishes',
    fast: 'crisp fast whooshes and bright impacts',
  },
};

export function sfxAmbience(light: Light, pace: Pace): string {
  return SFX_AMBIENCE[light][pace];
}

/** How each requested variant departs from the measured reading (variant 1 follows it as is). */
export const MUSIC_TAKES = [
  'Follow the measured arc closely',
  'A sparser, more ambient reading with fewer instruments',
  'A more rhythmic take with stronger percussion on the cuts',
  'A cinematic orchestral take with wider dynamics',
  'An electronic take with synth bass and programmed drums',
] as const;

export const SFX_TAKES = [
  'Follow the picture closely',
  'A minimal take: ambience first, only the strongest hits',
  'A bold take: emphasise every cut and motion accent',
  'A textured take with layered ambience beds',
  'A stylised take with synthetic whooshes and risers',
] as const;

/** At most `max` characters of the user's prompt, cut at a word boundary. */
export function promptExcerpt(prompt: string | undefined, max: number): string {
  const clean = (prompt ?? '').replace(/\s+/g, ' ').trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[.,;:!?-]+$/, '')}…`;
}
