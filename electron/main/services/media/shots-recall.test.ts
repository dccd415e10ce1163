import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { spawnTool, type SpawnTool } from '../../../../shared/node/toolchain';
import {
  LABELLED_CUTS_MS,
  LABELLED_FPS,
  makeLabelledClip,
  NOT_CUTS_MS,
} from './__tests__/labelled-cuts';
import { detectShots, type ShotDecode } from './shots';

/**
 * Recall of shot detection on a labelled clip made with ffmpeg (hard cuts, a cut between two
 * framings of the same picture, a fade, a white flash). The cheap decode must find every cut
 * within 2 frames and fire no more often on things that are not cuts than the full decode does
 * on the same clip, at the same threshold.
 */
const FRAME_MS = 1000 / LABELLED_FPS;
/** Sensitive enough for the cut between similar shots (it scores about 0.16; hard cuts 0.4+). */
const THRESHOLD = 0.12;

interface Score {
  found: number[];
  /** For each labelled cut, the distance in frames to the nearest detection (Infinity if none). */
  framesOff: number[];
  /** Detections more than 2 frames from every labelled cut. */
  falseCuts: number[];
}

function score(found: number[]): Score {
  const near = (a: number, b: number) => Math.abs(a - b) <= 2 * FRAME_MS + 1;
  return {
    found,
    framesOff: LABELLED_CUTS_MS.map((cut) =>
      Math.min(Infinity, ...found.map((ms) => Math.round(Math.abs(ms - cut) / FRAME_MS))),
    ),
    falseCuts: found.filter((ms) => !LABELLED_CUTS_MS.some((cut) => near(ms, cut))),
  };
}

let dir: string;
let clip: string;
const scores = new Map<string, Score>();

/** `ranges` forces a split into that many decoders (a 14.4 s clip is otherwise scanned whole). */
async function scoreOf(decode: ShotDecode, ranges?: number): Promise<Score> {
  const key = `${decode} ${ranges ?? 'auto'}`;
  const cached = scores.get(key);
  if (cached) return cached;
  const result = await detectShots(spawnTool, clip, THRESHOLD, { decode, ranges });
  if (!result.ok) throw new Error(result.error.message);
  const value = score(result.value);
  scores.set(key, value);
  return value;
}

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'shots-recall-'));
  clip = await makeLabelledClip(dir);
}, 60_000);

afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

describe('shot changes on the labelled set', () => {
  it('the full decode (the reference) finds every cut within 2 frames', async () => {
    const full = await scoreOf('full');
    expect(full.framesOff.every((off) => off <= 2)).toBe(true);
  });

  it('the cheap decode finds every cut within 2 frames', async () => {
    const cheap = await scoreOf('cheap');
    expect(cheap.framesOff, `found ${cheap.found.join(', ')} ms`).toHaveLength(
      LABELLED_CUTS_MS.length,
    );
    for (const off of cheap.framesOff) expect(off).toBeLessThanOrEqual(2);
  });

  it('the cheap decode has no more false cuts than the full decode', async () => {
    const [cheap, full] = [await scoreOf('cheap'), await scoreOf('full')];
    expect(cheap.falseCuts.length).toBeLessThanOrEqual(full.falseCuts.length);
  });

  it('neither fires inside the fade; a false cut can only be the white flash', async () => {
    const inside = (ms: number, [from, to]: readonly [number, number]) =>
      ms >= from - FRAME_MS && ms <= to + FRAME_MS;
    for (const decode of ['cheap', 'full'] as const) {
      const { falseCuts } = await scoreOf(decode);
      expect(falseCuts.filter((ms) => inside(ms, NOT_CUTS_MS.fade))).toEqual([]);
      expect(falseCuts.filter((ms) => !inside(ms, NOT_CUTS_MS.flash))).toEqual([]);
    }
  });

  it('reports each shot change as it is found, then the same changes in time order', async () => {
    const streamed: number[] = [];
    const result = await detectShots(spawnTool, clip, THRESHOLD, {
      onShot: (ms) => streamed.push(ms),
      ranges: 3,
    });
    expect(result.ok && result.value).toEqual([...streamed].sort((a, b) => a - b));
    expect(new Set(streamed).size).toBe(streamed.length);
    expect(streamed.length).toBeGreaterThanOrEqual(LABELLED_CUTS_MS.length);
  });
});

describe('shot changes scanned in parallel ranges', () => {
  // The clip is 14.4 s: 2 ranges meet at 7.2 s, exactly on a cut; 3 meet at 4.8 s and 9.6 s,
  // the second one inside the fade.
  for (const ranges of [2, 3]) {
    it(`${ranges} ranges find the same changes as one decoder over the whole clip`, async () => {
      const [split, whole] = [await scoreOf('cheap', ranges), await scoreOf('cheap')];
      expect(split.found).toEqual(whole.found);
      for (const off of split.framesOff) expect(off).toBeLessThanOrEqual(2);
    });
  }

  it('a cancel kills every decoder at once and answers canceled', async () => {
    const children: ChildProcessWithoutNullStreams[] = [];
    const stop = new AbortController();
    const recording: SpawnTool = (name, args) => {
      const child = spawnTool(name, args);
      if (name !== 'ffmpeg') return child;
      children.push(child);
      // Cancel as soon as the third decoder has started: all three are running then.
      if (children.length === 3) setImmediate(() => stop.abort());
      return child;
    };
    const result = await detectShots(recording, clip, THRESHOLD, {
      ranges: 3,
      signal: stop.signal,
    });
    expect(result).toMatchObject({ ok: false, error: { code: 'canceled' } });
    expect(children).toHaveLength(3);
    for (const child of children) {
      expect(child.signalCode).toBe('SIGKILL');
      expect(() => process.kill(child.pid!, 0)).toThrow();
    }
  });
});
