import { probeMedia } from './probe';
import { FFMPEG_QUIET_OVERWRITE, lastErrorLine, runTool, TOOL } from '../../shared/node/toolchain';

export type MuxOutcome =
  { ok: true; value: { pictureCopied: boolean } } | { ok: false; message: string };

/** Video codecs an MP4 can carry as they are; anything else (gif, vp8, …) must be re-encoded. */
const MP4_COPYABLE = new Set(['h264', 'hevc', 'av1', 'vp9', 'mpeg4']);

/**
 * How the picture goes into the MP4: stream-copied bit for bit when MP4 can carry its codec,
 * otherwise re-encoded to H.264 (animated GIF and the like).
 */
export function pictureArgs(videoCodec: string | undefined): { copy: boolean; args: string[] } {
  const copy = MP4_COPYABLE.has(videoCodec ?? '');
  const args = copy
    ? ['-c:v', 'copy', ...(videoCodec === 'hevc' ? ['-tag:v', 'hvc1'] : [])]
    : [
        '-vf',
        'scale=trunc(iw/2)*2:trunc(ih/2)*2,format=yuv420p',
        '-c:v',
        'libx264',
        '-preset',
        'veryfast',
        '-crf',
        '20',
      ];
  return { copy, args };
}

export interface MuxOptions {
  signal?: AbortSignal;
  audioBitrate?: string;
}

/**
 * Puts a new soundtrack under a video's picture in an MP4: the picture is stream-copied bit for
 * bit (`-c:v copy`) whenever MP4 can carry its codec, the audio is encoded to AAC, and the moov
 * atom goes first (faststart) so players can start before the download ends. Animated GIF and
 * other codecs MP4 cannot hold are re-encoded to H.264 instead, and the result says so.
 */
export async function muxAudioWithVideo(
  videoPath: string,
  audioPath: string,
  outPath: string,
  options: MuxOptions = {},
): Promise<MuxOutcome> {
  const probe = await probeMedia(videoPath, options.signal);
  if (!probe.ok) return probe;
  if (!probe.hasVideo) return { ok: false, message: 'The picture source has no video track.' };
  const { copy, args: videoArgs } = pictureArgs(probe.videoCodec);
  const run = await runTool(
    TOOL.ffmpeg,
    [
      ...FFMPEG_QUIET_OVERWRITE,
      '-i',
      videoPath,
      '-i',
      audioPath,
      '-map',
      '0:v:0',
      '-map',
      '1:a:0',
      ...videoArgs,
      '-c:a',
      'aac',
      '-b:a',
      options.audioBitrate ?? '192k',
      '-movflags',
      '+faststart',
      '-f',
      'mp4',
      outPath,
    ],
    { signal: options.signal, stage: 'mux' },
  );
  if (run.aborted) return { ok: false, message: 'Muxing was canceled.' };
  if (run.code !== 0) return { ok: false, message: `Muxing failed: ${lastErrorLine(run.stderr)}` };
  return { ok: true, value: { pictureCopied: copy } };
}
