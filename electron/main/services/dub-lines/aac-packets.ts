import { FFMPEG_QUIET, lastErrorLine, runTool, TOOL } from '../../../../shared/node/toolchain';
import type { Outcome } from './dub-audio';

/**
 * The ffmpeg steps of a window-only splice (docs/decisions/099-shot-changes-in-parallel-ranges.md
 * "Splice"): read a dub's AAC packets as they are, and encode a stretch of PCM into packets that
 * take the place of some of them. Only arguments the bundled 2018 ffmpeg knows are used.
 */

export interface AacTrackInfo {
  sampleRate: number;
  channels: number;
  /** The stream's bit rate, for encoding the new frames alike; null when not stated. */
  bitRate: number | null;
  /** Samples before the first packet's time stamp reaches 0 (the encoder delay). */
  priming: number;
}

/** The first audio stream's AAC-LC facts, or null when it is not AAC-LC (then the caller re-encodes it whole). */
export async function aacTrackInfo(
  file: string,
  signal?: AbortSignal,
): Promise<Outcome<AacTrackInfo | null>> {
  const run = await runTool(
    TOOL.ffprobe,
    [
      ...['-v', 'error', '-select_streams', 'a:0', '-read_intervals', '%+#1', '-of', 'json'],
      ...['-show_entries', 'stream=codec_name,profile,sample_rate,channels,bit_rate,time_base'],
      ...['-show_entries', 'packet=pts', '--', file],
    ],
    { signal },
  );
  if (run.code !== 0)
    return { ok: false, message: `The dub cannot be read: ${lastErrorLine(run.stderr)}` };
  let parsed: {
    streams?: {
      codec_name?: string;
      profile?: string;
      sample_rate?: string;
      channels?: number;
      bit_rate?: string;
      time_base?: string;
    }[];
    packets?: { pts?: number }[];
  };
  try {
    parsed = JSON.parse(run.stdout.toString('utf8')) as typeof parsed;
  } catch {
    return { ok: false, message: 'The dub cannot be read: ffprobe gave no answer.' };
  }
  const stream = parsed.streams?.[0];
  if (!stream)
    return { ok: false, message: 'The dub has no audio track; dub the whole video again.' };
  const sampleRate = Number(stream.sample_rate);
  const channels = Number(stream.channels);
  const [num, den] = (stream.time_base ?? '').split('/').map(Number);
  const firstPts = parsed.packets?.[0]?.pts;
  if (
    stream.codec_name !== 'aac' ||
    stream.profile !== 'LC' ||
    !(sampleRate > 0) ||
    !(channels > 0) ||
    !num ||
    !den ||
    typeof firstPts !== 'number'
  )
    return { ok: true, value: null };
  const bitRate = Number(stream.bit_rate);
  return {
    ok: true,
    value: {
      sampleRate,
      channels,
      bitRate: bitRate > 0 ? bitRate : null,
      priming: Math.max(0, Math.round((-firstPts * num * sampleRate) / den)),
    },
  };
}

/** The file's first audio stream, packet for packet, as raw ADTS (no decoding). */
export async function readAdts(file: string, signal?: AbortSignal): Promise<Outcome<Buffer>> {
  const run = await runTool(
    TOOL.ffmpeg,
    [...FFMPEG_QUIET, '-i', file, '-map', '0:a:0', '-c:a', 'copy', '-f', 'adts', 'pipe:1'],
    { signal },
  );
  if (run.aborted) return { ok: false, message: 'Stopped.' };
  if (run.code !== 0)
    return { ok: false, message: `The dub's audio cannot be read: ${lastErrorLine(run.stderr)}` };
  return { ok: true, value: run.stdout };
}

/**
 * Interleaved s16le PCM encoded to AAC-LC as raw ADTS, at the track's rate, channels and bit
 * rate. The first frame out is the encoder's priming frame (its window starts a frame before
 * the input); frame j ≥ 1 codes the input from sample (j − 1)·1024.
 */
export async function encodeAdts(
  pcm: Int16Array,
  track: AacTrackInfo,
  signal?: AbortSignal,
): Promise<Outcome<Buffer>> {
  const run = await runTool(
    TOOL.ffmpeg,
    [
      ...FFMPEG_QUIET,
      ...['-f', 's16le', '-ar', String(track.sampleRate), '-ac', String(track.channels)],
      ...['-i', 'pipe:0', '-c:a', 'aac', '-b:a', String(track.bitRate ?? 192_000)],
      ...['-f', 'adts', 'pipe:1'],
    ],
    { signal, stdin: Buffer.from(pcm.buffer, pcm.byteOffset, pcm.byteLength) },
  );
  if (run.aborted) return { ok: false, message: 'Stopped.' };
  if (run.code !== 0)
    return { ok: false, message: `The new line cannot be encoded: ${lastErrorLine(run.stderr)}` };
  return { ok: true, value: run.stdout };
}
