import {
  displaySize,
  readableSeconds,
  truncationProblem,
} from '../../shared/node/media/probe-facts';
import { readFfprobe, type FfprobeOutput } from '../../shared/node/media/ffprobe-json';

/** What the engine needs to know about an input media file. */
export interface MediaProbe {
  durationSeconds: number;
  hasVideo: boolean;
  hasAudio: boolean;
  formatName: string;
  width?: number;
  height?: number;
  /** Frames per second of the first video stream. */
  fps?: number;
  videoCodec?: string;
  audioCodec?: string;
  sampleRate?: number;
  channels?: number;
}

export type ProbeResult = { ok: true; value: MediaProbe } | { ok: false; error: string };

/**
 * Runs ffprobe; a file it cannot read is an error value, never a throw. When no ffprobe can run,
 * the error is the toolchain's message (which tool is missing and how to add it).
 */
export async function probeMedia(path: string): Promise<ProbeResult> {
  const read = await readFfprobe(path);
  if (!read.ok) return { ok: false, error: read.message };
  const probed = readProbeJson(read.value);
  if (!probed.ok) return probed;
  // A header that claims more than the bytes hold: refused before any charge, in plain words.
  const readable = await readableSeconds(path, read.bytes, probed.value.hasVideo ? 'v:0' : 'a:0');
  const cut = truncationProblem(readable, probed.value.durationSeconds);
  return cut ? { ok: false, error: cut } : probed;
}

function readProbeJson(parsed: FfprobeOutput): ProbeResult {
  const streams = parsed.streams ?? [];
  // Cover art in audio files is a "video" stream of one picture: not a video track.
  const video = streams.find((s) => s.codec_type === 'video' && !s.disposition?.attached_pic);
  const audio = streams.find((s) => s.codec_type === 'audio');
  if (!video && !audio) return { ok: false, error: 'no audio or video stream' };
  const durations = [parsed.format?.duration, ...streams.map((s) => s.duration)]
    .map((d) => Number(d))
    .filter((d) => Number.isFinite(d) && d > 0);
  const durationSeconds =
    Number(parsed.format?.duration) > 0
      ? Number(parsed.format?.duration)
      : Math.max(0, ...durations);
  if (!(durationSeconds > 0)) return { ok: false, error: 'media has no duration' };
  return {
    ok: true,
    value: {
      durationSeconds,
      hasVideo: Boolean(video),
      hasAudio: Boolean(audio),
      formatName: parsed.format?.format_name ?? '',
      // As the viewer sees it: a rotated phone video is portrait.
      width: video ? displaySize(video)?.width : undefined,
      height: video ? displaySize(video)?.height : undefined,
      fps: video ? (frameRate(video.avg_frame_rate) ?? frameRate(video.r_frame_rate)) : undefined,
      videoCodec: video?.codec_name,
      audioCodec: audio?.codec_name,
      sampleRate: audio?.sample_rate ? Number(audio.sample_rate) : undefined,
      channels: audio?.channels,
    },
  };
}

function frameRate(text: string | undefined): number | undefined {
  if (!text) return undefined;
  const [num, den] = text.split('/').map(Number);
  if (!num || !den) return undefined;
  return num / den;
}
