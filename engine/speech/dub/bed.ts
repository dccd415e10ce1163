import { join } from 'node:path';
import { buildBed } from '../../media/bed';
import { loadStereo, MIX_RATE } from '../../media/mix';
import type { SpeechSpan } from '../../media/vad';
import { detectSpeechInFile } from '../../media/vad';

export interface Bed {
  /** Stereo PCM at MIX_RATE, exactly as long as the video. */
  channels: Float32Array[];
  /** Speech spans found in the original and taken out of the bed. */
  speech: SpeechSpan[];
  method: 'mid-side' | 'band-removal';
}

function fitLength(channel: Float32Array, frames: number): Float32Array {
  if (channel.length === frames) return channel;
  const out = new Float32Array(frames);
  out.set(channel.subarray(0, frames));
  return out;
}

/**
 * The original soundtrack with its speech taken out, on the video's clock: the voice detector
 * finds the speech, MEDIA's `buildBed` removes it (mid/side for stereo, speech band for mono),
 * and the result is cut or padded to the video's duration so every dub lines up with the picture.
 */
export async function speechFreeBed(
  videoPath: string,
  durationSeconds: number,
  workDir: string,
  signal?: AbortSignal,
): Promise<{ ok: true; value: Bed } | { ok: false; message: string }> {
  const detected = await detectSpeechInFile(videoPath, signal);
  if (!detected.ok) return { ok: false, message: detected.message };
  const built = await buildBed(videoPath, join(workDir, 'bed.wav'), detected.value, signal);
  if (!built.ok) return built;
  const loaded = await loadStereo(built.value.outputPath, signal);
  if (!loaded.ok) return loaded;
  const frames = Math.round(durationSeconds * MIX_RATE);
  return {
    ok: true,
    value: {
      channels: loaded.value.map((channel) => fitLength(channel, frames)),
      speech: detected.value,
      method: built.value.method,
    },
  };
}
