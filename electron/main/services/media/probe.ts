import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { MediaInfo } from '../../../../shared/ipc/channels/media';
import {
  displaySize,
  readableSeconds,
  truncationProblem,
} from '../../../../shared/node/media/probe-facts';
import { fail, ok, type Result } from '../../../../shared/ipc/result';
import {
  readFfprobe,
  type FfprobeOutput,
  type FfprobeStream,
} from '../../../../shared/node/media/ffprobe-json';

/** What the app knows about a local media file before uploading it (the media:probe answer). */
export interface MediaProbe {
  durationSeconds: number;
  hasVideo: boolean;
  hasAudio: boolean;
  bytes: number;
  width?: number;
  height?: number;
}

export type ProbeMedia = (filePath: string) => Promise<Result<MediaProbe>>;

/** A probe that hangs (a stalled network share) is given up after this long. */
const PROBE_TIMEOUT_MS = 30_000;

interface ProbedFile {
  bytes: number;
  streams: FfprobeStream[];
  format: NonNullable<FfprobeOutput['format']>;
  durationSeconds: number;
  /** The picture stream; cover art does not count as video. */
  video?: FfprobeStream;
  audio?: FfprobeStream;
}

/** Runs ffprobe once on a local file; every failure becomes an error value that says what to do. */
async function readProbe(filePath: string): Promise<Result<ProbedFile>> {
  let bytes: number;
  try {
    const stat = await fs.stat(filePath);
    if (!stat.isFile()) return fail('not_a_file', 'That path is not a file.');
    bytes = stat.size;
  } catch {
    return fail('file_missing', 'The file does not exist or cannot be read.');
  }
  // Plain words: a missing ffprobe names itself; a bad file never shows the tool's own line.
  const read = await readFfprobe(filePath, { timeoutMs: PROBE_TIMEOUT_MS });
  if (!read.ok) return fail('not_media', read.message);
  const parsed = read.value;
  const streams = parsed.streams ?? [];
  const video = streams.find((s) => s.codec_type === 'video' && !s.disposition?.attached_pic);
  const audio = streams.find((s) => s.codec_type === 'audio');
  const durations = [parsed.format?.duration, ...streams.map((s) => s.duration)]
    .map((d) => Number(d))
    .filter((d) => Number.isFinite(d) && d > 0);
  if (!video && !audio) return fail('not_media', 'The file has no audio or video stream.');
  const stated = durations[0] ?? 0;
  const readable = await readableSeconds(filePath, bytes, video ? 'v:0' : 'a:0');
  const cut = truncationProblem(readable, stated);
  if (cut) return fail('not_media', cut);
  return ok({
    bytes,
    streams,
    format: parsed.format ?? {},
    durationSeconds: durations[0] ?? 0,
    video,
    audio,
  });
}

/** Reads duration, streams and size of a local file with ffprobe. Cover art does not count as video. */
export async function probeMedia(filePath: string): Promise<Result<MediaProbe>> {
  const read = await readProbe(filePath);
  if (!read.ok) return read;
  const { video, audio } = read.value;
  const probe: MediaProbe = {
    durationSeconds: read.value.durationSeconds,
    hasVideo: Boolean(video),
    hasAudio: Boolean(audio),
    bytes: read.value.bytes,
  };
  // As the viewer sees it: a rotated phone video is portrait.
  const shown = video ? displaySize(video) : null;
  if (shown) {
    probe.width = shown.width;
    probe.height = shown.height;
  }
  return ok(probe);
}

/** "30000/1001" -> 29.97; null for "0/0" and other non-rates. */
export function parseFrameRate(rate: string | undefined): number | null {
  if (!rate) return null;
  const [num, den = '1'] = rate.split('/');
  const value = Number(num) / Number(den);
  return Number.isFinite(value) && value > 0 ? value : null;
}

/**
 * The full probe behind media:inspect: container, picture (codec, size, frame rate) and sound
 * (codec, channels, rate). `container` is the ffprobe format name that matches the file's
 * extension when there is one ("mp4" rather than "mov,mp4,m4a,…").
 */
export async function inspectMedia(filePath: string): Promise<Result<MediaInfo>> {
  const read = await readProbe(filePath);
  if (!read.ok) return read;
  const { video, audio, format } = read.value;
  const names = (format.format_name ?? 'unknown').split(',');
  const extension = path.extname(filePath).slice(1).toLowerCase();
  const info: MediaInfo = {
    path: filePath,
    durationMs: Math.round(read.value.durationSeconds * 1000),
    bytes: read.value.bytes,
    container: names.includes(extension) ? extension : (names[0] ?? 'unknown'),
  };
  if (video) {
    info.video = {
      codec: video.codec_name ?? 'unknown',
      width: displaySize(video)?.width ?? 0,
      height: displaySize(video)?.height ?? 0,
      fps: parseFrameRate(video.avg_frame_rate) ?? parseFrameRate(video.r_frame_rate) ?? 25,
    };
  }
  if (audio) {
    info.audio = {
      codec: audio.codec_name ?? 'unknown',
      channels: audio.channels ?? 0,
      sampleRate: Number(audio.sample_rate) || 0,
    };
  }
  return ok(info);
}
