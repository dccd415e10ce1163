import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createWatermarkEmbedder, DEFAULT_WATERMARK_KEY } from '../../watermark';
import { compose, type Composition } from '../compose/compose';
import { describe, type MusicDescription } from '../describe';
import { compositionToMidi } from '../midi';
import { SAMPLE_RATE } from '../render/fluidsynth';
import type { MusicSpec } from '../spec';

/** Longest piece accepted here; endpoints enforce the API's own, lower limits first. */
const MAX_SECONDS = 600;

export interface PreparedPiece {
  composition: Composition;
  description: MusicDescription;
  totalFrames: number;
  fadeOutSeconds: number;
}

export function preparePiece(spec: MusicSpec): PreparedPiece {
  if (
    !Number.isFinite(spec.durationSeconds) ||
    spec.durationSeconds <= 0 ||
    spec.durationSeconds > MAX_SECONDS
  ) {
    throw new RangeError(
      `durationSeconds must be in (0, ${MAX_SECONDS}], got ${spec.durationSeconds}`,
    );
  }
  const request: Parameters<typeof compose>[0] = {
    prompt: spec.prompt,
    durationSeconds: spec.durationSeconds,
  };
  if (spec.segments) request.segments = spec.segments;
  if (spec.cuts) request.cuts = spec.cuts.filter((cut) => Number.isFinite(cut));
  if (spec.seed !== undefined) request.seed = spec.seed;
  const composition = compose(request);
  return {
    composition,
    description: describe(composition, spec.durationSeconds),
    totalFrames: Math.round(spec.durationSeconds * SAMPLE_RATE),
    // Long enough to let the final chord die away, short enough to keep short clips full.
    fadeOutSeconds: Math.min(3, Math.max(0.4, spec.durationSeconds * 0.08)),
  };
}

/** A unique path in the work folder (created if needed). */
export async function workPath(workDir: string, extension: string): Promise<string> {
  await mkdir(workDir, { recursive: true });
  return join(workDir, `music-${randomBytes(6).toString('hex')}.${extension}`);
}

export async function writeMidiFile(workDir: string, composition: Composition): Promise<string> {
  const path = await workPath(workDir, 'mid');
  await writeFile(path, compositionToMidi(composition));
  return path;
}

export function makeWatermark(
  payload: number,
  key?: string,
): { process(channels: Float32Array[]): void } {
  return createWatermarkEmbedder({
    key: key ?? DEFAULT_WATERMARK_KEY,
    payload,
    sampleRate: SAMPLE_RATE,
  });
}
