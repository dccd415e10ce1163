import { crickets, crowd, birds, footsteps, heartbeat } from './recipes/life';
import { clock, engineIdle, machine, roomTone, traffic, typing } from './recipes/mechanical';
import { fire, rain, stream, surf, thunder, wind } from './recipes/nature';
import {
  explosion,
  glassBreak,
  impact,
  knock,
  laser,
  punch,
  riser,
  whoosh,
} from './recipes/oneshots';
import { alarm, beeps, scifi, siren } from './recipes/signals';
import type { BedRecipe, OneShotRecipe } from './recipes/types';

/** Continuous layers, by name. */
export const BEDS = {
  rain,
  wind,
  surf,
  fire,
  stream,
  thunder,
  engineIdle,
  roomTone,
  machine,
  clock,
  typing,
  traffic,
  crowd,
  birds,
  crickets,
  heartbeat,
  beeps,
  alarm,
  siren,
  scifi,
  walking: (ctx) => footsteps(ctx, { intervalSeconds: 0.55, crunch: 0 }),
  running: (ctx) => footsteps(ctx, { intervalSeconds: 0.32, crunch: 0.2 }),
  gravelSteps: (ctx) => footsteps(ctx, { intervalSeconds: 0.55, crunch: 1 }),
} satisfies Record<string, BedRecipe>;

/** Synthesised one-shots, by name. */
export const SHOTS = {
  whoosh,
  impact,
  explosion,
  riser,
  laser,
  glassBreak,
  knock,
  punch,
} satisfies Record<string, OneShotRecipe>;

export type BedName = keyof typeof BEDS;
export type ShotName = keyof typeof SHOTS;

export type LayerSpec =
  | { kind: 'bed'; name: BedName; gainDb?: number }
  | { kind: 'shot'; name: ShotName; gainDb?: number }
  /** A sonic-pi sample played as a one-shot (repeated when the sound is long enough). */
  | { kind: 'sample'; name: string; gainDb?: number; fallback: ShotName }
  /** A sonic-pi sample looped with crossfades as a continuous layer. */
  | { kind: 'sampleBed'; name: string; gainDb?: number; fallback: BedName };

export interface CatalogEntry {
  id: string;
  words: RegExp;
  layers: LayerSpec[];
}

const w = (pattern: string): RegExp => new RegExp(`\\b(?:${pattern})\\b`, 'i');

/**
 * Prompt keyword -> layers. Every entry whose words occur in the prompt contributes its layers,
 * ordered by where the word first appears (the first-named sound leads the mix).
 */
export const CATALOG: CatalogEntry[] = [
  {
    id: 'storm',
    words: w('storms?|stormy|thunderstorms?|tempest|hurricane'),
    layers: [
      { kind: 'bed', name: 'rain' },
      { kind: 'bed', name: 'thunder', gainDb: -2 },
      { kind: 'bed', name: 'wind', gainDb: -8 },
    ],
  },
  {
    id: 'rain',
    words: w('rain\\w*|drizzl\\w*|downpour|showers?|raindrops?'),
    layers: [{ kind: 'bed', name: 'rain' }],
  },
  {
    id: 'thunder',
    words: w('thunder\\w*|lightning|rumbl\\w*'),
    layers: [{ kind: 'bed', name: 'thunder' }],
  },
  {
    id: 'wind',
    words: w('wind\\w*|breez\\w*|gusts?|gusty|blizzard|gale|howling'),
    layers: [{ kind: 'bed', name: 'wind' }],
  },
  {
    id: 'surf',
    words: w('ocean|seas?|seaside|surf|waves?|beach|shore|coast\\w*|tide'),
    layers: [{ kind: 'bed', name: 'surf' }],
  },
  {
    id: 'fire',
    words: w('fires?|campfire|fireplace|flames?|burning|bonfire|crackl\\w*|torch'),
    layers: [{ kind: 'bed', name: 'fire' }],
  },
  {
    id: 'water',
    words: w('streams?|brook|rivers?|creek|water\\w*|fountain|babbling|bubbl\\w*|trickl\\w*'),
    layers: [{ kind: 'bed', name: 'stream' }],
  },
  {
    id: 'birds',
    words: w(
      'birds?|birdsong|chirp\\w*|tweet\\w*|forest|woods?|woodland|park|garden|jungle|meadow|spring',
    ),
    layers: [{ kind: 'bed', name: 'birds' }],
  },
  {
    id: 'night',
    words: w('crickets?|insects?|night\\w*|cicadas?|evening|summer'),
    layers: [{ kind: 'bed', name: 'crickets' }],
  },
  {
    id: 'crowd',
    words: w(
      'crowds?|people|murmur\\w*|chatter\\w*|restaurant|caf[eé]|bar|pub|party|audience|market|lobby|conversation\\w*|talking',
    ),
    layers: [{ kind: 'bed', name: 'crowd' }],
  },
  {
    id: 'traffic',
    words: w('city|traffic|streets?|cars?|urban|downtown|highway|road|intersection'),
    layers: [{ kind: 'bed', name: 'traffic' }],
  },
  {
    id: 'engine',
    words: w('engines?|motor\\w*|idl\\w+|trucks?|bus|generator|boat|tractor|motorcycle'),
    layers: [{ kind: 'bed', name: 'engineIdle' }],
  },
  {
    id: 'machine',
    words: w('machine\\w*|factory|industrial|mechanical|conveyor|workshop'),
    layers: [
      { kind: 'bed', name: 'machine' },
      { kind: 'sampleBed', name: 'loop_industrial', gainDb: -10, fallback: 'machine' },
    ],
  },
  {
    id: 'printer',
    words: w('printers?|printing'),
    layers: [{ kind: 'sampleBed', name: 'loop_3d_printer', fallback: 'machine' }],
  },
  {
    id: 'room',
    words: w('room tone|room|indoors?|inside|silence|silent|quiet room|office'),
    layers: [{ kind: 'bed', name: 'roomTone' }],
  },
  {
    id: 'clock',
    words: w('clocks?|tick\\w*|tock|timer|countdown'),
    layers: [{ kind: 'bed', name: 'clock' }],
  },
  {
    id: 'typing',
    words: w('typing|keyboards?|typewriter|keystrokes?'),
    layers: [{ kind: 'bed', name: 'typing' }],
  },
  {
    id: 'gravel',
    words: w('gravel|snow|dirt|leaves|crunch\\w*'),
    layers: [{ kind: 'bed', name: 'gravelSteps' }],
  },
  {
    id: 'running',
    words: w('run|runs|running|jog\\w*|sprint\\w*|chase'),
    layers: [{ kind: 'bed', name: 'running' }],
  },
  {
    id: 'walking',
    words: w('footsteps?|steps|walk\\w*|stroll\\w*'),
    layers: [{ kind: 'bed', name: 'walking' }],
  },
  {
    id: 'heartbeat',
    words: w('heart\\w*|heartbeats?|pulse'),
    layers: [{ kind: 'bed', name: 'heartbeat' }],
  },
  {
    id: 'interface',
    words: w('beeps?|beeping|ui|interface|buttons?|menu|computer|blips?|app|digital|game'),
    layers: [{ kind: 'bed', name: 'beeps' }],
  },
  { id: 'alarm', words: w('alarms?|buzzer|warning'), layers: [{ kind: 'bed', name: 'alarm' }] },
  {
    id: 'siren',
    words: w('sirens?|police|ambulance|emergency|fire truck'),
    layers: [{ kind: 'bed', name: 'siren' }],
  },
  {
    id: 'scifi',
    words: w('sci-?fi|spaceships?|space|alien\\w*|futuristic|starship|cyber\\w*|reactor'),
    layers: [{ kind: 'bed', name: 'scifi' }],
  },
  {
    id: 'haunted',
    words: w('haunt\\w*|horror|creepy|ghost\\w*|eerie|spooky|scary'),
    layers: [{ kind: 'sampleBed', name: 'ambi_haunted_hum', fallback: 'scifi' }],
  },
  {
    id: 'drone',
    words: w('drones?|hum|humming|ambient|atmospher\\w*|dark'),
    layers: [{ kind: 'sampleBed', name: 'ambi_drone', fallback: 'roomTone' }],
  },
  {
    id: 'choir',
    words: w('choir|angel\\w*|heaven\\w*|holy|ethereal'),
    layers: [{ kind: 'sampleBed', name: 'ambi_glass_hum', fallback: 'scifi' }],
  },
  {
    id: 'vinyl',
    words: w('vinyl|records?|lo-?fi|old radio'),
    layers: [{ kind: 'sampleBed', name: 'vinyl_hiss', fallback: 'roomTone' }],
  },
  {
    id: 'whoosh',
    words: w(
      'whoosh\\w*|swoosh\\w*|swish\\w*|woosh\\w*|transitions?|swipes?|fly-?by|pass-?by|swing\\w*|swish',
    ),
    layers: [{ kind: 'shot', name: 'whoosh' }],
  },
  {
    id: 'impact',
    words: w('impacts?|hits?|thuds?|slams?|crash\\w*|bangs?|collision|smash\\w*|stomp\\w*'),
    layers: [
      { kind: 'shot', name: 'impact' },
      { kind: 'sample', name: 'perc_impact1', gainDb: -4, fallback: 'impact' },
    ],
  },
  {
    id: 'boom',
    words: w('booms?|cinematic|trailer|drop|bass drop|epic'),
    layers: [{ kind: 'sample', name: 'misc_cineboom', fallback: 'impact' }],
  },
  {
    id: 'explosion',
    words: w('explo\\w*|blasts?|detonat\\w*|bombs?|grenade|dynamite'),
    layers: [{ kind: 'shot', name: 'explosion' }],
  },
  {
    id: 'riser',
    words: w('risers?|rising|build-?up|tension|suspense|uplifter'),
    layers: [{ kind: 'shot', name: 'riser' }],
  },
  {
    id: 'laser',
    words: w('lasers?|zaps?|blaster|ray gun|pew'),
    layers: [{ kind: 'shot', name: 'laser' }],
  },
  {
    id: 'glass',
    words: w('glass\\w*|shatter\\w*|windows?|bottles?'),
    layers: [{ kind: 'shot', name: 'glassBreak' }],
  },
  { id: 'knock', words: w('knock\\w*'), layers: [{ kind: 'shot', name: 'knock' }] },
  {
    id: 'door',
    words: w('doors?|creak\\w*'),
    layers: [{ kind: 'sample', name: 'perc_door', fallback: 'knock' }],
  },
  {
    id: 'punch',
    words: w('punch\\w*|kicks?|fight\\w*|slaps?|hitting'),
    layers: [{ kind: 'shot', name: 'punch' }],
  },
  {
    id: 'crow',
    words: w('crows?|ravens?|caw\\w*'),
    layers: [{ kind: 'sample', name: 'misc_crow', fallback: 'laser' }],
  },
  {
    id: 'bell',
    words: w('bells?|church|doorbell|ding\\w*|chimes?'),
    layers: [{ kind: 'sample', name: 'perc_bell', fallback: 'knock' }],
  },
  {
    id: 'notification',
    words: w('notifications?|alerts?|ping|message|success|confirm\\w*'),
    layers: [{ kind: 'sample', name: 'elec_chime', fallback: 'laser' }],
  },
  {
    id: 'phone',
    words: w('phones?|ringtone|ringing|telephone|cell'),
    layers: [{ kind: 'sample', name: 'mehackit_phone1', fallback: 'laser' }],
  },
  {
    id: 'scratch',
    words: w('scratch\\w*|rewind\\w*|dj'),
    layers: [{ kind: 'sample', name: 'vinyl_rewind', fallback: 'whoosh' }],
  },
  {
    id: 'cash',
    words: w('cash|till|register|checkout|coins?|ka-?ching|purchase|money'),
    layers: [{ kind: 'sample', name: 'perc_till', fallback: 'knock' }],
  },
  {
    id: 'robot',
    words: w('robots?|robotic|droid|glitch\\w*'),
    layers: [{ kind: 'sample', name: 'glitch_robot1', fallback: 'laser' }],
  },
  {
    id: 'snap',
    words: w('snaps?|finger snap\\w*'),
    layers: [{ kind: 'sample', name: 'perc_snap', fallback: 'knock' }],
  },
  {
    id: 'landing',
    words: w('landing|lunar|moon|touchdown'),
    layers: [{ kind: 'sample', name: 'ambi_lunar_land', fallback: 'riser' }],
  },
  {
    id: 'drumroll',
    words: w('drum ?roll'),
    layers: [{ kind: 'sample', name: 'drum_roll', fallback: 'riser' }],
  },
];

/** What plays when no keyword matches: soft outdoor air over room tone. */
export const FALLBACK_LAYERS: LayerSpec[] = [
  { kind: 'bed', name: 'wind', gainDb: -4 },
  { kind: 'bed', name: 'roomTone', gainDb: -8 },
];
