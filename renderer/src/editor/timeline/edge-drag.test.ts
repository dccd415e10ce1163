import { describe, expect, it } from 'vitest';
import type { TimelineSegment } from '../../../../shared/domain/project/document';
import { dragEdge, nudgeEnd, problemView, type EdgeDragContext } from './edge-drag';

const seg = (id: string, startMs: number, endMs: number, prompt = `${id} strings`) => ({
  id,
  startMs,
  endMs,
  prompt,
});
const MUSIC: TimelineSegment[] = [seg('a', 0, 4000), seg('b', 4000, 9000), seg('c', 9000, 15_000)];
const SFX: TimelineSegment[] = [seg('x', 0, 6500), seg('y', 6500, 12_000)];

const context = (over: Partial<EdgeDragContext> = {}): EdgeDragContext => ({
  durationMs: 20_000,
  pxPerSecond: 40, // 8 px = 200 ms
  snap: true,
  shotsMs: [5200],
  playheadMs: 7600,
  otherLanes: [SFX],
  minLengthMs: 100,
  ...over,
});

describe('dragging an edge', () => {
  it('snaps to a shot change within 8 px and both neighbours follow', () => {
    const move = dragEdge(MUSIC, 2, 5050, context());
    expect(move.snappedToMs).toBe(5200);
    expect(move.segments[1]).toMatchObject({ id: 'b', startMs: 4000, endMs: 5200 });
    expect(move.segments[2]).toMatchObject({ id: 'c', startMs: 5200, endMs: 15_000 });
  });

  it('snaps to the playhead and to the other lane, never to its own edges', () => {
    expect(dragEdge(MUSIC, 2, 7700, context()).snappedToMs).toBe(7600);
    expect(dragEdge(MUSIC, 2, 6400, context()).snappedToMs).toBe(6500);
    // 9000 is this lane's next edge: snapping there would make segment c vanish.
    expect(dragEdge(MUSIC, 1, 8900, context()).snappedToMs).toBeNull();
  });

  it('measures in pixels: a 200 ms miss snaps zoomed out, not zoomed in', () => {
    expect(dragEdge(MUSIC, 2, 5000, context({ pxPerSecond: 40 })).snappedToMs).toBe(5200);
    expect(dragEdge(MUSIC, 2, 5000, context({ pxPerSecond: 400 })).snappedToMs).toBeNull();
    expect(dragEdge(MUSIC, 2, 5190, context({ pxPerSecond: 400 })).snappedToMs).toBe(5200);
  });

  it('places freely when snapping is off (switched off, or Alt held)', () => {
    const move = dragEdge(MUSIC, 2, 5050, context({ snap: false }));
    expect(move.snappedToMs).toBeNull();
    expect(move.segments[1]!.endMs).toBe(5050);
  });

  it('holds at the minimum length and says why, on the segment that would vanish', () => {
    const move = dragEdge(MUSIC, 1, 9500, context({ snap: false }));
    expect(move.segments[1]).toMatchObject({ startMs: 8900, endMs: 9000 });
    const view = problemView(move.segments, 20_000, move.problems);
    expect(view.bySegment.get('b')?.code).toBe('too-short');
  });

  it('keeps the last end within the video and shows it while dragging', () => {
    const move = dragEdge(MUSIC, 3, 25_000, context());
    expect(move.segments[2]!.endMs).toBe(20_000);
    expect(problemView(move.segments, 20_000, move.problems).bySegment.get('c')?.code).toBe(
      'past-duration',
    );
  });
});

describe('keyboard trim', () => {
  it('moves a segment end by the step and the next start with it', () => {
    const move = nudgeEnd(MUSIC, 0, 40, { durationMs: 20_000, minLengthMs: 100 });
    expect(move.segments.slice(0, 2).map((s) => [s.startMs, s.endMs])).toEqual([
      [0, 4040],
      [4040, 9000],
    ]);
    expect(nudgeEnd(MUSIC, 9, 40, { durationMs: 20_000, minLengthMs: 100 }).segments).toEqual(
      MUSIC,
    );
  });
});

describe('problems shown on segments', () => {
  it('shows API rules per segment and lane-wide ones on the lane', () => {
    const lane = [seg('a', 0, 4000, ''), seg('b', 4000, 9000, 'x'.repeat(201))];
    const view = problemView(lane, 20_000);
    expect(view.bySegment.get('a')?.code).toBe('prompt-length');
    expect(view.bySegment.get('b')?.code).toBe('prompt-length');
    const many = Array.from({ length: 31 }, (_, i) => seg(`s${i}`, i * 100, i * 100 + 100));
    expect(problemView(many, 20_000).lane[0]?.code).toBe('too-many');
  });

  it('puts the edit problem first and adds what the screen reports', () => {
    const view = problemView(
      [seg('a', 0, 4000, '')],
      20_000,
      [{ segmentId: 'a', code: 'too-short', message: 'held' }],
      { a: 'ignored: already has one', zz: 'not on this lane' },
    );
    expect(view.bySegment.get('a')).toEqual({ code: 'too-short', message: 'held' });
    expect(view.bySegment.size).toBe(1);
    const reported = problemView(MUSIC, 20_000, [], { b: 'The service refused this prompt.' });
    expect(reported.bySegment.get('b')).toEqual({
      code: 'reported',
      message: 'The service refused this prompt.',
    });
  });
});
