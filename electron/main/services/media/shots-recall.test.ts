import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnTool } from '../../../../shared/node/toolchain';
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
const scores = new Map<ShotDecode, Score>();

async function scoreOf(decode: ShotDecode): Promise<Score> {
  const cached = scores.get(decode);
  if (cached) return cached;
  const result = await detectShots(spawnTool, clip, THRESHOLD, { decode });
  if (!result.ok) throw new Error(result.error.message);
  const value = score(result.value);
  scores.set(decode, value);
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

  it('reports each shot change as it is found, in order, then the same list', async () => {
    const streamed: number[] = [];
    const result = await detectShots(spawnTool, clip, THRESHOLD, {
      onShot: (ms) => streamed.push(ms),
    });
    expect(result.ok && result.value).toEqual(streamed);
    expect(streamed).toEqual([...streamed].sort((a, b) => a - b));
    expect(streamed.length).toBeGreaterThanOrEqual(LABELLED_CUTS_MS.length);
  });
});
