import type { MusicPlan } from '../plan/choose-plan';
import type { Section, Timeline } from '../plan/timeline';
import { Rng } from '../random';
import { STEP, type NoteEvent } from '../types';
import { GROOVES, HIT_VELOCITY, SOFT_GROOVE, type Groove } from './drum-grooves';

const KICK = 36;
const SNARE = 38;
const CRASH = 49;
const TOMS = [50, 48, 47, 45, 43, 41];

function grooveFor(plan: MusicPlan, section: Section): Groove {
  if (plan.softDrums) return SOFT_GROOVE;
  const grooves = GROOVES[plan.style.groove];
  return section.energy < 0.45 ? grooves.low : section.energy < 0.72 ? grooves.mid : grooves.high;
}

/** A fill over the last beat (or two, in loud sections): snare and toms rolling down. */
function fill(startTick: number, steps: number, energy: number, rng: Rng): NoteEvent[] {
  const length = energy >= 0.75 ? 8 : 4;
  const from = Math.max(0, steps - length);
  const useToms = rng.chance(0.6);
  const notes: NoteEvent[] = [];
  for (let step = from; step < steps; step++) {
    if (length === 8 && step % 2 === 1 && rng.chance(0.4)) continue;
    const progress = (step - from) / length;
    const midi = useToms
      ? TOMS[Math.min(TOMS.length - 1, Math.floor(progress * TOMS.length))]!
      : SNARE;
    notes.push({
      tick: startTick + step * STEP,
      durationTicks: STEP,
      midi,
      velocity: 0.55 + 0.4 * progress,
    });
  }
  return notes;
}

function crash(tick: number, velocity: number): NoteEvent[] {
  return [
    { tick, durationTicks: 4 * STEP, midi: CRASH, velocity },
    { tick, durationTicks: STEP, midi: KICK, velocity },
  ];
}

export function composeDrums(plan: MusicPlan, timeline: Timeline, seed: number): NoteEvent[] {
  const rng = new Rng(seed).fork('drums');
  const notes: NoteEvent[] = [];
  const lastBar = timeline.bars.length - 1;
  const scale = plan.softDrums ? 0.6 : 1;
  for (const bar of timeline.bars) {
    const section = timeline.sections[bar.section]!;
    const steps = bar.beats * 4;
    const level = (0.55 + 0.45 * section.energy) * scale;
    if (bar.index === lastBar && lastBar > 0) {
      notes.push(...crash(bar.startTick, 0.85 * level));
      continue;
    }
    if (bar.index === section.firstBar && section.crash && !plan.softDrums)
      notes.push(...crash(bar.startTick, 0.9 * level));
    const groove = grooveFor(plan, section);
    const nextSection = timeline.sections[section.index + 1];
    const endsSection =
      bar.index === section.firstBar + section.barCount - 1 && nextSection !== undefined;
    const fillHere =
      !plan.softDrums &&
      section.energy >= 0.45 &&
      (endsSection || (bar.index - section.firstBar) % 8 === 7);
    const fillFrom = fillHere ? steps - (section.energy >= 0.75 ? 8 : 4) : steps;
    for (const [noteText, pattern] of Object.entries(groove)) {
      const midi = Number(noteText);
      for (let step = 0; step < Math.min(steps, pattern.length); step++) {
        const mark = pattern[step]!;
        const base = HIT_VELOCITY[mark];
        if (base === undefined) continue;
        // A fill replaces the snare and hats it overlaps; the kick keeps the floor.
        if (step >= fillFrom && midi !== KICK) continue;
        if (step === 0 && midi === KICK && bar.index === section.firstBar && section.crash)
          continue;
        notes.push({
          tick: bar.startTick + step * STEP,
          durationTicks: STEP,
          midi,
          velocity: Math.min(1, base * level + rng.range(-0.04, 0.04)),
        });
      }
    }
    if (fillHere) notes.push(...fill(bar.startTick, steps, section.energy, rng));
  }
  for (const tick of timeline.accentTicks) notes.push(...crash(tick, 0.85));
  return notes;
}
