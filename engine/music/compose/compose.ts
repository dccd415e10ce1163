import type { Segment } from '../../../shared/api/segments';
import { choosePlan, type MusicPlan } from '../plan/choose-plan';
import { buildTimeline, type Timeline, type TimedPrompt } from '../plan/timeline';
import { parsePrompt } from '../prompt/parse-prompt';
import { hashString, Rng } from '../random';
import { PPQ, type NoteEvent, type PromptTraits, type Role, type TrackPart } from '../types';
import { composePad, composeComp } from './accompaniment';
import { composeBass } from './bass';
import { composeDrums } from './drums';
import { buildHarmony, type Harmony } from './harmony';
import { composeMelody } from './melody';

export interface CompositionRequest {
  prompt: string;
  durationSeconds: number;
  segments?: readonly Segment[];
  cuts?: readonly number[];
  /** Varies the piece while keeping the prompt's key, tempo and instruments' logic. */
  seed?: number;
}

export interface Composition {
  seed: number;
  traits: PromptTraits;
  plan: MusicPlan;
  timeline: Timeline;
  harmony: Harmony;
  tracks: TrackPart[];
}

const DRUM_CHANNEL = 9;

/** The same words in any case or spacing are the same prompt. */
export function compositionSeed(prompt: string, seed = 0): number {
  return hashString(`${prompt.trim().toLowerCase().replace(/\s+/g, ' ')}|${seed}`);
}

function applySwing(notes: NoteEvent[], plan: MusicPlan): void {
  if (plan.style.swing <= 0) return;
  const unit = plan.style.swingUnit === 8 ? PPQ / 2 : PPQ / 4;
  const offset = Math.round(plan.style.swing * unit);
  for (const note of notes) if (note.tick % (2 * unit) === unit) note.tick += offset;
}

function humanize(notes: NoteEvent[], rng: Rng, spread: number): void {
  for (const note of notes)
    note.tick = Math.max(0, note.tick + Math.round(rng.range(-spread, spread)));
}

/**
 * Sections whose segment prompt names an instrument play that role on it; each distinct program
 * becomes its own MIDI track (and channel), so changes never cut off ringing notes.
 */
function splitByProgram(
  role: Role,
  notes: NoteEvent[],
  plan: MusicPlan,
  timeline: Timeline,
): Map<number, NoteEvent[]> {
  const programOfSection = timeline.sections.map((section) => {
    const asked = section.traits?.instruments[role];
    return asked === undefined ? plan.programs[role] : asked < 0 ? plan.style.guitar : asked;
  });
  const byProgram = new Map<number, NoteEvent[]>();
  let barIndex = 0;
  const sorted = [...notes].sort((a, b) => a.tick - b.tick);
  for (const note of sorted) {
    while (
      barIndex + 1 < timeline.bars.length &&
      timeline.bars[barIndex + 1]!.startTick <= note.tick
    )
      barIndex++;
    const program = programOfSection[timeline.bars[barIndex]!.section]!;
    const list = byProgram.get(program) ?? [];
    list.push(note);
    byProgram.set(program, list);
  }
  return byProgram;
}

const MIX: Record<Role, { volume: number; pan: number; reverbExtra: number }> = {
  lead: { volume: 100, pan: 64, reverbExtra: 0 },
  pad: { volume: 74, pan: 50, reverbExtra: 20 },
  comp: { volume: 84, pan: 80, reverbExtra: 0 },
  bass: { volume: 104, pan: 64, reverbExtra: -40 },
};

export function compose(request: CompositionRequest): Composition {
  const seed = compositionSeed(request.prompt, request.seed);
  const traits = parsePrompt(request.prompt);
  const plan = choosePlan(traits, seed);
  const segments: TimedPrompt[] = (request.segments ?? []).map((s) => ({
    ...s,
    traits: parsePrompt(s.prompt),
  }));
  const timeline = buildTimeline(plan, request.durationSeconds, segments, request.cuts ?? []);
  const harmony = buildHarmony(plan, timeline, seed);
  const rng = new Rng(seed).fork('humanize');

  const parts: Record<Role, NoteEvent[]> = {
    lead: composeMelody(plan, timeline, harmony, seed),
    pad: composePad(plan, timeline, harmony),
    comp: composeComp(plan, timeline, harmony, seed),
    bass: composeBass(plan, timeline, harmony, seed),
  };
  const drums = composeDrums(plan, timeline, seed);
  for (const notes of [...Object.values(parts), drums]) applySwing(notes, plan);
  humanize(parts.lead, rng, 6);
  humanize(parts.comp, rng, 4);
  humanize(drums, rng, 2);

  const tracks: TrackPart[] = [];
  let channel = 0;
  for (const role of ['lead', 'pad', 'comp', 'bass'] as const) {
    for (const [program, notes] of splitByProgram(role, parts[role], plan, timeline)) {
      if (channel === DRUM_CHANNEL) channel++;
      if (channel > 15) break;
      const mix = MIX[role];
      tracks.push({
        name: role,
        role,
        channel: channel++,
        program,
        notes,
        volume: mix.volume,
        pan: mix.pan,
        reverb: Math.max(0, Math.min(127, plan.style.reverb + mix.reverbExtra)),
      });
    }
  }
  tracks.push({
    name: 'drums',
    role: 'drums',
    channel: DRUM_CHANNEL,
    program: plan.drumKit,
    notes: drums,
    volume: plan.style.id === 'ambient' || plan.style.id === 'classical' ? 90 : 108,
    pan: 64,
    reverb: Math.min(127, plan.style.reverb * 0.6),
  });
  return { seed, traits, plan, timeline, harmony, tracks };
}
