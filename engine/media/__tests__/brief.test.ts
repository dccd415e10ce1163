import { describe, expect, it } from 'vitest';
import { checkSegments } from '../../../shared/api/segments';
import type { ShotStats, VideoAnalysis } from '../analysis-stats';
import { buildBrief, type BriefSegment } from '../brief';
import { fitTempoToCuts } from '../brief-spans';

function shot(
  start: number,
  end: number,
  brightness: number,
  motion: number,
  colour: string,
): ShotStats {
  return { start, end, brightness, motion, colour, colourHex: '#000000' };
}

/** A measured 60.4 s video: dark still opening, a fast bright middle, a short flash, a calm end. */
const analysis: VideoAnalysis = {
  durationSeconds: 60.4,
  cuts: [12, 22, 22.6, 36, 45],
  shots: [
    shot(0, 12, 8, 0.2, 'dark blue'),
    shot(12, 22, 75, 7.5, 'orange'),
    shot(22, 22.6, 90, 3, 'white'),
    shot(22.6, 36, 55, 4, 'green'),
    shot(36, 45, 30, 0.3, 'grey'),
    shot(45, 60.4, 50, 1.5, 'teal'),
  ],
  seconds: [],
  motionPeaks: [17.4],
};

const VALID_LABELS = [
  'intro',
  'verse',
  'pre-chorus',
  'chorus',
  'bridge',
  'break',
  'silence',
  'outro',
  'none',
];

function expectValidSegments(segments: BriefSegment[], duration: number): void {
  expect(checkSegments(segments, duration)).toEqual([]);
  for (const segment of segments) {
    expect(Number.isInteger(segment.start) && Number.isInteger(segment.end)).toBe(true);
    expect(VALID_LABELS).toContain(segment.label);
  }
}

describe('buildBrief', () => {
  it('mode both: whole-second contiguous music segments, sfx segments and one sfx prompt', () => {
    const brief = buildBrief(analysis, { prompt: 'night chase', variantsNum: 3, mode: 'both' });
    expect(brief.mode).toBe('both');
    expectValidSegments(brief.segments, analysis.durationSeconds);
    expectValidSegments(brief.sfx_segments ?? [], analysis.durationSeconds);
    expect(brief.segments[0]?.start).toBe(0);
    expect(brief.segments[brief.segments.length - 1]?.end).toBe(60);
    expect(brief.variations).toHaveLength(3);
    expect(typeof brief.sfx_prompt).toBe('string');
    expect(brief).not.toHaveProperty('negative_prompt');
    expect(brief).not.toHaveProperty('title');
  });

  it('grounds prompts in the measured light, motion and colour and the user prompt', () => {
    const brief = buildBrief(analysis, { prompt: 'night chase', variantsNum: 1, mode: 'music' });
    const [first, second] = brief.segments;
    expect(first?.prompt).toMatch(/^Dark, still shot in dark blue: brooding low strings/);
    expect(first?.prompt).toMatch(/\d+ BPM, minor key/);
    expect(first?.prompt).toContain('night chase');
    expect(second?.prompt).toMatch(/^Bright, fast/);
    expect(brief.variations[0]?.prompt).toContain('cuts at 12 s');
  });

  it('labels the ends intro/outro and the most energetic section chorus', () => {
    const labels = buildBrief(analysis, { variantsNum: 1, mode: 'music' }).segments.map(
      (s) => s.label,
    );
    expect(labels[0]).toBe('intro');
    expect(labels[labels.length - 1]).toBe('outro');
    expect(labels[1]).toBe('chorus');
  });

  it('merges music sections shorter than 5 s but keeps shot-sized sfx spans', () => {
    const brief = buildBrief(analysis, { variantsNum: 1, mode: 'both' });
    expect(brief.segments.every((s) => s.end - s.start >= 5)).toBe(true);
    expect(brief.sfx_segments?.map((s) => s.start)).toEqual([0, 12, 22, 23, 36, 45]);
    expect(brief.sfx_segments?.every((s) => s.label === 'none')).toBe(true);
    expect(brief.sfx_segments?.[1]?.prompt).toContain('a hit at 17.4 s');
  });

  it('mode music has no sfx keys; mode sfx puts the sound brief in segments with label none', () => {
    const music = buildBrief(analysis, { variantsNum: 2, mode: 'music' });
    expect(Object.keys(music).sort()).toEqual(['mode', 'segments', 'variations']);
    const sfx = buildBrief(analysis, { variantsNum: 2, mode: 'sfx' });
    expect(Object.keys(sfx).sort()).toEqual(['mode', 'segments', 'variations']);
    expect(sfx.segments.every((s) => s.label === 'none')).toBe(true);
    expect(sfx.variations).toHaveLength(2);
    expect(sfx.variations[0]?.prompt).toMatch(/Sound design for 6 shots/);
  });

  it('keeps every prompt within the segment limit even with a 2000-character user prompt', () => {
    const brief = buildBrief(analysis, {
      prompt: 'word '.repeat(400),
      variantsNum: 5,
      mode: 'both',
    });
    for (const segment of [...brief.segments, ...(brief.sfx_segments ?? [])])
      expect(segment.prompt.length).toBeLessThanOrEqual(200);
    expect(brief.variations).toHaveLength(5);
    expect(new Set(brief.variations.map((v) => v.prompt)).size).toBe(5);
  });

  it('gives a single unlabelled segment for one continuous shot and at most 30 for many cuts', () => {
    const still: VideoAnalysis = {
      durationSeconds: 7.2,
      cuts: [],
      shots: [shot(0, 7.2, 50, 1, 'grey')],
      seconds: [],
      motionPeaks: [],
    };
    expect(buildBrief(still, { variantsNum: 1, mode: 'music' }).segments).toEqual([
      expect.objectContaining({ start: 0, end: 7, label: 'none' }),
    ]);
    const cuts = Array.from({ length: 79 }, (_, i) => i + 1);
    const busy: VideoAnalysis = {
      durationSeconds: 80,
      cuts,
      shots: [0, ...cuts].map((start) => shot(start, start + 1, 50, 2, 'grey')),
      seconds: [],
      motionPeaks: [],
    };
    const brief = buildBrief(busy, { variantsNum: 1, mode: 'both' });
    expect(brief.sfx_segments).toHaveLength(30);
    expectValidSegments(brief.sfx_segments ?? [], 80);
    expectValidSegments(brief.segments, 80);
  });
});

describe('fitTempoToCuts', () => {
  it('finds a tempo whose beats land on the cuts', () => {
    expect(fitTempoToCuts(116, [8, 17, 27, 34], 0, 40)).toBe(120);
    expect(fitTempoToCuts(90, [], 0, 10)).toBe(90);
  });
});
