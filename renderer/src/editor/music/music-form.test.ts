import { describe, expect, it } from 'vitest';
import { LIMITS } from '../../../../shared/api/limits';
import {
  addSegmentRow,
  draftFromBrief,
  buildMusicRequest,
  charCount,
  checkMusicForm,
  DEFAULT_MUSIC_FORM,
  removeSegmentRow,
  type MusicForm,
} from './music-form';
import { wireFormOf } from '../../../../shared/domain/jobs/test-helpers';

/** What main sends for the form: the HTTP form it renders from the typed request. */
const sentFor = (draft: MusicForm) => wireFormOf(buildMusicRequest(draft));

const form = (patch: Partial<MusicForm>): MusicForm => ({
  ...DEFAULT_MUSIC_FORM,
  prompt: 'warm lo-fi piano',
  ...patch,
});

describe('checkMusicForm', () => {
  it('accepts a plain prompt and duration', () => {
    expect(checkMusicForm(form({})).ok).toBe(true);
  });
  it('explains an empty or long prompt and a bad duration', () => {
    expect(checkMusicForm(form({ prompt: '  ' })).prompt).toMatch(/Describe/);
    const max = LIMITS.textToMusicPromptMaxChars;
    expect(checkMusicForm(form({ prompt: 'x'.repeat(max + 1) })).prompt).toBe(
      `The prompt is ${max + 1} characters; the limit is ${max}.`,
    );
    expect(checkMusicForm(form({ prompt: '🎹'.repeat(max) })).prompt).toBeUndefined();
    expect(checkMusicForm(form({ duration: 4 })).duration).toMatch(/5 to 360/);
    expect(checkMusicForm(form({ duration: 12.5 })).blocker).toMatch(/whole number/);
  });
  it('puts segment problems at their rows', () => {
    const check = checkMusicForm(
      form({
        duration: 20,
        useSegments: true,
        segments: [
          { id: 'a', start: '0', end: '10', prompt: 'intro' },
          { id: 'b', start: '11', end: '25', prompt: '' },
        ],
      }),
    );
    expect(check.ok).toBe(false);
    const row1 = check.segments.get(1)!.map((p) => p.field);
    expect(row1).toEqual(expect.arrayContaining(['start', 'prompt', 'end']));
    expect(check.segments.has(0)).toBe(false);
    expect(check.blocker).toMatch(/^Fix the segments/);
  });
  it('treats blank times as not numbers', () => {
    const check = checkMusicForm(
      form({ useSegments: true, segments: [{ id: 'a', start: '', end: '5', prompt: 'x' }] }),
    );
    expect(check.segments.get(0)?.[0]?.message).toMatch(/must be numbers/);
  });
});

describe('buildMusicRequest', () => {
  it('sends stream requests without an output format', () => {
    const request = sentFor(form({ outputFormat: 'wav' }));
    expect(request).toEqual({
      type: 'text_to_music',
      delivery: 'stream',
      fields: { prompt: 'warm lo-fi piano', duration: '30', mode: 'stream' },
      files: {},
      label: 'Music: warm lo-fi piano',
    });
  });
  it('sends async requests with format and segments as JSON text', () => {
    const request = sentFor(
      form({
        delivery: 'async',
        outputFormat: 'mp3',
        duration: 10,
        useSegments: true,
        segments: [
          { id: 'a', start: '0', end: '4', prompt: ' calm ' },
          { id: 'b', start: '4', end: '10', prompt: 'lift' },
        ],
      }),
    );
    expect(request.fields.output_format).toBe('mp3');
    expect(request.fields.mode).toBe('async');
    expect(JSON.parse(String(request.fields.segments))).toEqual([
      { start: 0, end: 4, prompt: 'calm' },
      { start: 4, end: 10, prompt: 'lift' },
    ]);
  });
  it('shortens long labels', () => {
    expect(charCount(buildMusicRequest(form({ prompt: 'y'.repeat(300) })).label)).toBe(55);
  });
  it('sends variants_num and stems with async delivery only (docs/api-notes.md 6.1)', () => {
    const async = sentFor(form({ delivery: 'async', variants: 4, stems: true }));
    expect(async.fields).toMatchObject({ variants_num: '4', stems: 'true', output_format: 'm4a' });
    const stream = sentFor(form({ variants: 4, stems: true }));
    expect(stream.fields.variants_num).toBeUndefined();
    expect(stream.fields.stems).toBeUndefined();
    expect(DEFAULT_MUSIC_FORM).toMatchObject({ variants: 1, stems: false });
  });
  it('stops a variant count out of 1–10 at its field', () => {
    const check = checkMusicForm(form({ delivery: 'async', variants: 11 }));
    expect(check.ok).toBe(false);
    expect(check.variants).toMatch(/from 1 to 10/);
    expect(checkMusicForm(form({ delivery: 'async', variants: Number.NaN })).variants).toMatch(
      /from 1 to 10/,
    );
    expect(checkMusicForm(form({ variants: 11 })).ok).toBe(true);
  });
});

describe('segment rows', () => {
  it('adds rows that stay contiguous and removes rows closing the gap', () => {
    let rows = addSegmentRow([], 30);
    expect(rows.map((r) => [r.start, r.end])).toEqual([['0', '30']]);
    rows = addSegmentRow(rows, 30);
    expect(rows.map((r) => [r.start, r.end])).toEqual([
      ['0', '15'],
      ['15', '30'],
    ]);
    rows = addSegmentRow(rows, 30);
    expect(rows.map((r) => [r.start, r.end])).toEqual([
      ['0', '15'],
      ['15', '22.5'],
      ['22.5', '30'],
    ]);
    const middle = rows[1]!.id;
    expect(removeSegmentRow(rows, middle).map((r) => [r.start, r.end])).toEqual([
      ['0', '22.5'],
      ['22.5', '30'],
    ]);
    expect(removeSegmentRow(rows, rows[0]!.id).map((r) => [r.start, r.end])).toEqual([
      ['0', '22.5'],
      ['22.5', '30'],
    ]);
    expect(removeSegmentRow(rows, rows[2]!.id).map((r) => [r.start, r.end])).toEqual([
      ['0', '15'],
      ['15', '30'],
    ]);
  });
});

describe('draftFromBrief', () => {
  it('turns brief segments into rows, the variation into the prompt and the end into the duration', () => {
    const draft = draftFromBrief(
      [
        { start: 0, end: 4, prompt: 'calm intro' },
        { start: 4, end: 12.4, prompt: 'lift' },
      ],
      ' warm piano arc ',
    );
    expect(draft.prompt).toBe('warm piano arc');
    expect(draft.duration).toBe(12);
    expect(draft.useSegments).toBe(true);
    expect(draft.segments.map((r) => [r.start, r.end, r.prompt])).toEqual([
      ['0', '4', 'calm intro'],
      ['4', '12.4', 'lift'],
    ]);
    expect(draftFromBrief([{ start: 0, end: 2, prompt: 'short' }]).duration).toBe(5);
  });
});
