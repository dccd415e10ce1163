import { describe, expect, it } from 'vitest';
import { runTool } from './run';
import { StageClock, timeSync, activeStageClock } from './stage-clock';

describe('StageClock', () => {
  it("counts a tool's wall and CPU seconds against its stage while measuring", async () => {
    const clock = new StageClock();
    const run = await clock.measure(() =>
      runTool(
        'ffmpeg',
        [
          '-v',
          'error',
          '-f',
          'lavfi',
          '-i',
          'testsrc2=size=640x360:rate=30',
          '-t',
          '4',
          '-f',
          'null',
          '-',
        ],
        { stage: 'decode' },
      ),
    );
    expect(run.code).toBe(0);
    const [[stage, totals]] = clock.entries() as [[string, { wall: number; cpu: number }]];
    expect(stage).toBe('decode');
    expect(totals.wall).toBeGreaterThan(0);
    if (process.platform === 'linux') expect(totals.cpu).toBeGreaterThan(0);
  });

  it('records nothing and costs nothing when no clock is active', () => {
    expect(activeStageClock()).toBeUndefined();
    expect(timeSync('mix', () => 42)).toBe(42);
  });

  it('adds synchronous JS steps to their stage, in pipeline order', async () => {
    const clock = new StageClock();
    await clock.measure(async () => {
      timeSync('watermark', () => Array.from({ length: 1e5 }, (_, i) => i).reduce((a, b) => a + b));
      timeSync('mix', () => undefined);
    });
    expect(clock.entries().map(([stage]) => stage)).toEqual(['mix', 'watermark']);
  });
});
