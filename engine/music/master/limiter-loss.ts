import { forEachBlock } from '../dsp/blocks';

/**
 * Predicts how much loudness the true-peak limiter will take off a piece at a given gain, from a
 * profile gathered while the piece is synthesised: the peak and energy of every 10 ms window.
 * The render then masters and encodes in one pass at a gain that already allows for limiting,
 * instead of running the limiter once just to measure it (docs/decisions/090-one-pass-music.md).
 * The prediction only has to land within the final pass's retry tolerance; the encoded pass
 * still measures what it really produced.
 */
const WINDOW_SECONDS = 0.01;
/** The limiter's default release (true-peak-limiter.ts, 120 ms): reduction fades at this pace. */
const RELEASE_SECONDS = 0.12;
/** Windows quieter than this (relative to the mean) hardly count in gated loudness; skip them. */
const RELATIVE_GATE = 0.01;

export class PeakProfile {
  private readonly windowFrames: number;
  private readonly peaks: number[] = [];
  private readonly energies: number[] = [];
  private peak = 0;
  private energy = 0;
  private filled = 0;

  /** `releaseSeconds`: the release of the limiter whose loss is predicted. */
  constructor(
    private readonly sampleRate: number,
    private readonly releaseSeconds = RELEASE_SECONDS,
  ) {
    this.windowFrames = Math.max(1, Math.round(sampleRate * WINDOW_SECONDS));
  }

  /**
   * Adds planar frames (only what the finished piece keeps). Stereo, the common case, runs as
   * one loop over locals: it sees every sample of every render. The sums are the same, in the
   * same order, as the general loop's; a long push is walked in blocks (dsp/blocks.ts).
   */
  push(channels: readonly Float32Array[]): void {
    const length = channels[0]?.length ?? 0;
    forEachBlock(length, (from, to) => this.pushBlock(channels, from, to));
  }

  private pushBlock(channels: readonly Float32Array[], from: number, to: number): void {
    const windowFrames = this.windowFrames;
    let { peak, energy, filled } = this;
    const left = channels[0]!;
    const right = channels.length === 2 ? channels[1]! : undefined;
    for (let i = from; i < to; i++) {
      if (right) {
        const l = left[i]!;
        const r = right[i]!;
        const ml = l < 0 ? -l : l;
        if (ml > peak) peak = ml;
        energy += l * l;
        const mr = r < 0 ? -r : r;
        if (mr > peak) peak = mr;
        energy += r * r;
      } else {
        for (let c = 0; c < channels.length; c++) {
          const x = channels[c]![i]!;
          const magnitude = x < 0 ? -x : x;
          if (magnitude > peak) peak = magnitude;
          energy += x * x;
        }
      }
      if (++filled === windowFrames) {
        this.peaks.push(peak);
        this.energies.push(energy);
        peak = 0;
        energy = 0;
        filled = 0;
      }
    }
    this.peak = peak;
    this.energy = energy;
    this.filled = filled;
  }

  /**
   * Loudness change (dB, ≤ 0) the limiter at `ceilingDb` causes at `gainDb`: each window needs
   * its peak brought under the ceiling, the reduction recovers at the release rate, and the
   * energy lost is weighed over the windows loud enough to count.
   */
  lossDb(gainDb: number, ceilingDb: number): number {
    const gain = Math.pow(10, gainDb / 20);
    const ceiling = Math.pow(10, ceilingDb / 20);
    const recover = Math.exp(-WINDOW_SECONDS / this.releaseSeconds);
    const count = this.peaks.length;
    let total = 0;
    for (let w = 0; w < count; w++) total += this.energies[w]!;
    if (count === 0 || total <= 0) return 0;
    const gate = (total / count) * RELATIVE_GATE;
    let envelope = 1;
    let kept = 0;
    let counted = 0;
    for (let w = 0; w < count; w++) {
      const peak = this.peaks[w]! * gain;
      const needed = peak > ceiling ? ceiling / peak : 1;
      envelope = Math.min(needed, 1 - (1 - envelope) * recover);
      const energy = this.energies[w]!;
      if (energy < gate) continue;
      kept += energy * envelope * envelope;
      counted += energy;
    }
    return counted > 0 ? 10 * Math.log10(kept / counted) : 0;
  }

  /**
   * The gain that brings a piece measured at `rawLufs` to `targetLufs` once limited: solved by
   * fixed-point steps (the loss grows slowly with the gain, so a few steps settle it).
   */
  gainFor(rawLufs: number, targetLufs: number, ceilingDb: number): number {
    const plain = targetLufs - rawLufs;
    let gainDb = plain;
    for (let step = 0; step < 6; step++) gainDb = plain - this.lossDb(gainDb, ceilingDb);
    return gainDb;
  }

  get seconds(): number {
    return (this.peaks.length * this.windowFrames + this.filled) / this.sampleRate;
  }
}
