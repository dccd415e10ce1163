import { describe, expect, it } from 'vitest';
import type { TimelineSegment } from '../project/document';
import {
  deleteSegment,
  insertSegment,
  mergeWithNext,
  moveBoundary,
  rippleDeleteSegment,
  setPrompt,
  splitSegment,
} from './edits';
import {
  MAX_SEGMENTS,
  fromApiSegments,
  laneProblems,
  segmentIndexAt,
  toApiSegments,
  type LaneEdit,
} from './lane';

/** Mulberry32: a tiny seeded generator, so a failing sequence can be replayed by its seed. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const DURATION_MS = 120_000;
const MIN_MS = 100;

/** What breaks the structural invariants every edit keeps (prompts are shown, not enforced). */
function violations(lane: readonly TimelineSegment[]): string[] {
  const found: string[] = [];
  if (lane.length > MAX_SEGMENTS) found.push(`${lane.length} segments`);
  lane.forEach((segment, index) => {
    const expectedStart = index === 0 ? 0 : lane[index - 1]!.endMs;
    if (segment.startMs !== expectedStart) found.push(`${segment.id} starts at ${segment.startMs}`);
    if (segment.endMs - segment.startMs < MIN_MS) found.push(`${segment.id} is too short`);
    if (!Number.isInteger(segment.startMs) || !Number.isInteger(segment.endMs)) {
      found.push(`${segment.id} is not in whole ms`);
    }
  });
  const last = lane[lane.length - 1];
  if (last && last.endMs > DURATION_MS) found.push(`ends at ${last.endMs}`);
  if (new Set(lane.map((s) => s.id)).size !== lane.length) found.push('repeated ids');
  for (const problem of laneProblems(lane, DURATION_MS)) {
    if (problem.code !== 'prompt-length') found.push(problem.message);
  }
  return found;
}

const insertAt = (ids: readonly string[], index: number, id: string) => [
  ...ids.slice(0, index),
  id,
  ...ids.slice(index),
];

describe('any sequence of edits keeps the lane valid', () => {
  it.each([1, 42, 2026])('seed %i: 3000 random edits', (seed) => {
    const next = random(seed);
    const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
    const anyMs = () => Math.round(next() * (DURATION_MS + 20_000)) - 10_000;
    let lane: TimelineSegment[] = [];
    let counter = 0;
    let applied = 0;
    let refused = 0;
    for (let step = 0; step < 3000; step += 1) {
      const ids = lane.map((s) => s.id);
      let unknown = false;
      // Sometimes an id that is not on the lane, to exercise refusals.
      const someId = () => {
        unknown = next() < 0.1 || ids.length === 0;
        return unknown ? `gone${counter}` : pick(ids);
      };
      // Sometimes an id already in use.
      const newId = () => (next() < 0.05 && ids.length > 0 ? pick(ids) : `n${(counter += 1)}`);
      const kind = pick([
        'split',
        'merge',
        'move',
        'insert',
        'delete',
        'ripple',
        'prompt',
      ] as const);
      let edit: LaneEdit;
      /** The ids in order if the edit is applied; a refused edit must leave the lane as it was. */
      let expectedIds: string[];
      switch (kind) {
        case 'split': {
          const id = newId();
          const at = anyMs();
          edit = splitSegment(lane, at, id, { minLengthMs: MIN_MS });
          expectedIds = insertAt(ids, segmentIndexAt(lane, at) + 1, id);
          break;
        }
        case 'merge': {
          const id = someId();
          edit = mergeWithNext(lane, id);
          expectedIds = ids.filter((_, i) => i !== ids.indexOf(id) + 1);
          break;
        }
        case 'move': {
          edit = moveBoundary(lane, Math.floor(next() * (lane.length + 2)), anyMs(), {
            durationMs: DURATION_MS,
            snapTargetsMs: Array.from({ length: 4 }, anyMs),
            snapToleranceMs: Math.round(next() * 500),
            minLengthMs: MIN_MS,
          });
          expectedIds = ids;
          break;
        }
        case 'insert': {
          const id = newId();
          const at = anyMs();
          edit = insertSegment(lane, at, id, {
            durationMs: DURATION_MS,
            prompt: 'rain',
            lengthMs: Math.round(next() * 10_000),
            minLengthMs: MIN_MS,
          });
          const inside = segmentIndexAt(lane, at);
          expectedIds = insertAt(ids, inside === -1 ? ids.length : inside + 1, id);
          break;
        }
        case 'delete': {
          const id = someId();
          edit = deleteSegment(lane, id);
          expectedIds = ids.filter((x) => x !== id);
          break;
        }
        case 'ripple': {
          const id = someId();
          const laneEnd = lane.at(-1)?.endMs;
          edit = rippleDeleteSegment(lane, id);
          expectedIds = ids.filter((x) => x !== id);
          // Beyond the shared invariants: the lane still ends where it did, and every segment
          // before the removed one is untouched (unless it became the last, which stretches).
          if (!unknown && edit.segments.length > 0 && edit.segments.at(-1)!.endMs !== laneEnd) {
            expect({ seed, step, end: edit.segments.at(-1)!.endMs }).toEqual({
              seed,
              step,
              end: laneEnd,
            });
          }
          const at = ids.indexOf(id);
          if (
            !unknown &&
            at < ids.length - 1 &&
            edit.segments.slice(0, at).some((s, i) => s !== lane[i])
          ) {
            expect({ seed, step, before: edit.segments.slice(0, at) }).toEqual({
              seed,
              step,
              before: lane.slice(0, at),
            });
          }
          break;
        }
        case 'prompt': {
          edit = setPrompt(
            lane,
            someId(),
            next() < 0.2 ? '' : 'x'.repeat(Math.round(next() * 300)),
          );
          expectedIds = ids;
          break;
        }
      }
      const context = `seed ${seed} step ${step} ${kind}`;
      const resultIds = edit.segments.map((s) => s.id);
      const unchanged = JSON.stringify(edit.segments) === JSON.stringify(lane);
      if (unknown || resultIds.join() !== expectedIds.join()) {
        // Refused: the lane is as it was and the problems say why.
        if (!unchanged || edit.problems.length === 0) {
          expect({ context, resultIds, expectedIds, problems: edit.problems }).toBe('refused');
        }
        refused += 1;
      } else if (!unchanged) {
        applied += 1;
      }
      // Every lane the walk reaches survives the API's JSON in seconds and back, exactly.
      const json = JSON.parse(JSON.stringify(toApiSegments(edit.segments)));
      const back = fromApiSegments(json, (i) => resultIds[i]!, DURATION_MS).segments;
      if (JSON.stringify(back) !== JSON.stringify(edit.segments)) {
        expect({ context, back }).toEqual({ context, back: edit.segments });
      }
      const broken = violations(edit.segments);
      if (broken.length > 0) expect({ context, broken }).toEqual({ context, broken: [] });
      lane = edit.segments;
    }
    // The walk must have exercised both paths, or it proved little.
    expect(applied).toBeGreaterThan(500);
    expect(refused).toBeGreaterThan(100);
  });
});
