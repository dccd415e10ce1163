import { describe, expect, it } from 'vitest';
import { parsePrompt } from '../prompt/parse-prompt';
import { PPQ } from '../types';
import { choosePlan } from './choose-plan';
import { fitSpan } from './fit-tempo';
import { buildTimeline, secondsAtTick, type TimedPrompt } from './timeline';

const plan = (prompt: string) => choosePlan(parsePrompt(prompt), 1);

function barStartSeconds(timeline: ReturnType<typeof buildTimeline>): number[] {
  return timeline.bars.map((bar) => secondsAtTick(timeline.tempos, bar.startTick));
}

describe('buildTimeline', () => {
  it('fills the duration exactly, in whole bars when the tempo allows', () => {
    const timeline = buildTimeline(plan('pop at 120 bpm'), 60, [], []);
    expect(secondsAtTick(timeline.tempos, timeline.totalTicks)).toBeCloseTo(60, 6);
    expect(timeline.bars).toHaveLength(30);
    expect(timeline.bars.every((bar) => bar.beats === 4)).toBe(true);
  });

  it('gives a plain piece an intro, A-B-A style sections and an outro', () => {
    const timeline = buildTimeline(plan('pop at 120 bpm'), 60, [], []);
    const kinds = timeline.sections.map((s) => s.kind);
    expect(kinds[0]).toBe('intro');
    expect(kinds[kinds.length - 1]).toBe('outro');
    const themes = timeline.sections.map((s) => s.theme);
    expect(themes).toContain('A');
    expect(themes).toContain('B');
    expect(timeline.sections.filter((s) => s.theme === 'A').some((s) => s.variation > 0)).toBe(
      true,
    );
  });

  it('puts every video cut on a bar line that starts a section, with a crash', () => {
    const cuts = [8, 17, 27, 34];
    const timeline = buildTimeline(plan('cinematic adventure'), 45, [], cuts);
    const starts = barStartSeconds(timeline);
    for (const cut of cuts) {
      const bar = starts.findIndex((s) => Math.abs(s - cut) < 0.001);
      expect(bar, `cut at ${cut}s`).toBeGreaterThan(0);
      const section = timeline.sections.find((s) => s.firstBar === bar);
      expect(section?.crash).toBe(true);
    }
    expect(secondsAtTick(timeline.tempos, timeline.totalTicks)).toBeCloseTo(45, 6);
    for (const tempo of timeline.tempos)
      expect(Math.abs(tempo.bpm / timeline.tempos[0]!.bpm - 1)).toBeLessThan(0.2);
  });

  it('turns a cut too close to another into an accent near its time', () => {
    const timeline = buildTimeline(plan('pop at 120 bpm'), 30, [], [10, 10.6]);
    expect(timeline.accentTicks).toHaveLength(1);
    expect(secondsAtTick(timeline.tempos, timeline.accentTicks[0]!)).toBeCloseTo(10.6, 1);
  });

  it('shapes sections from segment prompts', () => {
    const segments: TimedPrompt[] = [
      { start: 0, end: 10, prompt: 'quiet intro', traits: parsePrompt('quiet intro') },
      {
        start: 10,
        end: 24,
        prompt: 'big explosive chorus',
        traits: parsePrompt('big explosive chorus'),
      },
      { start: 24, end: 30, prompt: 'calm outro', traits: parsePrompt('calm outro') },
    ];
    const timeline = buildTimeline(plan('electronic'), 30, segments, []);
    const bySegment = [0, 10, 24].map((t) =>
      timeline.sections.find(
        (s) => Math.abs(secondsAtTick(timeline.tempos, s.startTick) - t) < 0.001,
      ),
    );
    expect(bySegment.map((s) => s?.kind)).toEqual(['intro', 'chorus', 'outro']);
    expect(bySegment[1]!.energy).toBeGreaterThan(bySegment[0]!.energy + 0.3);
    expect(bySegment[1]!.theme).not.toBe(bySegment[0]!.theme);
  });

  it('keeps a tempo the prompt named, ending on a short bar instead', () => {
    const timeline = buildTimeline(plan('lofi at 70 bpm'), 30, [], []);
    expect(timeline.tempos).toEqual([{ tick: 0, bpm: 70 }]);
    expect(timeline.bars[timeline.bars.length - 1]!.beats).toBe(3);
    expect(timeline.totalTicks).toBe(35 * PPQ);
  });
});

describe('fitSpan', () => {
  it('stretches a little for whole bars and otherwise counts whole beats', () => {
    expect(fitSpan(8, 118, 4)).toEqual({ seconds: 8, beats: 16, bpm: 120, barAligned: true });
    const short = fitSpan(2.6, 120, 4);
    expect(short.barAligned).toBe(false);
    expect(short.beats).toBe(5);
  });
});
