import { rename, rm } from 'node:fs/promises';
import { LoudnessMeter } from '../dsp/loudness-meter';
import { master, TARGET_LUFS } from '../master/master';
import { CONTENT_TYPES, startEncoder, type MusicFormat } from '../render/encoder';
import { CHANNELS, renderMidi, SAMPLE_RATE } from '../render/fluidsynth';
import { readRawFloat, writeRawFloat } from '../render/raw-file';
import type { MusicFile, MusicRunOptions, MusicSpec } from '../spec';
import { makeWatermark, preparePiece, workPath, writeMidiFile, type PreparedPiece } from './prepare';

/** Output loudness must land this close to the target before encoding. */
const TOLERANCE_LU = 0.15;
const MAX_GAIN_PASSES = 3;

/**
 * Runs the mastering chain over the stored render without encoding, to learn what loudness a
 * gain really produces once the limiter and the fades have acted. The watermark is left out
 * here: at -37 dB it moves the loudness by far less than the tolerance.
 */
async function measureWithGain(rawPath: string, piece: PreparedPiece, gainDb: number, options: MusicRunOptions): Promise<number> {
  const meter = new LoudnessMeter(SAMPLE_RATE);
  const chain = master(readRawFloat(rawPath), {
    sampleRate: SAMPLE_RATE, totalFrames: piece.totalFrames, gain: { kind: 'fixed', db: gainDb },
    fadeOutSeconds: piece.fadeOutSeconds, outputMeter: meter,
  });
  for await (const _block of chain) options.signal?.throwIfAborted();
  return meter.integrated();
}

/**
 * The async path: render the whole piece, measure it, find the gain that lands exactly on
 * -14 LUFS after limiting (a few quick passes over the stored PCM), then encode once.
 */
export async function renderMusicFile(spec: MusicSpec, options: MusicRunOptions & { format: MusicFormat }): Promise<MusicFile> {
  options.signal?.throwIfAborted();
  const piece = preparePiece(spec);
  const midiPath = await writeMidiFile(options.workDir, piece.composition);
  const rawPath = await workPath(options.workDir, 'f32');
  const outPath = await workPath(options.workDir, options.format);
  const partPath = `${outPath}.part`;
  try {
    const meter = new LoudnessMeter(SAMPLE_RATE);
    let seen = 0;
    await writeRawFloat(rawPath, renderMidi(midiPath, options.signal ? { signal: options.signal } : {}), (block) => {
      // Only what survives the cut to length counts.
      const keep = Math.max(0, Math.min(block[0]!.length, piece.totalFrames - seen));
      seen += block[0]!.length;
      if (keep > 0) meter.push(block.map((c) => c.subarray(0, keep)));
    });
    const raw = meter.integrated();
    let gainDb = Number.isFinite(raw) ? TARGET_LUFS - raw : 0;
    for (let pass = 0; pass < MAX_GAIN_PASSES && Number.isFinite(raw); pass++) {
      const measured = await measureWithGain(rawPath, piece, gainDb, options);
      if (!Number.isFinite(measured) || Math.abs(measured - TARGET_LUFS) <= TOLERANCE_LU) break;
      gainDb += TARGET_LUFS - measured;
    }
    const encoder = startEncoder({ kind: 'file', format: options.format, path: partPath }, options.signal);
    try {
      const chain = master(readRawFloat(rawPath), {
        sampleRate: SAMPLE_RATE, totalFrames: piece.totalFrames, gain: { kind: 'fixed', db: gainDb },
        fadeOutSeconds: piece.fadeOutSeconds, watermark: makeWatermark(options.watermarkPayload, options.watermarkKey),
      });
      for await (const block of chain) await encoder.write(block);
      await encoder.end();
    } finally {
      encoder.kill();
    }
    options.signal?.throwIfAborted();
    await rename(partPath, outPath);
    return { path: outPath, contentType: CONTENT_TYPES[options.format], sampleRate: SAMPLE_RATE, channels: CHANNELS, ...piece.description };
  } finally {
    await Promise.all([rm(midiPath, { force: true }), rm(rawPath, { force: true }), rm(partPath, { force: true })]);
  }
}
