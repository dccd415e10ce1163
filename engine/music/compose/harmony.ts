import { Chord, Mode, Note } from 'tonal';
import type { MusicPlan } from '../plan/choose-plan';
import type { Theme, Timeline } from '../plan/timeline';
import { Rng } from '../random';
import { isMinorish } from '../styles';
import { PPQ } from '../types';

/** One chord in time: root and pitch classes (root first). */
export interface ChordSlot {
  tick: number;
  durationTicks: number;
  root: number;
  pitchClasses: number[];
  symbol: string;
}

export interface Harmony {
  /** Pitch classes of the mode's scale, tonic first. */
  scale: number[];
  /** Chords of each bar, in order. */
  bars: ChordSlot[][];
}

const TOKEN = /^(b?)([1-7])(M?)(7?)$/;

function chroma(note: string): number {
  return Note.chroma(note) ?? 0;
}

/** Turns a degree token ("6", "5M", "27", "b7") into a chord of the piece's key and mode. */
export function resolveToken(
  token: string,
  plan: MusicPlan,
): Omit<ChordSlot, 'tick' | 'durationTicks'> {
  const match = TOKEN.exec(token);
  if (!match) throw new Error(`Bad chord token ${token}`);
  const [, flat, degreeText, major, seventh] = match;
  const degree = Number(degreeText) - 1;
  const scaleNotes = Mode.notes(plan.mode, plan.tonic);
  const wantSeventh = seventh === '7' || plan.style.sevenths;
  if (!flat && !major) {
    const name = (
      wantSeventh ? Mode.seventhChords(plan.mode, plan.tonic) : Mode.triads(plan.mode, plan.tonic)
    )[degree]!;
    const pitchClasses = Chord.get(name).notes.map(chroma);
    return { root: pitchClasses[0]!, pitchClasses, symbol: name };
  }
  const root = (chroma(scaleNotes[degree]!) + (flat ? 11 : 0)) % 12;
  const intervals =
    seventh === '7' || (major && plan.style.sevenths && plan.style.id === 'blues')
      ? [0, 4, 7, 10]
      : [0, 4, 7];
  const rootName = Note.pitchClass(Note.fromMidi(60 + root));
  return {
    root,
    pitchClasses: intervals.map((i) => (root + i) % 12),
    symbol: `${rootName}${intervals.length === 4 ? '7' : ''}`,
  };
}

function cadenceToken(plan: MusicPlan): string {
  const minor = isMinorish(plan.mode);
  if (!minor) return '5';
  return ['classical', 'cinematic', 'jazz', 'latin', 'blues'].includes(plan.style.id) ? '5M' : '7';
}

/** Picks a progression per theme (B and C differ from A where the style offers a choice). */
function progressionsByTheme(plan: MusicPlan, rng: Rng): Record<Theme, readonly string[]> {
  const pool = plan.style.progressions[isMinorish(plan.mode) ? 'minor' : 'major'];
  const order = [...pool.keys()];
  for (let i = order.length - 1; i > 0; i--) {
    const j = rng.int(0, i);
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  const at = (n: number): readonly string[] => pool[order[n % order.length]!]!;
  return { A: at(0), B: at(1), C: at(2) };
}

export function buildHarmony(plan: MusicPlan, timeline: Timeline, seed: number): Harmony {
  const rng = new Rng(seed).fork('harmony');
  const progressions = progressionsByTheme(plan, rng);
  const scale = Mode.notes(plan.mode, plan.tonic).map(chroma);
  const lastBar = timeline.bars.length - 1;
  const bars = timeline.bars.map((bar) => {
    const section = timeline.sections[bar.section]!;
    const progression = progressions[section.theme];
    const barInSection = bar.index - section.firstBar;
    const perBar = bar.beats >= 4 ? plan.style.chordsPerBar : 1;
    const slotTicks = (bar.beats * PPQ) / perBar;
    return Array.from({ length: perBar }, (_, k) => {
      let token = progression[(barInSection * perBar + k) % progression.length]!;
      if (bar.index === lastBar && lastBar >= 2) token = plan.style.sevenths ? '17' : '1';
      else if (bar.index === lastBar - 1 && lastBar >= 3 && k === perBar - 1)
        token = cadenceToken(plan);
      return {
        tick: bar.startTick + k * slotTicks,
        durationTicks: slotTicks,
        ...resolveToken(token, plan),
      };
    });
  });
  return { scale, bars };
}
