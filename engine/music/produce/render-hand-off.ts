import { rename, rm } from 'node:fs/promises';
import { LoudnessMeter } from '../dsp/loudness-meter';
import { heavyStages } from '../../tasks/work-gate';
import { TARGET_LUFS } from '../master/master';
import { SAMPLE_RATE } from '../render/fluidsynth';
import type { MusicFile, MusicRunOptions, MusicSpec } from '../spec';
import { FillingPiece } from './filling-piece';
import { workPath } from './prepare';
import {
  encodeBlocks,
  MASTER_BLOCK_FRAMES,
  MAX_FINAL_PASSES,
  masteredBlocks,
  musicFile,
  RETRY_LU,
  synthesise,
  type SynthesisedPiece,
} from './render-file';

/** A music render handed to a mix as soon as it is mastered, its m4a still encoding. */
export interface MusicHandOff {
  /**
   * The mastered, watermarked piece (44.1 kHz stereo, the mix rate): the very samples the m4a
   * encodes. Read only: the encoder may still be reading them.
   */
  pcm: Float32Array[];
  /** Integrated loudness of `pcm` (LUFS), as the retry rule measured it. */
  integratedLufs: number;
  /** The m4a (bytes identical to renderMusicFile's for the same spec), encoded in the background. */
  file: Promise<MusicFile>;
}

export interface MixRenderOptions extends MusicRunOptions {
  /**
   * Called once the synthesiser is running, or at once when the render has to wait for a
   * heavy-stage slot, or when it fails first: the moment other JS work of the same task can
   * take the event loop without delaying the synthesiser's start. May be called again later.
   */
  onUnderway?: () => void;
}

/**
 * Masters the whole piece at one gain into `pcm` (reused by a retry), reporting each block to
 * `filling` as it lands; returns its loudness.
 */
async function masterIntoMemory(
  synthesised: SynthesisedPiece,
  gainDb: number,
  options: MusicRunOptions,
  pcm: Float32Array[],
  filling?: FillingPiece,
): Promise<number> {
  const meter = new LoudnessMeter(SAMPLE_RATE);
  let position = 0;
  for await (const block of masteredBlocks(synthesised, gainDb, options, meter)) {
    for (let c = 0; c < pcm.length; c++) pcm[c]!.set(block[c]!, position);
    position += block[0]!.length;
    filling?.advance(position);
  }
  return meter.integrated();
}

async function renderAndHandOff(
  spec: MusicSpec,
  options: MixRenderOptions,
  handOff: (mastered: { pcm: Float32Array[]; integratedLufs: number }) => void,
): Promise<MusicFile> {
  options.signal?.throwIfAborted();
  const paths: { midiPath?: string; rawPath?: string } = {};
  const outPath = await workPath(options.workDir, 'm4a');
  const partPath = `${outPath}.part`;
  const removeWorkFiles = (): Promise<unknown> =>
    Promise.all([paths.midiPath, paths.rawPath].map((path) => path && rm(path, { force: true })));
  try {
    const synthesised = await synthesise(spec, options, paths, options.onUnderway);
    const frames = synthesised.piece.totalFrames;
    const pcm = [new Float32Array(frames), new Float32Array(frames)];
    // The same passes and retry rule as renderMusicFile: the rule reads the meter over the
    // mastered blocks. The m4a's encoders follow the first pass as it fills `pcm` (on the core
    // the single-threaded mastering leaves free), so less is left to encode after the hand-off;
    // a pass the rule rejects stops them, and the kept pass is encoded from the start.
    const encodeFrom = (piece: FillingPiece, signal: AbortSignal | undefined) =>
      encodeBlocks(() => piece.blocks(), frames, partPath, {
        ...options,
        format: 'm4a',
        ...(signal ? { signal } : {}),
      });
    const firstPass = new FillingPiece(pcm, MASTER_BLOCK_FRAMES);
    const stopFollowing = new AbortController();
    let encoding = encodeFrom(
      firstPass,
      options.signal
        ? AbortSignal.any([options.signal, stopFollowing.signal])
        : stopFollowing.signal,
    );
    // Awaited below or abandoned on a failure: never an unhandled rejection.
    encoding.catch(() => undefined);
    let gainDb = synthesised.gainDb;
    let integratedLufs = Number.NaN;
    try {
      for (let pass = 0; pass < MAX_FINAL_PASSES; pass++) {
        integratedLufs = await masterIntoMemory(
          synthesised,
          gainDb,
          options,
          pcm,
          pass === 0 ? firstPass : undefined,
        );
        if (!Number.isFinite(integratedLufs) || Math.abs(integratedLufs - TARGET_LUFS) <= RETRY_LU)
          break;
        if (pass === 0) {
          stopFollowing.abort();
          await encoding.catch(() => undefined);
          await rm(partPath, { force: true });
        }
        gainDb += TARGET_LUFS - integratedLufs;
      }
    } catch (error) {
      stopFollowing.abort();
      throw error;
    } finally {
      firstPass.close();
    }
    if (stopFollowing.signal.aborted) {
      const kept = new FillingPiece(pcm, MASTER_BLOCK_FRAMES);
      kept.advance(frames);
      encoding = encodeFrom(kept, options.signal);
    }
    await removeWorkFiles();
    handOff({ pcm, integratedLufs });
    await encoding;
    options.signal?.throwIfAborted();
    await rename(partPath, outPath);
    return musicFile(outPath, 'm4a', synthesised.piece);
  } finally {
    await Promise.all([removeWorkFiles(), rm(partPath, { force: true })]);
  }
}

/**
 * renderMusicFile for a soundtrack that mixes the music at once (video-to-video-sound): the
 * piece is mastered into memory and handed over as PCM, and its m4a (still a deliverable, with
 * the same bytes) is encoded from those samples as they are mastered and while the mix runs,
 * so the mix neither waits for the AAC encode nor decodes it again
 * (docs/decisions/103-video-sound-overlap.md). Only this path holds the whole piece in memory,
 * as the mix did after decoding it; music-only renders keep streaming from the work file
 * (docs/decisions/090-one-pass-music.md). The render keeps its heavy-stage slot until the m4a
 * is written. `file` rejects if the encode fails or the signal aborts; the caller awaits it
 * before publishing the music.
 */
export async function renderMusicForMix(
  spec: MusicSpec,
  options: MixRenderOptions,
): Promise<MusicHandOff> {
  let handOff!: (mastered: { pcm: Float32Array[]; integratedLufs: number }) => void;
  const mastered = new Promise<{ pcm: Float32Array[]; integratedLufs: number }>((resolve) => {
    handOff = resolve;
  });
  // A caller that waits for onUnderway while holding a slot itself must not wait on a render
  // that waits for that slot (two tasks would hold each other's): a queued render says so now.
  const { running, waiting } = heavyStages.load;
  if (running + waiting >= heavyStages.limit) options.onUnderway?.();
  const file = heavyStages.run(() => renderAndHandOff(spec, options, handOff), options.signal);
  void file.finally(() => options.onUnderway?.()).catch(() => undefined);
  // Awaited by the caller after the mix; a failure before that must not go unhandled.
  file.catch(() => undefined);
  // A render that fails before the hand-off rejects here; one that succeeds has handed off.
  const { pcm, integratedLufs } = await Promise.race([mastered, file.then(() => mastered)]);
  return { pcm, integratedLufs, file };
}
