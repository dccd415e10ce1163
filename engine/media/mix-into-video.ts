import { rm, writeFile } from 'node:fs/promises';
import {
  FFMPEG_QUIET_OVERWRITE,
  lastErrorLine,
  runTool,
  timeSync,
  TOOL,
} from '../../shared/node/toolchain';
import { LoudnessMeter } from '../music/dsp/loudness-meter';
import {
  encodeAdtsInHalves,
  MIN_HALVES_SECONDS,
  primedAdtsInput,
} from '../music/produce/encode-halves';
import { EncoderError, startEncoder, type Encoder } from '../music/render/encoder';
import { createWatermarkEmbedder } from '../watermark';
import type { Loudness } from './loudness';
import { limitedBlocks, MAX_PASSES, masterMiss, planMaster } from './master-mix';
import { MIX_RATE, type FinishOptions, type MixOutcome } from './mix';
import { pictureArgs } from './mux';
import { probeMedia, type ProbeResult } from './probe';

export interface MixedVideo {
  loudness: Loudness;
  pictureCopied: boolean;
}

/**
 * finishMix and muxAudioWithVideo in one pass, for a mix that is only delivered under a
 * picture: each block is limited, measured and watermarked here while ffmpeg, reading the float
 * samples from a pipe, encodes the previous ones to AAC. Under a copied picture a mix of 8 s or
 * more goes to two AAC encoders at once, one per half, and the joined frames are muxed under
 * the picture by stream copy; otherwise one ffmpeg encodes the sound and copies or re-encodes
 * the picture beside it. The two steps used to run one after the other with a 16-bit WAV
 * between them (docs/decisions/098-engine-speed.md). Loudness, ceiling, watermark and picture
 * handling are finishMix's and muxAudioWithVideo's; a result more than 0.3 LU off the target is
 * redone, as there.
 * `picture` is videoPath's probe when the caller already has it.
 */
export async function finishMixIntoVideo(
  pcm: Float32Array[],
  videoPath: string,
  outPath: string,
  options: FinishOptions & {
    audioBitrate?: string;
    picture?: ProbeResult;
    /** false: one AAC encoder even for a long mix (tests compare the two). */
    splitEncode?: boolean;
  },
): Promise<MixOutcome<MixedVideo>> {
  const canceled = { ok: false as const, message: 'Mixing was canceled.' };
  if (options.signal?.aborted) return canceled;
  const probe = options.picture ?? (await probeMedia(videoPath, options.signal));
  if (!probe.ok) return probe;
  if (!probe.hasVideo) return { ok: false, message: 'The picture source has no video track.' };
  const picture = pictureArgs(probe.videoCodec);
  const frames = pcm[0]!.length;
  // A copied picture costs the mux almost nothing, so its AAC encode is the whole of it: two
  // encoders on the two halves, then a stream-copy mux (docs/decisions/106-video-mux-halves.md).
  // A re-encoded picture keeps one pass, its encode running beside the sound's.
  let split =
    (options.splitEncode ?? true) &&
    picture.copy &&
    options.audioBitrate === undefined &&
    frames >= MIN_HALVES_SECONDS * MIX_RATE;
  const encodedMux = (audioInput: string[], audioCodec: string[]) => [
    ...audioInput,
    '-i',
    videoPath,
    '-map',
    '1:v:0',
    '-map',
    '0:a:0',
    ...picture.args,
    ...audioCodec,
    '-movflags',
    '+faststart',
    '-f',
    'mp4',
    outPath,
  ];
  // The fast AAC coder, as the music files use (docs/decisions/090-one-pass-music.md). It is
  // the bundled 2018 ffmpeg's default already; a newer ffmpeg (set in Settings, or from PATH)
  // defaults to the two-loop search, which took twice the CPU (~2.5 vs ~1.2 s per 60 s).
  const aac = ['-c:a', 'aac', '-aac_coder', 'fast', '-b:a', options.audioBitrate ?? '192k'];
  const startMux = () =>
    startEncoder({ kind: 'args', args: encodedMux([], aac), stage: 'mux' }, options.signal);
  // ffmpeg starts (exec, opens the picture) while the mix is measured for its gain.
  let encoder: Encoder | undefined;
  let integratedLufs = Number.NaN;
  let adts: Buffer[] | undefined;
  try {
    if (!split) encoder = startMux();
    const plan = planMaster(pcm, MIX_RATE, options);
    if (!plan) {
      encoder?.kill();
      await rm(outPath, { force: true });
      return { ok: false, message: 'The audio is silent; it cannot be normalised.' };
    }
    let gainDb = plan.gainDb;
    for (let pass = 0; pass < MAX_PASSES; pass++) {
      const measured = new LoudnessMeter(MIX_RATE);
      const watermark = options.watermark
        ? createWatermarkEmbedder({ ...options.watermark, sampleRate: MIX_RATE })
        : undefined;
      // Measured before the watermark, as finishMix measures the limited mix.
      const finished = (block: Float32Array[]) => {
        timeSync('mix', () => measured.push(block));
        if (watermark) timeSync('watermark', () => watermark.process(block));
      };
      if (split) {
        adts = await encodeAdtsInHalves(
          markedBlocks(limitedBlocks(pcm, gainDb, plan.ceilingDb, MIX_RATE), finished),
          frames,
          options.signal,
        );
        // No frame where the halves' windows agree: this pass again with one encoder.
        if (!adts) {
          split = false;
          pass--;
          continue;
        }
      } else {
        encoder ??= startMux();
        try {
          for (const block of limitedBlocks(pcm, gainDb, plan.ceilingDb, MIX_RATE)) {
            if (block[0]!.length === 0) continue;
            finished(block);
            await encoder.write(block);
          }
          await encoder.end();
        } finally {
          encoder.kill();
          encoder = undefined;
        }
      }
      integratedLufs = measured.integrated();
      const miss = masterMiss(options.targetLufs, integratedLufs);
      if (miss === null) break;
      gainDb += miss;
    }
    if (split && adts) await muxAdtsUnderPicture(adts, outPath, encodedMux, options.signal);
    return {
      ok: true,
      value: {
        loudness: { integratedLufs, truePeakDb: plan.ceilingDb, rangeLu: Number.NaN },
        pictureCopied: picture.copy,
      },
    };
  } catch (error) {
    encoder?.kill();
    await rm(outPath, { force: true });
    if (options.signal?.aborted) return canceled;
    const message = error instanceof EncoderError ? error.message : String(error);
    return { ok: false, message: `Muxing failed: ${message}` };
  }
}

/** The limited blocks, each measured and watermarked (`finish`) before it is handed on. */
async function* markedBlocks(
  blocks: Iterable<Float32Array[]>,
  finish: (block: Float32Array[]) => void,
): AsyncGenerator<Float32Array[]> {
  for (const block of blocks) {
    if (block[0]!.length === 0) continue;
    finish(block);
    yield block;
  }
}

/** Writes the joined frames beside `outPath` and muxes them under the picture by stream copy. */
async function muxAdtsUnderPicture(
  adts: Buffer[],
  outPath: string,
  muxArgs: (audioInput: string[], audioCodec: string[]) => string[],
  signal?: AbortSignal,
): Promise<void> {
  const adtsPath = `${outPath}.aac`;
  try {
    await writeFile(adtsPath, Buffer.concat(adts));
    const run = await runTool(
      TOOL.ffmpeg,
      [...FFMPEG_QUIET_OVERWRITE, ...muxArgs(primedAdtsInput(adtsPath), ['-c:a', 'copy'])],
      { stage: 'mux', ...(signal ? { signal } : {}) },
    );
    if (run.code !== 0)
      throw new EncoderError(
        run.unavailable
          ? run.stderr
          : `ffmpeg could not put the sound under the picture (exit ${run.code}): ${lastErrorLine(run.stderr)}`,
      );
  } finally {
    await rm(adtsPath, { force: true });
  }
}
