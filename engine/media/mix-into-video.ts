import { rm } from 'node:fs/promises';
import { timeSync } from '../../shared/node/toolchain';
import { LoudnessMeter } from '../music/dsp/loudness-meter';
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
 * samples from a pipe, encodes the previous ones to AAC and copies the picture beside them. The
 * two used to run one after the other with a 16-bit WAV between them (docs/decisions/
 * 098-engine-speed.md). Loudness, ceiling, watermark and picture handling are finishMix's and
 * muxAudioWithVideo's; a result more than 0.3 LU off the target is redone, as there.
 * `picture` is videoPath's probe when the caller already has it.
 */
export async function finishMixIntoVideo(
  pcm: Float32Array[],
  videoPath: string,
  outPath: string,
  options: FinishOptions & { audioBitrate?: string; picture?: ProbeResult },
): Promise<MixOutcome<MixedVideo>> {
  const canceled = { ok: false as const, message: 'Mixing was canceled.' };
  if (options.signal?.aborted) return canceled;
  const probe = options.picture ?? (await probeMedia(videoPath, options.signal));
  if (!probe.ok) return probe;
  if (!probe.hasVideo) return { ok: false, message: 'The picture source has no video track.' };
  const picture = pictureArgs(probe.videoCodec);
  const args = [
    '-i',
    videoPath,
    '-map',
    '1:v:0',
    '-map',
    '0:a:0',
    ...picture.args,
    // The fast AAC coder, as the music files use (docs/decisions/090-one-pass-music.md). It is
    // the bundled 2018 ffmpeg's default already; a newer ffmpeg (set in Settings, or from PATH)
    // defaults to the two-loop search, which took twice the CPU (~2.5 vs ~1.2 s per 60 s).
    '-c:a',
    'aac',
    '-aac_coder',
    'fast',
    '-b:a',
    options.audioBitrate ?? '192k',
    '-movflags',
    '+faststart',
    '-f',
    'mp4',
    outPath,
  ];
  const startMux = () => startEncoder({ kind: 'args', args, stage: 'mux' }, options.signal);
  // ffmpeg starts (exec, opens the picture) while the mix is measured for its gain.
  let encoder: Encoder | undefined;
  let integratedLufs = Number.NaN;
  try {
    encoder = startMux();
    const plan = planMaster(pcm, MIX_RATE, options);
    if (!plan) {
      encoder.kill();
      await rm(outPath, { force: true });
      return { ok: false, message: 'The audio is silent; it cannot be normalised.' };
    }
    let gainDb = plan.gainDb;
    for (let pass = 0; pass < MAX_PASSES; pass++) {
      encoder ??= startMux();
      const measured = new LoudnessMeter(MIX_RATE);
      const watermark = options.watermark
        ? createWatermarkEmbedder({ ...options.watermark, sampleRate: MIX_RATE })
        : undefined;
      try {
        for (const block of limitedBlocks(pcm, gainDb, plan.ceilingDb, MIX_RATE)) {
          if (block[0]!.length === 0) continue;
          // Measured before the watermark, as finishMix measures the limited mix.
          timeSync('mix', () => measured.push(block));
          if (watermark) timeSync('watermark', () => watermark.process(block));
          await encoder.write(block);
        }
        await encoder.end();
      } finally {
        encoder.kill();
        encoder = undefined;
      }
      integratedLufs = measured.integrated();
      const miss = masterMiss(options.targetLufs, integratedLufs);
      if (miss === null) break;
      gainDb += miss;
    }
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
