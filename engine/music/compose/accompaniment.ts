import type { MusicPlan } from '../plan/choose-plan';
import type { Timeline } from '../plan/timeline';
import { Rng } from '../random';
import type { CompStyle } from '../styles';
import { STEP, type NoteEvent } from '../types';
import type { ChordSlot, Harmony } from './harmony';
import { nearestPitch, voiceChord } from './voicing';

/** Rhythms of the chord instrument: sixteenth steps and lengths, at full and low energy. */
const COMP_RHYTHMS: Record<
  Exclude<CompStyle, 'arpeggio'>,
  { full: [number, number][]; low: [number, number][] }
> = {
  block8: {
    full: [
      [0, 2],
      [2, 2],
      [4, 2],
      [6, 2],
      [8, 2],
      [10, 2],
      [12, 2],
      [14, 2],
    ],
    low: [
      [0, 8],
      [8, 8],
    ],
  },
  strum: {
    full: [
      [0, 4],
      [4, 2],
      [6, 4],
      [10, 2],
      [12, 2],
      [14, 2],
    ],
    low: [
      [0, 8],
      [8, 8],
    ],
  },
  power8: {
    full: [
      [0, 1],
      [2, 1],
      [4, 1],
      [6, 1],
      [8, 1],
      [10, 1],
      [12, 1],
      [14, 1],
    ],
    low: [
      [0, 8],
      [8, 8],
    ],
  },
  offbeat: {
    full: [
      [2, 1],
      [6, 1],
      [10, 1],
      [14, 1],
    ],
    low: [
      [2, 1],
      [10, 1],
    ],
  },
  jazzComp: {
    full: [
      [0, 3],
      [6, 2],
      [10, 1],
      [14, 2],
    ],
    low: [
      [0, 3],
      [6, 2],
    ],
  },
  stabs: {
    full: [
      [2, 1],
      [6, 1],
      [7, 1],
      [10, 1],
      [13, 1],
    ],
    low: [
      [2, 1],
      [10, 1],
    ],
  },
  bossaComp: {
    full: [
      [0, 2],
      [3, 2],
      [6, 2],
      [10, 2],
      [13, 2],
    ],
    low: [
      [0, 3],
      [6, 3],
      [10, 3],
    ],
  },
  sustain: {
    full: [
      [0, 8],
      [8, 8],
    ],
    low: [[0, 16]],
  },
};

function slotAt(chords: ChordSlot[], tick: number): ChordSlot {
  return chords.find((c) => tick >= c.tick && tick < c.tick + c.durationTicks) ?? chords[0]!;
}

/** Sustained chords, one per chord slot, soft; the glue under everything. */
export function composePad(plan: MusicPlan, timeline: Timeline, harmony: Harmony): NoteEvent[] {
  const notes: NoteEvent[] = [];
  let previous: number[] | undefined;
  for (const bar of timeline.bars) {
    const section = timeline.sections[bar.section]!;
    if (section.kind === 'intro' && section.energy < 0.3 && bar.index === section.firstBar)
      continue;
    for (const slot of harmony.bars[bar.index]!) {
      const voicing = voiceChord(slot.pitchClasses, 64, previous);
      previous = voicing;
      for (const midi of voicing) {
        notes.push({
          tick: slot.tick,
          durationTicks: slot.durationTicks - 10,
          midi,
          velocity: 0.35 + section.energy * 0.25,
        });
      }
    }
  }
  return notes;
}

/** Broken chords: up-and-down sixteenths or eighths through the voicing (harp, piano, strings). */
function arpeggiate(
  voicing: number[],
  slot: ChordSlot,
  stepSize: number,
  velocity: number,
  rng: Rng,
): NoteEvent[] {
  const order = [...voicing, voicing[0]! + 12, ...voicing.slice(1).reverse()];
  const notes: NoteEvent[] = [];
  const steps = slot.durationTicks / STEP;
  for (let step = 0, i = 0; step < steps; step += stepSize, i++) {
    notes.push({
      tick: slot.tick + step * STEP,
      durationTicks: Math.round(stepSize * STEP * 1.6),
      midi: order[i % order.length]!,
      velocity: Math.min(1, velocity + (step % 4 === 0 ? 0.06 : 0) + rng.range(-0.03, 0.03)),
    });
  }
  return notes;
}

export function composeComp(
  plan: MusicPlan,
  timeline: Timeline,
  harmony: Harmony,
  seed: number,
): NoteEvent[] {
  const rng = new Rng(seed).fork('comp');
  const style = plan.style.compStyle;
  const notes: NoteEvent[] = [];
  let previous: number[] | undefined;
  const lastBar = timeline.bars.length - 1;
  for (const bar of timeline.bars) {
    const section = timeline.sections[bar.section]!;
    const chords = harmony.bars[bar.index]!;
    const velocity = 0.42 + section.energy * 0.3;
    const steps = bar.beats * 4;
    if (bar.index === lastBar && lastBar > 0) {
      const voicing = voiceChord(chords[0]!.pitchClasses, 60, previous);
      for (const midi of voicing)
        notes.push({ tick: bar.startTick, durationTicks: steps * STEP, midi, velocity });
      continue;
    }
    if (style === 'arpeggio') {
      for (const slot of chords) {
        previous = voiceChord(
          slot.pitchClasses,
          plan.style.id === 'chiptune' ? 67 : 60,
          previous,
          3,
        );
        notes.push(...arpeggiate(previous, slot, section.energy >= 0.55 ? 1 : 2, velocity, rng));
      }
      continue;
    }
    const rhythm = section.energy >= 0.5 ? COMP_RHYTHMS[style].full : COMP_RHYTHMS[style].low;
    for (const [step, length] of rhythm) {
      if (step >= steps) continue;
      const tick = bar.startTick + step * STEP;
      const slot = slotAt(chords, tick);
      const power = style === 'power8';
      const low = nearestPitch(slot.root, 45);
      const voicing = power
        ? [low, low + 7, low + 12]
        : voiceChord(slot.pitchClasses, 62, previous);
      if (!power) previous = voicing;
      // Strummed instruments spread the chord a few milliseconds, low string first.
      const spread = style === 'strum' ? 12 : 0;
      voicing.forEach((midi, i) => {
        notes.push({
          tick: tick + i * spread,
          durationTicks: Math.max(
            STEP / 2,
            Math.round(Math.min(length, steps - step) * STEP * 0.9) - i * spread,
          ),
          midi,
          velocity: Math.min(1, velocity + (step === 0 ? 0.08 : 0) + rng.range(-0.04, 0.04)),
        });
      });
    }
  }
  return notes;
}
