import { rename, rm } from 'node:fs/promises';
import { LoudnessMeter } from '../dsp/loudness-meter';
import { timeSync } from '../../../shared/node/toolchain';
import { heavyStages } from '../../tasks/work-gate';
import { PeakProfile } from '../master/limiter-loss';
import { CEILING_DBTP, master, TARGET_LUFS } from '../master/master';
import { CONTENT_TYPES, startEncoder, type MusicFormat } from '../render/encoder';
import { CHANNELS, SAMPLE_RATE } from '../render/fluidsynth';
import { renderMidiToRawFile } from '../render/synth-choice';
import { readRawFloat } from '../render/raw-file';
import type { MusicFile, MusicRunOptions, MusicSpec } from '../spec';
import { encodeM4aInHalves, MIN_HALVES_SECONDS } from './encode-halves';
import {
  makeWatermark,
  preparePiece,
  workPath,
  writeMidiFile,
  type PreparedPiece,
} from './prepare';

/**
 * The mastered, encoded pass is redone when its measured output misses the target by more than
 * this: the gain allowing for the limiter is a prediction (master/limiter-loss.ts), and the
 * limiter makes loudness a slightly non-linear function of the gain.
 */
export const RETRY_LU = 0.25;
export const MAX_FINAL_PASSES = 3;
/** Mastering blocks of ~0.37 s: at a fixed gain the output does not depend on the block size. */
export const MASTER_BLOCK_FRAMES = 16384;

export type FileOptions = MusicRunOptions & { format: MusicFormat };

/** The piece rendered to its raw work file, with the gain predicted to land on the target. */
export interface SynthesisedPiece {
  piece: PreparedPiece;
  midiPath: string;
  rawPath: string;
  gainDb: number;
}

/**
 * Synthesises the piece into a raw float work file while metering and profiling it, and
 * predicts the gain that, allowing for the limiter's loss, lands on -14 LUFS. The caller
 * removes `midiPath` and `rawPath`, also when this throws after creating them.
 */
export async function synthesise(
  spec: MusicSpec,
  options: MusicRunOptions,
  paths: { midiPath?: string; rawPath?: string },
  onSynthStarted?: () => void,
): Promise<SynthesisedPiece> {
  const piece = preparePiece(spec);
  const midiPath = await writeMidiFile(options.workDir, piece.composition);
  paths.midiPath = midiPath;
  const rawPath = await workPath(options.workDir, 'f32');
  paths.rawPath = rawPath;
  const meter = new LoudnessMeter(SAMPLE_RATE);
  const profile = new PeakProfile(SAMPLE_RATE);
  let seen = 0;
  const rendering = renderMidiToRawFile(
    midiPath,
    rawPath,
    (block) => {
      // Only what survives the cut to length counts.
      const keep = Math.max(0, Math.min(block[0]!.length, piece.totalFrames - seen));
      seen += block[0]!.length;
      if (keep === 0) return;
      const kept = block.map((c) => c.subarray(0, keep));
      timeSync('mix', () => {
        meter.push(kept);
        profile.push(kept);
      });
    },
    options.signal ? { signal: options.signal } : {},
  );
  // The synthesiser's process is started by the call above, before its first await.
  onSynthStarted?.();
  await rendering;
  const raw = meter.integrated();
  const gainDb = Number.isFinite(raw) ? profile.gainFor(raw, TARGET_LUFS, CEILING_DBTP) : 0;
  return { piece, midiPath, rawPath, gainDb };
}

/** The raw work file mastered at one gain: limiter, fades, watermark; measured by `meter`. */
export function masteredBlocks(
  { piece, rawPath }: SynthesisedPiece,
  gainDb: number,
  options: MusicRunOptions,
  meter: LoudnessMeter,
): AsyncGenerator<Float32Array[]> {
  return master(readRawFloat(rawPath), {
    sampleRate: SAMPLE_RATE,
    totalFrames: piece.totalFrames,
    gain: { kind: 'fixed', db: gainDb },
    fadeOutSeconds: piece.fadeOutSeconds,
    watermark: makeWatermark(options.watermarkPayload, options.watermarkKey),
    outputMeter: meter,
    blockFrames: MASTER_BLOCK_FRAMES,
  });
}

/**
 * Encodes mastered blocks to `path`: m4a of 8 s or more as two encoders on the halves
 * (encode-halves.ts), anything else (or halves without a join) in one go. `blocks` is called
 * again for the one-go encode, so it must give the same blocks each time.
 */
export async function encodeBlocks(
  blocks: () => AsyncIterable<Float32Array[]>,
  totalFrames: number,
  path: string,
  options: FileOptions,
): Promise<void> {
  if (options.format === 'm4a' && totalFrames >= MIN_HALVES_SECONDS * SAMPLE_RATE) {
    const joined = await encodeM4aInHalves(
      blocks(),
      totalFrames,
      path,
      options.workDir,
      options.signal,
    );
    if (joined) return;
  }
  const encoder = startEncoder({ kind: 'file', format: options.format, path }, options.signal);
  try {
    for await (const block of blocks()) await encoder.write(block);
    await encoder.end();
  } finally {
    encoder.kill();
  }
}

/** The mastered, watermarked piece encoded to `path`; returns the loudness of what was encoded. */
async function encodeWithGain(
  synthesised: SynthesisedPiece,
  path: string,
  gainDb: number,
  options: FileOptions,
): Promise<number> {
  let meter = new LoudnessMeter(SAMPLE_RATE);
  await encodeBlocks(
    () => {
      // A one-go encode after halves without a join masters again: measure that pass alone.
      meter = new LoudnessMeter(SAMPLE_RATE);
      return masteredBlocks(synthesised, gainDb, options, meter);
    },
    synthesised.piece.totalFrames,
    path,
    options,
  );
  return meter.integrated();
}

/** What a finished music file's result says about it. */
export function musicFile(path: string, format: MusicFormat, piece: PreparedPiece): MusicFile {
  return {
    path,
    contentType: CONTENT_TYPES[format],
    sampleRate: SAMPLE_RATE,
    channels: CHANNELS,
    ...piece.description,
  };
}

/**
 * The async path, in two passes over the audio (docs/decisions/090-one-pass-music.md): the
 * synthesiser's output is stored, measured and profiled while it renders; then it is mastered at
 * the gain that, allowing for the limiter's predicted loss, lands on -14 LUFS, and encoded in
 * the same pass (ffmpeg encodes in its own process while the limiter and watermark run here).
 * What was encoded is measured; a miss over 0.25 LU (rare) redoes that pass at a corrected gain.
 * Measured landing: -14.0 to -14.3 LUFS after AAC (the encoder trims a tenth or two).
 * A soundtrack that mixes the music at once uses renderMusicForMix (render-hand-off.ts) instead.
 */
export function renderMusicFile(spec: MusicSpec, options: FileOptions): Promise<MusicFile> {
  // One synth process and its mastering pass per core at most; the rest wait their turn
  // (docs/decisions/094-heavy-stage-gate.md).
  return heavyStages.run(() => renderNow(spec, options), options.signal);
}

async function renderNow(spec: MusicSpec, options: FileOptions): Promise<MusicFile> {
  options.signal?.throwIfAborted();
  const paths: { midiPath?: string; rawPath?: string } = {};
  const outPath = await workPath(options.workDir, options.format);
  const partPath = `${outPath}.part`;
  try {
    const synthesised = await synthesise(spec, options, paths);
    let gainDb = synthesised.gainDb;
    for (let pass = 0; pass < MAX_FINAL_PASSES; pass++) {
      const encoded = await encodeWithGain(synthesised, partPath, gainDb, options);
      if (!Number.isFinite(encoded) || Math.abs(encoded - TARGET_LUFS) <= RETRY_LU) break;
      gainDb += TARGET_LUFS - encoded;
    }
    options.signal?.throwIfAborted();
    await rename(partPath, outPath);
    return musicFile(outPath, options.format, synthesised.piece);
  } finally {
    await Promise.all(
      [paths.midiPath, paths.rawPath, partPath].map((path) => path && rm(path, { force: true })),
    );
  }
}
