import { execFile } from 'node:child_process';
import { promises as fs } from 'node:fs';
import { fail, ok, type Result } from '../../../../shared/ipc/result';

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

interface FfprobeStream {
  codec_type?: string;
  width?: number;
  height?: number;
  duration?: string;
  disposition?: { attached_pic?: number };
}

interface FfprobeOutput {
  streams?: FfprobeStream[];
  format?: { duration?: string };
}

function runFfprobe(
  filePath: string,
  ffprobePath: string,
): Promise<{ ok: true; json: string } | { ok: false; message: string }> {
  const args = [
    '-v',
    'error',
    '-print_format',
    'json',
    '-show_format',
    '-show_streams',
    '--',
    filePath,
  ];
  return new Promise((resolve) => {
    execFile(
      ffprobePath,
      args,
      { timeout: 30_000, maxBuffer: 8 * 1024 * 1024 },
      (error, stdout, stderr) => {
        if (error) {
          const reason =
            (error as NodeJS.ErrnoException).code === 'ENOENT'
              ? 'ffprobe is not installed'
              : stderr.trim().split('\n')[0];
          resolve({ ok: false, message: reason || error.message });
        } else {
          resolve({ ok: true, json: stdout });
        }
      },
    );
  });
}

/** Reads duration, streams and size of a local file with ffprobe. Cover art does not count as video. */
export async function probeMedia(
  filePath: string,
  ffprobePath = 'ffprobe',
): Promise<Result<MediaProbe>> {
  let bytes: number;
  try {
    const stat = await fs.stat(filePath);
    if (!stat.isFile()) return fail('not_a_file', 'That path is not a file.');
    bytes = stat.size;
  } catch {
    return fail('file_missing', 'The file does not exist or cannot be read.');
  }
  const run = await runFfprobe(filePath, ffprobePath);
  if (!run.ok)
    return fail('not_media', `The file could not be read as audio or video (${run.message}).`);
  let parsed: FfprobeOutput;
  try {
    parsed = JSON.parse(run.json) as FfprobeOutput;
  } catch {
    return fail('not_media', 'The file could not be read as audio or video.');
  }
  const streams = parsed.streams ?? [];
  const video = streams.find((s) => s.codec_type === 'video' && !s.disposition?.attached_pic);
  const hasAudio = streams.some((s) => s.codec_type === 'audio');
  const durations = [parsed.format?.duration, ...streams.map((s) => s.duration)]
    .map((d) => Number(d))
    .filter((d) => Number.isFinite(d) && d > 0);
  if (!video && !hasAudio) return fail('not_media', 'The file has no audio or video stream.');
  const probe: MediaProbe = {
    durationSeconds: durations[0] ?? 0,
    hasVideo: Boolean(video),
    hasAudio,
    bytes,
  };
  if (video?.width) probe.width = video.width;
  if (video?.height) probe.height = video.height;
  return ok(probe);
}
