import type { MusicPlan } from '../plan/choose-plan';
import type { Timeline } from '../plan/timeline';
import { Rng } from '../random';
import type { BassStyle } from '../styles';
import { STEP, type NoteEvent } from '../types';
import type { ChordSlot, Harmony } from './harmony';
import { nearestPitch } from './voicing';

/** One bass hit: sixteenth step in the bar, length in steps, and which tone of the chord. */
interface Hit {
  step: number;
  length: number;
  tone: 'root' | 'fifth' | 'octave' | 'third' | 'sixth' | 'seventh' | 'approach';
}

const hits = (spec: string): Hit[] =>
  spec.split(' ').map((part) => {
    const [step, length, tone] = part.split(':');
    return { step: Number(step), length: Number(length), tone: (tone ?? 'root') as Hit['tone'] };
  });

/** Patterns per style at full and at low energy (low keeps the downbeats). */
const PATTERNS: Record<BassStyle, { full: Hit[]; low: Hit[] }> = {
  root8: { full: hits('0:2 2:2 4:2 6:2 8:2 10:2 12:2 14:2:fifth'), low: hits('0:7 8:7') },
  rootFifth: { full: hits('0:6 6:2 8:6:fifth 14:2:fifth'), low: hits('0:7 8:7:fifth') },
  octave: {
    full: hits('0:2 2:2:octave 4:2 6:2:octave 8:2 10:2:octave 12:2 14:2:octave'),
    low: hits('0:3 4:3 8:3 12:3'),
  },
  sub: { full: hits('0:9 10:4 14:2:fifth'), low: hits('0:15') },
  walking: { full: [], low: [] },
  funk: {
    full: hits('0:2 3:1:octave 6:2 8:1:fifth 10:2 11:1:seventh 14:2:approach'),
    low: hits('0:3 6:2 10:3'),
  },
  reggae: { full: hits('2:2 4:2 6:2:fifth 10:4 14:2:third'), low: hits('4:3 10:4') },
  bossa: { full: hits('0:5 6:2:fifth 8:5:fifth 14:2'), low: hits('0:6 8:6:fifth') },
  boogie: {
    full: hits('0:2 2:2 4:2:third 6:2:third 8:2:fifth 10:2:fifth 12:2:sixth 14:2:seventh'),
    low: hits('0:4 4:4:third 8:4:fifth 12:4:sixth'),
  },
  arp: {
    full: hits('0:2 2:2:third 4:2:fifth 6:2:octave 8:2 10:2:third 12:2:fifth 14:2:octave'),
    low: hits('0:4 4:4:fifth 8:4 12:4:fifth'),
  },
};

function toneOf(tone: Hit['tone'], chord: ChordSlot, root: number, nextRoot: number): number {
  const third = chord.pitchClasses[1] ?? chord.root;
  switch (tone) {
    case 'root':
      return root;
    case 'fifth':
      return root + 7;
    case 'octave':
      return root + 12;
    case 'third':
      return root + ((third - chord.root + 12) % 12);
    case 'sixth':
      return root + 9;
    case 'seventh':
      return (
        root +
        (chord.pitchClasses[3] !== undefined ? (chord.pitchClasses[3] - chord.root + 12) % 12 : 10)
      );
    case 'approach':
      return nextRoot - 1;
  }
}

/** Jazz walking bass: root, chord tones and a chromatic step into the next chord. */
function walkingBar(
  chords: ChordSlot[],
  root: (pc: number) => number,
  nextRoot: number,
  beats: number,
  rng: Rng,
): { step: number; midi: number }[] {
  const out: { step: number; midi: number }[] = [];
  for (let beat = 0; beat < beats; beat++) {
    const tick = beat * 4;
    const chordIndex = Math.min(chords.length - 1, Math.floor((beat * chords.length) / beats));
    const chord = chords[chordIndex]!;
    const base = root(chord.root);
    const beatsLeftInChord = (beats * (chordIndex + 1)) / chords.length - beat;
    let midi: number;
    if (beat === Math.floor((chordIndex * beats) / chords.length)) midi = base;
    else if (beatsLeftInChord <= 1)
      midi =
        (chordIndex === chords.length - 1 ? nextRoot : root(chords[chordIndex + 1]!.root)) +
        rng.pick([-1, 1]);
    else
      midi =
        base +
        rng.pick([
          (chord.pitchClasses[1]! - chord.root + 12) % 12,
          7,
          (chord.pitchClasses[2]! - chord.root + 12) % 12,
        ]);
    out.push({ step: tick, midi });
  }
  return out;
}

export function composeBass(
  plan: MusicPlan,
  timeline: Timeline,
  harmony: Harmony,
  seed: number,
): NoteEvent[] {
  const rng = new Rng(seed).fork('bass');
  const notes: NoteEvent[] = [];
  const center = plan.style.id === 'cinematic' || plan.style.id === 'classical' ? 43 : 40;
  const root = (pc: number): number => nearestPitch(pc, center);
  const lastBar = timeline.bars.length - 1;
  for (const bar of timeline.bars) {
    const section = timeline.sections[bar.section]!;
    const chords = harmony.bars[bar.index]!;
    const nextRoot = root(harmony.bars[bar.index + 1]?.[0]?.root ?? chords[0]!.root);
    const velocity = 0.62 + section.energy * 0.3;
    const steps = bar.beats * 4;
    if (bar.index === lastBar && lastBar > 0) {
      notes.push({
        tick: bar.startTick,
        durationTicks: steps * STEP,
        midi: root(chords[0]!.root),
        velocity,
      });
      continue;
    }
    if (
      section.kind === 'intro' &&
      section.energy < 0.4 &&
      bar.index - section.firstBar < section.barCount / 2
    )
      continue;
    if (plan.style.bassStyle === 'walking' && section.energy >= 0.4) {
      for (const { step, midi } of walkingBar(chords, root, nextRoot, bar.beats, rng)) {
        notes.push({
          tick: bar.startTick + step * STEP,
          durationTicks: 3.6 * STEP,
          midi,
          velocity: velocity + rng.range(-0.05, 0.05),
        });
      }
      continue;
    }
    const pattern =
      PATTERNS[plan.style.bassStyle === 'walking' ? 'rootFifth' : plan.style.bassStyle];
    const chosen = section.energy >= 0.5 ? pattern.full : pattern.low;
    for (const hit of chosen) {
      if (hit.step >= steps) continue;
      const tick = bar.startTick + hit.step * STEP;
      const chord =
        chords.find((c) => tick >= c.tick && tick < c.tick + c.durationTicks) ?? chords[0]!;
      const midi = toneOf(hit.tone, chord, root(chord.root), nextRoot);
      const length = Math.min(hit.length, steps - hit.step);
      notes.push({
        tick,
        durationTicks: Math.round(length * STEP * 0.92),
        midi,
        velocity: Math.min(1, velocity + (hit.step % 8 === 0 ? 0.05 : 0) + rng.range(-0.04, 0.04)),
      });
    }
  }
  return notes;
}
