import { loadStereo, MIX_RATE, silence } from '../../media/mix';
import type { SpeechSpan } from '../../media/vad';
import { detectSpeechInFile } from '../../media/vad';
import { filterMonoPcm } from '../pcm-filter';

/**
 * Keeps only the lows (under ~150 Hz) and the highs (over ~4 kHz): the band where speech lives is
 * removed. Two poles each side: one pole left Festival-like voices only 7 dB down, two give ~15 dB.
 */
const SPEECH_BAND_REMOVED =
  'asplit=2[a][b];[a]lowpass=f=150,lowpass=f=150[l];[b]highpass=f=4000,highpass=f=4000[h];[l][h]amix=inputs=2:normalize=0';
const SPAN_PAD_SECONDS = 0.1;
const CROSSFADE_SECONDS = 0.15;

export interface Bed {
  /** Stereo PCM at MIX_RATE, `frames` long. */
  channels: Float32Array[];
  /** Speech spans found in the original and taken out of the bed. */
  speech: SpeechSpan[];
}

/** 1 outside speech, 0 inside (padded), with linear crossfades so the bed never clicks. */
export function keepEnvelope(
  speech: readonly SpeechSpan[],
  frames: number,
  rate: number,
): Float32Array {
  const keep = new Float32Array(frames).fill(1);
  const fade = CROSSFADE_SECONDS * rate;
  for (const span of speech) {
    const start = (span.start - SPAN_PAD_SECONDS) * rate;
    const end = (span.end + SPAN_PAD_SECONDS) * rate;
    const from = Math.max(0, Math.floor(start - fade));
    const to = Math.min(frames, Math.ceil(end + fade));
    for (let i = from; i < to; i += 1) {
      const level = i < start ? (start - i) / fade : i > end ? (i - end) / fade : 0;
      keep[i] = Math.min(keep[i] ?? 1, Math.max(0, Math.min(1, level)));
    }
  }
  return keep;
}

/**
 * The original soundtrack with its speech removed (local-engine.md section 6): the side channel
 * (L-R) is kept whole, since centred dialogue cancels out of it; the mid channel is kept outside
 * speech and replaced by its speech-band-removed version inside speech. A mono source has no
 * side channel, so during speech only the lows and highs remain (an honest "hollow" bed).
 */
export async function buildSpeechFreeBed(
  originalPath: string,
  durationSeconds: number,
  signal?: AbortSignal,
): Promise<{ ok: true; value: Bed } | { ok: false; message: string }> {
  const frames = Math.round(durationSeconds * MIX_RATE);
  const loaded = await loadStereo(originalPath, signal);
  if (!loaded.ok) return loaded;
  const [left = new Float32Array(0), right = new Float32Array(0)] = loaded.value;
  const detected = await detectSpeechInFile(originalPath, signal);
  if (!detected.ok) return { ok: false, message: detected.message };
  const mid = new Float32Array(frames);
  const side = new Float32Array(frames);
  const length = Math.min(frames, left.length, right.length);
  for (let i = 0; i < length; i += 1) {
    mid[i] = ((left[i] ?? 0) + (right[i] ?? 0)) / 2;
    side[i] = ((left[i] ?? 0) - (right[i] ?? 0)) / 2;
  }
  const bed = silence(frames);
  const [outLeft, outRight] = bed as [Float32Array, Float32Array];
  let bandless: Float32Array = new Float32Array(frames);
  if (detected.value.length > 0) {
    const filtered = await filterMonoPcm(mid, MIX_RATE, SPEECH_BAND_REMOVED, MIX_RATE, signal);
    if (!filtered.ok)
      return { ok: false, message: `Cannot filter the speech band: ${filtered.message}` };
    bandless = filtered.samples;
  }
  const keep = keepEnvelope(detected.value, frames, MIX_RATE);
  for (let i = 0; i < frames; i += 1) {
    const k = keep[i] ?? 1;
    const m = k * (mid[i] ?? 0) + (1 - k) * (bandless[i] ?? 0);
    outLeft[i] = m + (side[i] ?? 0);
    outRight[i] = m - (side[i] ?? 0);
  }
  return { ok: true, value: { channels: bed, speech: detected.value } };
}
