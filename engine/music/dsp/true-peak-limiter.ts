/**
 * Stereo look-ahead brickwall limiter on estimated true peak. Each frame's required gain comes
 * from a 4x oversampled peak estimate (windowed-sinc interpolation, as BS.1770 meters do); a
 * sliding minimum over the look-ahead window followed by a moving average of the same length
 * guarantees the gain is already down when a peak arrives, with a smooth attack; release is
 * exponential. Written as one flat loop over locals: it runs over every sample of every piece.
 */
const OVERSAMPLE = 4;
/**
 * Interpolation taps on each side of the gap between two samples: 12 Hann-windowed sinc taps
 * are within 0.05 dB up to 13 kHz (8 taps missed peaks of bright, noisy material in tests).
 */
const HALF_TAPS = 6;
const TAPS = 2 * HALF_TAPS;

function buildPhase(p: number): Float64Array {
  const fraction = p / OVERSAMPLE;
  const taps = new Float64Array(TAPS);
  for (let t = 0; t < TAPS; t++) {
    const x = fraction - (t - HALF_TAPS + 1);
    const sinc = x === 0 ? 1 : Math.sin(Math.PI * x) / (Math.PI * x);
    taps[t] = sinc * (0.5 + 0.5 * Math.cos((Math.PI * x) / (HALF_TAPS + 0.5)));
  }
  return taps;
}

/** Largest magnitude of the three interpolated points between window samples HALF_TAPS-1 and HALF_TAPS. */
function interpolatedPeak(
  h: Float64Array,
  start: number,
  p1: Float64Array,
  p2: Float64Array,
  p3: Float64Array,
): number {
  let s1 = 0;
  let s2 = 0;
  let s3 = 0;
  for (let t = 0; t < TAPS; t++) {
    const v = h[start + t]!;
    s1 += p1[t]! * v;
    s2 += p2[t]! * v;
    s3 += p3[t]! * v;
  }
  return Math.max(Math.abs(s1), Math.abs(s2), Math.abs(s3));
}

/** The smallest power of two holding `n` entries, so ring positions are a mask, not a modulo. */
function ringSize(n: number): number {
  let size = 1;
  while (size < n) size *= 2;
  return size;
}

export class TruePeakLimiter {
  private readonly p1 = buildPhase(1);
  private readonly p2 = buildPhase(2);
  private readonly p3 = buildPhase(3);
  private readonly ceiling: number;
  private readonly lookahead: number;
  private readonly release: number;
  /** Last TAPS input samples per channel, stored twice over so the window is always contiguous. */
  private readonly historyL = new Float64Array(2 * TAPS);
  private readonly historyR = new Float64Array(2 * TAPS);
  /**
   * Delay line of input audio covering detection delay plus look-ahead. It and the rings below
   * are powers of two: every sample indexes each of them, and a mask is far cheaper than `%`.
   */
  private readonly delayL: Float32Array;
  private readonly delayR: Float32Array;
  /** Ring of required gains (by detection index) and a monotonic deque of indices for the minimum. */
  private readonly required: Float64Array;
  private readonly deque: Int32Array;
  private readonly box: Float64Array;
  private dequeHead = 0;
  private dequeTail = 0;
  private boxSum = 0;
  private envelope = 1;
  private inputFrames = 0;
  private outputFrames = 0;
  /** Where the next sample goes in the history (inputFrames mod TAPS) and in the box. */
  private historySlot = 0;
  private boxSlot = 0;

  constructor(sampleRate: number, ceilingDb: number, lookaheadMs = 5, releaseMs = 120) {
    this.ceiling = Math.pow(10, ceilingDb / 20);
    this.lookahead = Math.max(8, Math.round((lookaheadMs / 1000) * sampleRate));
    this.release = Math.exp(-1 / ((releaseMs / 1000) * sampleRate));
    this.delayL = new Float32Array(ringSize(HALF_TAPS + this.lookahead + 2));
    this.delayR = new Float32Array(this.delayL.length);
    this.required = new Float64Array(ringSize(this.lookahead + 2));
    this.deque = new Int32Array(this.required.length);
    this.box = new Float64Array(this.lookahead);
  }

  /** Frames held back inside the limiter. */
  get latency(): number {
    return HALF_TAPS - 1 + this.lookahead;
  }

  /** Limits a stereo block (a mono block is treated as both channels); returns the frames now ready. */
  process(input: readonly Float32Array[]): Float32Array[] {
    const left = input[0] ?? new Float32Array(0);
    const right = input[1] ?? left;
    const frames = left.length;
    const outL = new Float32Array(frames);
    const outR = new Float32Array(frames);
    const {
      p1,
      p2,
      p3,
      historyL,
      historyR,
      delayL,
      delayR,
      required,
      deque,
      box,
      ceiling,
      release,
    } = this;
    const lookahead = this.lookahead;
    const delayMask = delayL.length - 1;
    const ringMask = required.length - 1;
    const threshold = ceiling * 0.6;
    let { dequeHead, dequeTail, boxSum, envelope, inputFrames: n, historySlot, boxSlot } = this;
    let written = 0;
    for (let i = 0; i < frames; i++, n++) {
      const xl = left[i]!;
      const xr = right[i]!;
      const write = historySlot;
      historySlot = write === TAPS - 1 ? 0 : write + 1;
      historyL[write] = xl;
      historyL[write + TAPS] = xl;
      historyR[write] = xr;
      historyR[write + TAPS] = xr;
      delayL[n & delayMask] = xl;
      delayR[n & delayMask] = xr;
      // The window starts one past the newest sample: (n + 1) mod TAPS.
      const start = historySlot;
      const left0 = Math.abs(historyL[start + HALF_TAPS - 1]!);
      const left1 = Math.abs(historyL[start + HALF_TAPS]!);
      const right0 = Math.abs(historyR[start + HALF_TAPS - 1]!);
      const right1 = Math.abs(historyR[start + HALF_TAPS]!);
      let peakL = left0 > left1 ? left0 : left1;
      let peakR = right0 > right1 ? right0 : right1;
      // Inter-sample overshoot beyond ~4 dB does not happen in real music: skip quieter gaps.
      if (peakL > threshold) peakL = Math.max(peakL, interpolatedPeak(historyL, start, p1, p2, p3));
      if (peakR > threshold) peakR = Math.max(peakR, interpolatedPeak(historyR, start, p1, p2, p3));
      const peak = peakL > peakR ? peakL : peakR;
      // Detection index m is the later sample of the interpolated gap.
      const m = n - HALF_TAPS + 1;
      if (m < 0) continue;
      const need = peak > ceiling ? ceiling / peak : 1;
      required[m & ringMask] = need;
      while (
        dequeTail > dequeHead &&
        required[deque[(dequeTail - 1) & ringMask]! & ringMask]! >= need
      )
        dequeTail--;
      deque[dequeTail++ & ringMask] = m;
      const j = m - lookahead;
      if (j < 0) continue;
      while (deque[dequeHead & ringMask]! < j) dequeHead++;
      const windowMin = required[deque[dequeHead & ringMask]! & ringMask]!;
      envelope = windowMin < envelope ? windowMin : windowMin - (windowMin - envelope) * release;
      if (j === 0) {
        // Before the first frame the gain is taken as already settled, so an opening peak is held too.
        box.fill(envelope);
        boxSum = envelope * lookahead;
      }
      boxSum += envelope - box[boxSlot]!;
      box[boxSlot] = envelope;
      boxSlot = boxSlot === lookahead - 1 ? 0 : boxSlot + 1;
      const gain = boxSum < lookahead ? boxSum / lookahead : 1;
      outL[written] = delayL[j & delayMask]! * gain;
      outR[written] = delayR[j & delayMask]! * gain;
      written++;
    }
    this.dequeHead = dequeHead;
    this.dequeTail = dequeTail;
    this.boxSum = boxSum;
    this.envelope = envelope;
    this.inputFrames = n;
    this.historySlot = historySlot;
    this.boxSlot = boxSlot;
    this.outputFrames += written;
    return [outL.subarray(0, written), outR.subarray(0, written)];
  }

  /** Drains the frames still inside the limiter (feeds silence through it). */
  flush(): Float32Array[] {
    const pendingOutput = this.inputFrames - this.outputFrames;
    const silence = new Float32Array(this.latency);
    return this.process([silence, silence]).map((channel) => channel.subarray(0, pendingOutput));
  }
}
