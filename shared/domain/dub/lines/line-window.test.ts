import { describe, expect, it } from 'vitest';
import type { Cue } from '../../subtitles/cue';
import { lineWindow, MAX_WINDOW_MS } from './line-window';

const cues: Cue[] = [
  { id: 'c1', startMs: 500, endMs: 2500, text: 'Hola.' },
  { id: 'c2', startMs: 4000, endMs: 6500, text: 'Hoy hablamos del tiempo.' },
  { id: 'c3', startMs: 7000, endMs: 9000, text: 'Adiós.' },
];

describe('lineWindow', () => {
  it('pads the line by up to a second without reaching a neighbour', () => {
    const window = lineWindow(cues, 'c2', ' Nuevo texto ', 12_000);
    expect(window).toMatchObject({ ok: true, value: { startMs: 3000, endMs: 7000 } });
    if (!window.ok) return;
    // The one-cue script is the line relative to the window, with the new words.
    expect(window.value.cue).toEqual({ id: 'c2', startMs: 1000, endMs: 3500, text: 'Nuevo texto' });
    expect(window.value.snapped).toEqual({ start: false, end: false });
  });

  it('snaps each edge to the middle of the nearest quiet stretch inside the pad', () => {
    const quiet = [
      { startMs: 2600, endMs: 3400 },
      { startMs: 6600, endMs: 6800 },
    ];
    const window = lineWindow(cues, 'c2', 'x', 12_000, quiet);
    expect(window).toMatchObject({
      ok: true,
      value: { startMs: 3200, endMs: 6700, snapped: { start: true, end: true } },
    });
  });

  it('stays inside the video and caps the window at 15 s', () => {
    const long: Cue[] = [{ id: 'a', startMs: 200, endMs: 14_500, text: 'x' }];
    const window = lineWindow(long, 'a', 'x', 30_000);
    expect(window.ok && window.value.startMs).toBe(0);
    expect(window.ok && window.value.endMs - window.value.startMs).toBe(MAX_WINDOW_MS);
    const end = lineWindow(
      [{ id: 'a', startMs: 9000, endMs: 11_800, text: 'x' }],
      'a',
      'x',
      12_000,
    );
    expect(end.ok && end.value.endMs).toBe(12_000);
  });

  it('refuses a line longer than 15 s and a line it does not know, saying what to do', () => {
    const long = lineWindow([{ id: 'a', startMs: 0, endMs: 16_000, text: 'x' }], 'a', 'x', 20_000);
    expect(long).toMatchObject({ ok: false, code: 'line_too_long' });
    expect(!long.ok && long.message).toMatch(/split it/);
    expect(lineWindow(cues, 'nope', 'x', 12_000)).toMatchObject({
      ok: false,
      code: 'unknown_line',
    });
  });
});
