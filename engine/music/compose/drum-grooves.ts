import type { GrooveId } from '../styles';

/**
 * Drum grooves as sixteenth-note strings per General MIDI drum note: "X" accent, "x" normal,
 * "o" ghost, "." rest. Three intensities per groove; sections pick one by their energy.
 * Notes: 36 kick, 37 side stick, 38 snare, 39 clap, 42 closed hat, 44 pedal hat, 45/47/50 toms,
 * 46 open hat, 51 ride, 54 tambourine, 70 shaker.
 */
export type Groove = Record<number, string>;

export const GROOVES: Record<GrooveId, { low: Groove; mid: Groove; high: Groove }> = {
  pop: {
    low: { 36: 'x.......x.......', 42: 'o.o.o.o.o.o.o.o.' },
    mid: { 36: 'x.....x.x.......', 38: '....x.......x...', 42: 'x.x.x.x.x.x.x.x.' },
    high: {
      36: 'x.....x.x.....x.',
      38: '....X.......X...',
      39: '....x.......x...',
      42: 'xoxoxoxoxoxoxoxo',
      46: '..............x.',
    },
  },
  rock: {
    low: { 36: 'x.......x.......', 42: 'x.x.x.x.x.x.x.x.' },
    mid: { 36: 'x.....x.x.x.....', 38: '....X.......X...', 42: 'x.x.x.x.x.x.x.x.' },
    high: { 36: 'x.x...x.x.x...x.', 38: '....X.......X...', 46: 'x.x.x.x.x.x.x.x.' },
  },
  house: {
    low: { 36: 'x...x...x...x...', 42: '..o...o...o...o.' },
    mid: { 36: 'X...x...X...x...', 39: '....x.......x...', 46: '..x...x...x...x.' },
    high: {
      36: 'X...x...X...x...',
      39: '....x.......x...',
      42: 'xoxoxoxoxoxoxoxo',
      46: '..x...x...x...x.',
    },
  },
  synthwave: {
    low: { 36: 'x.......x.......', 42: 'o.o.o.o.o.o.o.o.' },
    mid: { 36: 'x...x...x...x...', 38: '....X.......X...', 42: 'x.x.x.x.x.x.x.x.' },
    high: {
      36: 'x...x...x...x...',
      38: '....X.......X...',
      39: '....x.......x...',
      42: 'xxxxxxxxxxxxxxxx',
    },
  },
  boombap: {
    low: { 36: 'x.........x.....', 42: 'o.o.o.o.o.o.o.o.' },
    mid: { 36: 'x.........x.....', 38: '....X.......X...', 42: 'x.x.x.x.x.x.x.x.' },
    high: {
      36: 'x.....x...x..x..',
      38: '....X.......X..o',
      42: 'x.x.x.x.x.x.x.x.',
      46: '.............x..',
    },
  },
  lofi: {
    low: { 36: 'x.........x.....', 37: '....x.......x...', 42: 'o.o.o.o.o.o.o.o.' },
    mid: { 36: 'x.......o.x.....', 38: '....x.......x...', 42: 'x.x.x.x.x.x.x.x.' },
    high: {
      36: 'x.....o...x.....',
      38: '....x.......x...',
      42: 'x.xox.x.x.xox.x.',
      70: 'o.o.o.o.o.o.o.o.',
    },
  },
  swing: {
    low: { 51: 'x...x.x.x...x.x.', 44: '....x.......x...' },
    mid: {
      51: 'x...x.x.x...x.x.',
      44: '....x.......x...',
      36: 'o.......o.......',
      38: '..........o.....',
    },
    high: {
      51: 'X...x.xXx...x.x.',
      44: '....x.......x...',
      36: 'o...o...o...o...',
      38: '......o...o...o.',
    },
  },
  shuffle: {
    low: { 36: 'x.......x.......', 42: 'x.x.x.x.x.x.x.x.' },
    mid: { 36: 'x.......x.......', 38: '....x.......x...', 42: 'x.x.x.x.x.x.x.x.' },
    high: { 36: 'x.....x.x.......', 38: '....X.......X...', 51: 'x.x.x.x.x.x.x.x.' },
  },
  funk: {
    low: { 36: 'x.........x.....', 42: 'x.x.x.x.x.x.x.x.' },
    mid: { 36: 'x..x......x..x..', 38: '....X..o.o..X...', 42: 'xxxxxxxxxxxxxxxx' },
    high: {
      36: 'x..x..x...x..x..',
      38: '....X..o.o..X..o',
      42: 'xxxxxxxxxxxxxx.x',
      46: '..............x.',
    },
  },
  ambient: {
    low: { 36: 'x...............', 70: '..o...o...o...o.' },
    mid: { 36: 'x.......x.......', 37: '........x.......', 70: 'o.o.o.o.o.o.o.o.' },
    high: { 36: 'x.......x.......', 37: '....x.......x...', 70: 'xoxoxoxoxoxoxoxo' },
  },
  cinematic: {
    low: { 36: 'x.......x.......', 45: '............x...' },
    mid: { 36: 'x.....x.x.......', 38: '....x.......x...', 45: 'x.......x.......' },
    high: {
      36: 'x.x...x.x.x...x.',
      38: '....X..o....X.oo',
      45: 'x...x...x...x...',
      47: '..x.......x.....',
    },
  },
  classical: {
    low: { 36: 'o.......o.......' },
    mid: { 36: 'x.......x.......', 38: '............o...' },
    high: { 36: 'x.......x.......', 38: '....o.......x...' },
  },
  folk: {
    low: { 36: 'x.......x.......', 38: 'o.o.o.o.o.o.o.o.' },
    mid: { 36: 'x.......x.......', 38: '....x.......x...', 42: 'x.x.x.x.x.x.x.x.' },
    high: {
      36: 'x.....x.x.......',
      38: '....X.......X...',
      42: 'x.x.x.x.x.x.x.x.',
      54: '....x.......x...',
    },
  },
  onedrop: {
    low: { 36: '........x.......', 42: 'o.o.o.o.o.o.o.o.' },
    mid: { 36: '........x.......', 37: '........x.......', 42: 'x.x.x.x.x.x.x.x.' },
    high: {
      36: 'x.......x.......',
      37: '....x.......x...',
      42: 'xoxoxoxoxoxoxoxo',
      46: '..............x.',
    },
  },
  bossa: {
    low: { 36: 'x..x....x..x....', 70: 'o.o.o.o.o.o.o.o.' },
    mid: { 36: 'x..x....x..x....', 37: 'x..x..x...x.x...', 42: 'x.x.x.x.x.x.x.x.' },
    high: {
      36: 'x..xx..xx..xx..x',
      37: 'x..x..x...x.x...',
      42: 'xoxoxoxoxoxoxoxo',
      70: 'o.o.o.o.o.o.o.o.',
    },
  },
  metal: {
    low: { 36: 'x.x.x.x.x.x.x.x.', 42: 'x.x.x.x.x.x.x.x.' },
    mid: { 36: 'xxxxxxxxxxxxxxxx', 38: '....X.......X...', 42: 'x.x.x.x.x.x.x.x.' },
    high: { 36: 'xxxxxxxxxxxxxxxx', 38: '....X.......X...', 51: 'x.x.x.x.x.x.x.x.' },
  },
  chiptune: {
    low: { 36: 'x.......x.......', 42: 'x.x.x.x.x.x.x.x.' },
    mid: { 36: 'x...x...x...x...', 38: '....x.......x...', 42: 'x.x.x.x.x.x.x.x.' },
    high: { 36: 'x.x.x...x.x.x...', 38: '....x.......x.x.', 42: 'xxxxxxxxxxxxxxxx' },
  },
  corporate: {
    low: { 36: 'x.......x.......', 42: 'o.o.o.o.o.o.o.o.' },
    mid: { 36: 'x...x...x...x...', 39: '....x.......x...', 42: 'x.x.x.x.x.x.x.x.' },
    high: {
      36: 'x...x...x...x...',
      38: '....x.......x...',
      39: '....X.......X...',
      42: 'xxxxxxxxxxxxxxxx',
      46: '..x...x...x...x.',
    },
  },
};

/** Light pulse for prompts that ask for no drums: the groove is felt, not heard. */
export const SOFT_GROOVE: Groove = { 36: 'o.......o.......', 70: '..o...o...o...o.' };

export const HIT_VELOCITY: Record<string, number> = { X: 1, x: 0.8, o: 0.45 };
