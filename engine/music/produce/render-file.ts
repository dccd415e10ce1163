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
const RETRY_LU = 0.25;
const MAX_FINAL_PASSES = 3;
/** Mastering blocks of ~0.37 s: at a fixed gain the output does not depend on the block size. */
const MASTER_BLOCK_FRAMES = 16384;

/** The mastered, watermarked piece encoded to `path`; returns the loudness of what was encoded. */
async function encodeWithGain(
  rawPath: string,
  path: string,
  piece: PreparedPiece,
  gainDb: number,
  options: MusicRunOptions & { format: MusicFormat },
): Promise<number> {
  const mastered = (meter: LoudnessMeter): AsyncGenerator<Float32Array[]> =>
    master(readRawFloat(rawPath), {
      sampleRate: SAMPLE_RATE,
      totalFrames: piece.totalFrames,
      gain: { kind: 'fixed', db: gainDb },
      fadeOutSeconds: piece.fadeOutSeconds,
      watermark: makeWatermark(options.watermarkPayload, options.watermarkKey),
      outputMeter: meter,
      blockFrames: MASTER_BLOCK_FRAMES,
    });
  if (options.format === 'm4a' && piece.totalFrames >= MIN_HALVES_SECONDS * SAMPLE_RATE) {
    const meter = new LoudnessMeter(SAMPLE_RATE);
    const joined = await encodeM4aInHalves(
      mastered(meter),
      piece.totalFrames,
      path,
      options.workDir,
      options.signal,
    );
    if (joined) return meter.integrated();
  }
  const meter = new LoudnessMeter(SAMPLE_RATE);
  const encoder = startEncoder({ kind: 'file', format: options.format, path }, options.signal);
  try {
    for await (const block of mastered(meter)) await encoder.write(block);
    await encoder.end();
  } finally {
    encoder.kill();
  }
  return meter.integrated();
}

/**
 * The async path, in two passes over the audio (docs/decisions/090-one-pass-music.md): the
 * synthesiser's output is stored, measured and profiled while it renders; then it is mastered at
 * the gain that, allowing for the limiter's predicted loss, lands on -14 LUFS, and encoded in
 * the same pass (ffmpeg encodes in its own process while the limiter and watermark run here).
 * What was encoded is measured; a miss over 0.25 LU (rare) redoes that pass at a corrected gain.
 * Measured landing: -14.0 to -14.3 LUFS after AAC (the encoder trims a tenth or two).
 */
export function renderMusicFile(
  spec: MusicSpec,
  options: MusicRunOptions & { format: MusicFormat },
): Promise<MusicFile> {
  // One synth process and its mastering pass per core at most; the rest wait their turn
  // (docs/decisions/094-heavy-stage-gate.md).
  return heavyStages.run(() => renderNow(spec, options), options.signal);
}

async function renderNow(
  spec: MusicSpec,
  options: MusicRunOptions & { format: MusicFormat },
): Promise<MusicFile> {
  options.signal?.throwIfAborted();
  const piece = preparePiece(spec);
  const midiPath = await writeMidiFile(options.workDir, piece.composition);
  const rawPath = await workPath(options.workDir, 'f32');
  const outPath = await workPath(options.workDir, options.format);
  const partPath = `${outPath}.part`;
  try {
    const meter = new LoudnessMeter(SAMPLE_RATE);
    const profile = new PeakProfile(SAMPLE_RATE);
    let seen = 0;
    await renderMidiToRawFile(
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
    const raw = meter.integrated();
    let gainDb = Number.isFinite(raw) ? profile.gainFor(raw, TARGET_LUFS, CEILING_DBTP) : 0;
    for (let pass = 0; pass < MAX_FINAL_PASSES; pass++) {
      const encoded = await encodeWithGain(rawPath, partPath, piece, gainDb, options);
      if (!Number.isFinite(encoded) || Math.abs(encoded - TARGET_LUFS) <= RETRY_LU) break;
      gainDb += TARGET_LUFS - encoded;
    }
    options.signal?.throwIfAborted();
    await rename(partPath, outPath);
    return {
      path: outPath,
      contentType: CONTENT_TYPES[options.format],
      sampleRate: SAMPLE_RATE,
      channels: CHANNELS,
      ...piece.description,
    };
  } finally {
    await Promise.all([
      rm(midiPath, { force: true }),
      rm(rawPath, { force: true }),
      rm(partPath, { force: true }),
    ]);
  }
}
