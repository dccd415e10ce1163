import type { MusicPlan } from '../plan/choose-plan';
import type { Section, Theme, Timeline } from '../plan/timeline';
import { Rng } from '../random';
import { STEP, type NoteEvent } from '../types';
import type { ChordSlot, Harmony } from './harmony';
import { nearestPitch } from './voicing';

/** A two-bar idea: onsets on the sixteenth grid and the scale-step move into each note. */
interface Motif {
  onsets: number[];
  moves: number[];
  /** Where (in scale steps above the tonic) a phrase on this theme starts. */
  home: number;
}

const MOVES: readonly (readonly [number, number])[] = [
  [-1, 3],
  [1, 3],
  [0, 1],
  [-2, 1],
  [2, 1.5],
  [3, 0.5],
  [-3, 0.5],
  [4, 0.3],
];

function makeMotif(theme: Theme, density: number, rng: Rng): Motif {
  const onsets: number[] = [];
  for (let step = 0; step < 32; step++) {
    const weight = step % 4 === 0 ? 1 : step % 2 === 0 ? 0.6 : density > 0.55 ? 0.22 : 0.05;
    if (step === 0 || rng.chance(density * weight)) onsets.push(step);
  }
  while (onsets.length < 4) {
    const step = rng.int(1, 7) * 4;
    if (!onsets.includes(step)) onsets.push(step);
    onsets.sort((a, b) => a - b);
  }
  const moves = onsets.map(() => rng.weighted(MOVES));
  const home = { A: 2, B: 4, C: 0 }[theme];
  return { onsets, moves, home };
}

function chordAt(harmony: Harmony, barIndex: number, tick: number): ChordSlot {
  const slots = harmony.bars[barIndex]!;
  return (
    slots.find((s) => tick >= s.tick && tick < s.tick + s.durationTicks) ?? slots[slots.length - 1]!
  );
}

/** Scale index (0 = tonic in the melody's octave, 7 = an octave up) to MIDI. */
function pitchOf(index: number, scale: readonly number[], tonicMidi: number): number {
  const octave = Math.floor(index / 7);
  const degree = ((index % 7) + 7) % 7;
  return tonicMidi + 12 * octave + ((scale[degree]! - scale[0]! + 12) % 12);
}

/** Moves a scale index to the nearest one that is a chord tone. */
function snapToChord(index: number, chord: ChordSlot, scale: readonly number[]): number {
  for (let distance = 0; distance <= 3; distance++) {
    for (const candidate of [index - distance, index + distance]) {
      if (chord.pitchClasses.includes(scale[((candidate % 7) + 7) % 7]!)) return candidate;
    }
  }
  return index;
}

function melodyIsSilent(section: Section, barInSection: number): boolean {
  if (section.kind === 'intro')
    return section.barCount > 2 ? barInSection < section.barCount / 2 : true;
  if (section.kind === 'outro') return barInSection >= Math.ceil(section.barCount / 2);
  return false;
}

export function composeMelody(
  plan: MusicPlan,
  timeline: Timeline,
  harmony: Harmony,
  seed: number,
): NoteEvent[] {
  const rng = new Rng(seed).fork('melody');
  const density = plan.style.melodyDensity;
  const motifs: Record<Theme, Motif> = {
    A: makeMotif('A', density, rng.fork('A')),
    B: makeMotif('B', Math.min(0.9, density * 1.15), rng.fork('B')),
    C: makeMotif('C', density * 0.8, rng.fork('C')),
  };
  const scale = harmony.scale;
  const tonicMidi = nearestPitch(scale[0]!, plan.style.leadCenter - 3);
  const notes: NoteEvent[] = [];
  const lastBar = timeline.bars.length - 1;
  let position = 2;

  for (const bar of timeline.bars) {
    const section = timeline.sections[bar.section]!;
    const barInSection = bar.index - section.firstBar;
    if (bar.index === lastBar && lastBar > 0) {
      const chord = chordAt(harmony, bar.index, bar.startTick);
      const end = snapToChord(Math.round(position / 7) * 7, chord, scale);
      notes.push({
        tick: bar.startTick,
        durationTicks: bar.beats * 4 * STEP,
        midi: pitchOf(end, scale, tonicMidi),
        velocity: 0.7,
      });
      continue;
    }
    if (melodyIsSilent(section, barInSection)) continue;
    const motif = motifs[section.theme];
    const phraseBar = barInSection % 4;
    const answer = phraseBar >= 2;
    const half = phraseBar % 2;
    const variationRng = rng.fork(`s${section.index}b${barInSection}`);
    // Chorus repeats at high energy climb an octave when the range allows it.
    const lift =
      section.theme === 'B' &&
      section.variation > 0 &&
      section.energy > 0.8 &&
      plan.style.leadCenter <= 72
        ? 7
        : 0;
    const thin = section.energy < 0.45 || section.kind === 'break';
    const stepsInBar = bar.beats * 4;
    const barOnsets = motif.onsets
      .map((s, i) => ({ step: s - half * 16, move: motif.moves[i]! }))
      .filter((o) => o.step >= 0 && o.step < 16 && o.step < stepsInBar);
    barOnsets.forEach((onset, i) => {
      if (thin && onset.step % 2 !== 0) return;
      const tick = bar.startTick + onset.step * STEP;
      const chord = chordAt(harmony, bar.index, tick);
      let move = onset.move;
      if (answer && half === 1 && i >= barOnsets.length - 2) move = -Math.abs(move) || -1;
      if (section.variation > 0 && variationRng.chance(0.2)) move += variationRng.pick([-1, 1]);
      if (phraseBar === 0 && i === 0) position = motif.home + lift;
      else position += move;
      if (onset.step % 8 === 0 || (answer && half === 1 && i === barOnsets.length - 1))
        position = snapToChord(position, chord, scale);
      position = Math.max(-3 + lift, Math.min(10 + lift, position));
      const nextStep = barOnsets[i + 1]?.step ?? stepsInBar;
      const isPhraseEnd = answer && half === 1 && i === barOnsets.length - 1;
      const length = isPhraseEnd
        ? nextStep - onset.step
        : Math.max(1, Math.min(8, (nextStep - onset.step) * plan.style.legato));
      const accent = onset.step === 0 ? 0.08 : onset.step % 4 === 0 ? 0.04 : 0;
      notes.push({
        tick,
        durationTicks: Math.round(length * STEP),
        midi: pitchOf(position, scale, tonicMidi),
        velocity: Math.min(
          1,
          0.5 + section.energy * 0.35 + accent + variationRng.range(-0.04, 0.04),
        ),
      });
    });
  }
  return notes;
}
