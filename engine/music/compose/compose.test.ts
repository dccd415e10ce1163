import ToneMidi from '@tonejs/midi';
import { describe, expect, it } from 'vitest';
import { compositionToMidi } from '../midi';
import { secondsAtTick } from '../plan/timeline';
import { compose } from './compose';

const { Midi } = ToneMidi;

describe('compose', () => {
  it('is deterministic: same prompt and seed give the same MIDI bytes', () => {
    const a = compositionToMidi(
      compose({ prompt: 'dreamy synthwave', durationSeconds: 40, seed: 3 }),
    );
    const b = compositionToMidi(
      compose({ prompt: '  Dreamy   SYNTHWAVE ', durationSeconds: 40, seed: 3 }),
    );
    expect(Buffer.from(a).equals(Buffer.from(b))).toBe(true);
    const other = compositionToMidi(
      compose({ prompt: 'dreamy synthwave', durationSeconds: 40, seed: 4 }),
    );
    expect(Buffer.from(a).equals(Buffer.from(other))).toBe(false);
  });

  it('makes different prompts audibly different: tempo, key and instruments', () => {
    const calm = compose({ prompt: 'calm ambient piano in C major', durationSeconds: 30 });
    const metal = compose({ prompt: 'aggressive fast metal in E minor', durationSeconds: 30 });
    expect(metal.plan.bpm).toBeGreaterThan(calm.plan.bpm + 50);
    expect([calm.plan.tonic, calm.plan.mode]).toEqual(['C', 'ionian']);
    expect([metal.plan.tonic, metal.plan.mode]).toEqual(['E', 'aeolian']);
    expect(calm.plan.programs).not.toEqual(metal.plan.programs);
    expect(calm.plan.drumKit).not.toBe(metal.plan.drumKit);
  });

  it.each([
    'pop',
    'jazz',
    'ambient',
    'cinematic',
    'lofi',
    'blues',
    'latin',
    'chiptune',
    'no drums, gentle folk',
  ])('writes drums, bass, harmony and a melody for %j', (prompt) => {
    const piece = compose({ prompt, durationSeconds: 30 });
    const notesOf = (role: string) =>
      piece.tracks.filter((t) => t.role === role).flatMap((t) => t.notes);
    expect(notesOf('drums').length).toBeGreaterThan(20);
    expect(notesOf('bass').length).toBeGreaterThanOrEqual(piece.timeline.bars.length - 1);
    expect(notesOf('lead').length).toBeGreaterThan(8);
    expect(notesOf('pad').length + notesOf('comp').length).toBeGreaterThan(20);
    const melody = notesOf('lead').map((n) => n.midi);
    expect(new Set(melody).size).toBeGreaterThan(3);
    for (const track of piece.tracks) {
      for (const note of track.notes) {
        expect(note.midi).toBeGreaterThanOrEqual(24);
        expect(note.midi).toBeLessThanOrEqual(108);
        expect(note.tick).toBeLessThan(piece.timeline.totalTicks);
      }
    }
  });

  it('gives a segment that names an instrument its own track', () => {
    const piece = compose({
      prompt: 'pop with a synth lead',
      durationSeconds: 30,
      segments: [
        { start: 0, end: 15, prompt: 'verse' },
        { start: 15, end: 30, prompt: 'chorus with a trumpet melody' },
      ],
    });
    const leads = piece.tracks.filter((t) => t.role === 'lead');
    expect(leads.map((t) => t.program).sort()).toEqual([56, 81]);
    expect(new Set(piece.tracks.map((t) => t.channel)).size).toBe(piece.tracks.length);
  });

  it('writes a MIDI file that another parser reads back with the same tempo map and parts', () => {
    const piece = compose({ prompt: 'funk', durationSeconds: 20, cuts: [7.5, 13] });
    const midi = new Midi(compositionToMidi(piece));
    expect(midi.header.ppq).toBe(480);
    expect(midi.header.tempos.map((t) => t.ticks)).toEqual(
      piece.timeline.tempos.map((t) => t.tick),
    );
    expect(midi.duration).toBeGreaterThan(19);
    expect(midi.duration).toBeLessThanOrEqual(20.5);
    const drums = midi.tracks.find((t) => t.channel === 9)!;
    expect(drums.notes.length).toBe(piece.tracks.find((t) => t.role === 'drums')!.notes.length);
    const crashes = drums.notes.filter((n) => n.midi === 49).map((n) => n.time);
    for (const cut of [7.5, 13]) expect(crashes.some((t) => Math.abs(t - cut) < 0.01)).toBe(true);
    expect(secondsAtTick(piece.timeline.tempos, piece.timeline.totalTicks)).toBeCloseTo(20, 6);
  });
});
