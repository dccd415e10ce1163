import type { Composition } from './compose/compose';
import { PPQ, type NoteEvent } from './types';

/**
 * Standard MIDI File (format 1) writer: a tempo/meter track, then one track per part with its
 * program, mixer controllers and notes. Written by hand because @tonejs/midi's encoder takes
 * ~2 s for a 6-minute arrangement (quadratic byte writer), which would delay the first streamed
 * chunk; @tonejs/midi still reads these files back in the tests as an independent check.
 */

interface Event {
  tick: number;
  /** Sort order at equal ticks: meta 0, controllers 1, note-offs 2, note-ons 3. */
  order: number;
  bytes: number[];
}

function pushVariableLength(out: number[], value: number): void {
  if (value >= 0x200000) out.push(((value >>> 21) & 0x7f) | 0x80);
  if (value >= 0x4000) out.push(((value >>> 14) & 0x7f) | 0x80);
  if (value >= 0x80) out.push(((value >>> 7) & 0x7f) | 0x80);
  out.push(value & 0x7f);
}

function variableLength(value: number): number[] {
  const out: number[] = [];
  pushVariableLength(out, value);
  return out;
}

function trackChunk(events: Event[]): Uint8Array {
  events.sort((a, b) => a.tick - b.tick || a.order - b.order);
  const data: number[] = [];
  let last = 0;
  for (const event of events) {
    pushVariableLength(data, event.tick - last);
    for (const byte of event.bytes) data.push(byte);
    last = event.tick;
  }
  data.push(0, 0xff, 0x2f, 0x00);
  const chunk = new Uint8Array(8 + data.length);
  chunk.set([0x4d, 0x54, 0x72, 0x6b]);
  new DataView(chunk.buffer).setUint32(4, data.length);
  chunk.set(data, 8);
  return chunk;
}

function textEvent(type: number, text: string): number[] {
  const bytes = [...Buffer.from(text, 'utf8')];
  return [0xff, type, ...variableLength(bytes.length), ...bytes];
}

/**
 * A note that would still be sounding when the same pitch starts again is shortened, so the
 * earlier note-off cannot cut the new note short.
 */
function withoutOverlaps(notes: readonly NoteEvent[]): NoteEvent[] {
  const sorted = [...notes].sort((a, b) => a.tick - b.tick);
  const nextStart = new Map<number, number>();
  const out: NoteEvent[] = new Array(sorted.length);
  for (let i = sorted.length - 1; i >= 0; i--) {
    const note = sorted[i]!;
    const next = nextStart.get(note.midi);
    const end = Math.min(note.tick + Math.max(1, note.durationTicks), next ?? Infinity);
    out[i] = { ...note, durationTicks: Math.max(1, end - note.tick) };
    nextStart.set(note.midi, note.tick);
  }
  return out;
}

const clamp7 = (value: number): number => Math.max(0, Math.min(127, Math.round(value)));

export function compositionToMidi(composition: Composition): Uint8Array {
  const { timeline, tracks } = composition;
  const conductor: Event[] = [{ tick: 0, order: 0, bytes: textEvent(0x03, 'soundstage') }];
  for (const tempo of timeline.tempos) {
    const micros = Math.round(60_000_000 / tempo.bpm);
    conductor.push({
      tick: tempo.tick,
      order: 0,
      bytes: [0xff, 0x51, 0x03, (micros >>> 16) & 0xff, (micros >>> 8) & 0xff, micros & 0xff],
    });
  }
  for (const signature of timeline.timeSignatures) {
    conductor.push({
      tick: signature.tick,
      order: 0,
      bytes: [0xff, 0x58, 0x04, signature.beats, 2, 24, 8],
    });
  }
  const chunks = [trackChunk(conductor)];
  for (const part of tracks) {
    const ch = part.channel & 0x0f;
    const events: Event[] = [
      { tick: 0, order: 0, bytes: textEvent(0x03, part.name) },
      { tick: 0, order: 1, bytes: [0xc0 | ch, part.program & 0x7f] },
      { tick: 0, order: 1, bytes: [0xb0 | ch, 7, clamp7(part.volume)] },
      { tick: 0, order: 1, bytes: [0xb0 | ch, 10, clamp7(part.pan)] },
      { tick: 0, order: 1, bytes: [0xb0 | ch, 91, clamp7(part.reverb)] },
    ];
    for (const note of withoutOverlaps(part.notes)) {
      const pitch = Math.max(0, Math.min(127, note.midi));
      events.push({
        tick: note.tick,
        order: 3,
        bytes: [0x90 | ch, pitch, Math.max(1, clamp7(note.velocity * 127))],
      });
      events.push({
        tick: note.tick + note.durationTicks,
        order: 2,
        bytes: [0x80 | ch, pitch, 64],
      });
    }
    chunks.push(trackChunk(events));
  }
  const header = Uint8Array.from([
    0x4d,
    0x54,
    0x68,
    0x64,
    0,
    0,
    0,
    6,
    0,
    1,
    (chunks.length >>> 8) & 0xff,
    chunks.length & 0xff,
    (PPQ >>> 8) & 0xff,
    PPQ & 0xff,
  ]);
  const file = new Uint8Array(header.length + chunks.reduce((sum, chunk) => sum + chunk.length, 0));
  file.set(header);
  let offset = header.length;
  for (const chunk of chunks) {
    file.set(chunk, offset);
    offset += chunk.length;
  }
  return file;
}
