/**
 * Splicing a re-dubbed window into a dub's audio, as interleaved 16-bit PCM
 * (docs/decisions/086-line-window-splice.md). Samples outside the window are copied unchanged;
 * inside it, the new audio replaces the old, with a short crossfade at each edge that stays
 * inside the window so nothing outside it moves.
 */

/** Crossfade at each edge of the window: long enough to hide a step, short enough to not blur. */
export const SPLICE_FADE_MS = 10;

/** The frame (sample per channel) at `ms` at `sampleRate`. */
export function frameAt(ms: number, sampleRate: number): number {
  return Math.round((ms * sampleRate) / 1000);
}

/**
 * `full` with frames [startFrame, endFrame) taken from `window` (whose frame 0 is startFrame).
 * A window shorter than the range keeps the old audio past its end (faded back in); `full` is
 * not modified.
 */
export function spliceWindow(
  full: Int16Array,
  window: Int16Array,
  channels: number,
  startFrame: number,
  endFrame: number,
  fadeFrames: number,
): Int16Array {
  const out = new Int16Array(full);
  const totalFrames = Math.floor(full.length / channels);
  const first = Math.max(0, Math.min(startFrame, totalFrames));
  const last = Math.max(first, Math.min(endFrame, totalFrames, first + window.length / channels));
  const span = last - first;
  const fade = Math.max(0, Math.min(fadeFrames, Math.floor(span / 2)));
  for (let frame = 0; frame < span; frame += 1) {
    // Weight of the new audio: ramps up over the first `fade` frames, down over the last.
    const weight = fade === 0 ? 1 : Math.min(1, (frame + 0.5) / fade, (span - frame - 0.5) / fade);
    for (let channel = 0; channel < channels; channel += 1) {
      const at = (first + frame) * channels + channel;
      const next = window[frame * channels + channel] ?? 0;
      const old = full[at] ?? 0;
      out[at] = Math.round(old + (next - old) * weight);
    }
  }
  return out;
}

/** Quiet stretches of interleaved PCM: 20 ms blocks under `thresholdDb` (dBFS RMS), merged. */
export function quietSpans(
  pcm: Int16Array,
  channels: number,
  sampleRate: number,
  thresholdDb = -40,
  minMs = 60,
): { startMs: number; endMs: number }[] {
  const block = Math.max(1, Math.round(sampleRate / 50));
  const frames = Math.floor(pcm.length / channels);
  const limit = 32768 * 10 ** (thresholdDb / 20);
  const spans: { startMs: number; endMs: number }[] = [];
  let runStart = -1;
  for (let from = 0; from < frames; from += block) {
    const to = Math.min(frames, from + block);
    let sum = 0;
    for (let i = from * channels; i < to * channels; i += 1) sum += pcm[i]! * pcm[i]!;
    const rms = Math.sqrt(sum / Math.max(1, (to - from) * channels));
    const quiet = rms < limit;
    if (quiet && runStart < 0) runStart = from;
    if ((!quiet || to === frames) && runStart >= 0) {
      const end = quiet ? to : from;
      const span = { startMs: (runStart * 1000) / sampleRate, endMs: (end * 1000) / sampleRate };
      if (span.endMs - span.startMs >= minMs) spans.push(span);
      runStart = -1;
    }
  }
  return spans;
}
