import { rm } from 'node:fs/promises';
import { createWatermarkEmbedder, DEFAULT_WATERMARK_KEY } from '../watermark/index';
import { ffmpeg } from './ffmpeg';
import { alignedLimiter } from './limiter';
import { decodeToPcm, readWav, writeWav } from './wav';

/** Picture codecs an mp4 can carry as they are; anything else (gif, vp8…) is re-encoded. */
const MP4_COPYABLE = new Set(['h264', 'hevc', 'av1', 'vp9', 'mpeg4']);

export interface MixOverVideoOptions {
  videoPath: string;
  /** Generated audio (WAV, 44.1 kHz stereo), as long as the video. */
  generatedWavPath: string;
  /** Mix the video's own audio under the generated audio (when it has any). */
  keepOriginal: boolean;
  videoCodec?: string;
  outPath: string;
  watermarkPayload: number;
  watermarkKey?: string;
  /** Scratch file for the mixed audio. */
  scratchWavPath: string;
  signal?: AbortSignal;
}

/**
 * Builds the delivered video: the generated audio mixed over the original soundtrack, the
 * picture stream-copied (re-encoded only when mp4 cannot carry it), AAC audio, peaks limited.
 * The mix is watermarked again with the same key and payload: both marks start at the video's
 * first sample, so they add coherently and the mark survives a loud original soundtrack.
 */
export async function mixOverVideo(opts: MixOverVideoOptions): Promise<void> {
  const generated = await readWav(opts.generatedWavPath);
  const [left, right] = [generated.channels[0]!, generated.channels[1] ?? generated.channels[0]!];
  if (opts.keepOriginal) {
    const original = await decodeToPcm(opts.videoPath, generated.sampleRate, 2, opts.signal);
    for (const [c, target] of [left, right].entries()) {
      const source = original[c]!;
      const n = Math.min(source.length, target.length);
      for (let i = 0; i < n; i++) target[i] = target[i]! + source[i]!;
    }
  }
  createWatermarkEmbedder({
    key: opts.watermarkKey ?? DEFAULT_WATERMARK_KEY,
    payload: opts.watermarkPayload,
    sampleRate: generated.sampleRate,
  }).process([left, right]);
  await writeWav(
    opts.scratchWavPath,
    { sampleRate: generated.sampleRate, channels: [left, right] },
    32,
  );
  try {
    const copy = opts.videoCodec !== undefined && MP4_COPYABLE.has(opts.videoCodec);
    const videoArgs = copy
      ? ['-c:v', 'copy']
      : [
          '-c:v',
          'libx264',
          '-preset',
          'veryfast',
          '-crf',
          '20',
          '-pix_fmt',
          'yuv420p',
          '-vf',
          'scale=trunc(iw/2)*2:trunc(ih/2)*2',
        ];
    await ffmpeg(
      [
        '-y',
        '-i',
        opts.videoPath,
        '-i',
        opts.scratchWavPath,
        '-map',
        '0:v:0',
        '-map',
        '1:a:0',
        ...videoArgs,
        '-af',
        alignedLimiter({ limit: 0.8414 }, generated.sampleRate),
        '-c:a',
        'aac',
        '-b:a',
        '192k',
        '-ar',
        String(generated.sampleRate),
        '-shortest',
        '-movflags',
        '+faststart',
        '-f',
        'mp4',
        opts.outPath,
      ],
      { ...(opts.signal ? { signal: opts.signal } : {}), stage: 'mux' },
    );
  } finally {
    await rm(opts.scratchWavPath, { force: true });
  }
}
