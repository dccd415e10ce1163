import { readFfprobe } from '../../shared/node/media/ffprobe-json';

export interface MediaInfo {
  ok: true;
  durationSeconds: number;
  hasVideo: boolean;
  hasAudio: boolean;
  width?: number;
  height?: number;
  fps?: number;
  audioChannels?: number;
  audioSampleRate?: number;
  formatName: string;
  videoCodec?: string;
  audioCodec?: string;
}

export type ProbeResult = MediaInfo | { ok: false; message: string };

function parseRate(rate: string | undefined): number | undefined {
  if (!rate) return undefined;
  const [num, den] = rate.split('/').map(Number);
  if (num === undefined || !Number.isFinite(num) || num <= 0) return undefined;
  const value = den === undefined ? num : den > 0 ? num / den : NaN;
  return Number.isFinite(value) && value > 0 ? value : undefined;
}

function positive(text: string | undefined): number | undefined {
  const value = Number(text);
  return text !== undefined && Number.isFinite(value) && value > 0 ? value : undefined;
}

/**
 * What a media file holds, from ffprobe. Never throws: an unreadable, missing or non-media
 * file gives `{ ok: false, message }`. Cover art in audio files (an attached picture) does not
 * count as a video track.
 */
export async function probeMedia(path: string, signal?: AbortSignal): Promise<ProbeResult> {
  const read = await readFfprobe(path, { signal });
  if (!read.ok) return { ok: false, message: `Cannot read media: ${read.message}` };
  const parsed = read.value;
  const streams = parsed.streams ?? [];
  const video = streams.find((s) => s.codec_type === 'video' && s.disposition?.attached_pic !== 1);
  const audio = streams.find((s) => s.codec_type === 'audio');
  if (!video && !audio) return { ok: false, message: 'The file has no audio or video track.' };
  const durationSeconds =
    positive(parsed.format?.duration) ?? positive(video?.duration) ?? positive(audio?.duration);
  if (durationSeconds === undefined)
    return { ok: false, message: 'The media duration cannot be read.' };
  return {
    ok: true,
    durationSeconds,
    hasVideo: video !== undefined,
    hasAudio: audio !== undefined,
    width: video?.width,
    height: video?.height,
    fps: parseRate(video?.avg_frame_rate) ?? parseRate(video?.r_frame_rate),
    audioChannels: audio?.channels,
    audioSampleRate: positive(audio?.sample_rate),
    formatName: parsed.format?.format_name ?? 'unknown',
    videoCodec: video?.codec_name,
    audioCodec: audio?.codec_name,
  };
}
