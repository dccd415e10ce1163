/**
 * Look-ahead brickwall limiter on estimated true peak. Each frame's required gain comes from a 4x
 * oversampled peak estimate (windowed-sinc interpolation, as BS.1770 meters do); a sliding minimum
 * over the look-ahead window followed by a moving average of the same length guarantees the gain
 * is already down when a peak arrives, with a smooth attack; release is exponential.
 */
const OVERSAMPLE = 4;
/** Interpolation taps on each side of the gap between two samples. */
const HALF_TAPS = 6;

function buildPhases(): Float64Array[] {
  const phases: Float64Array[] = [];
  for (let p = 1; p < OVERSAMPLE; p++) {
    const fraction = p / OVERSAMPLE;
    const taps = new Float64Array(2 * HALF_TAPS);
    for (let t = 0; t < 2 * HALF_TAPS; t++) {
      const x = fraction - (t - HALF_TAPS + 1);
      const sinc = x === 0 ? 1 : Math.sin(Math.PI * x) / (Math.PI * x);
      const window = 0.5 + 0.5 * Math.cos((Math.PI * x) / (HALF_TAPS + 0.5));
      taps[t] = sinc * window;
    }
    phases.push(taps);
  }
  return phases;
}

export class TruePeakLimiter {
  private readonly phases = buildPhases() as [Float64Array, Float64Array, Float64Array];
  private readonly ceiling: number;
  private readonly lookahead: number;
  private readonly release: number;
  /**
   * Last 2*HALF_TAPS input samples per channel, for interpolation, stored twice over so the
   * window is always contiguous (no copying per sample).
   */
  private readonly history: Float64Array[];
  /** Delay line of input audio, long enough to cover detection delay plus look-ahead. */
  private readonly delay: Float32Array[];
  private readonly delayLength: number;
  /** Ring of required gains (by detection index) and a monotonic deque of indices for the minimum. */
  private readonly required: Float64Array;
  private readonly deque: Int32Array;
  private dequeHead = 0;
  private dequeTail = 0;
  private readonly box: Float64Array;
  private boxSum: number;
  private envelope = 1;
  private inputFrames = 0;
  private outputFrames = 0;

  constructor(
    sampleRate: number,
    ceilingDb: number,
    lookaheadMs = 5,
    releaseMs = 120,
    private readonly channels = 2,
  ) {
    this.ceiling = Math.pow(10, ceilingDb / 20);
    this.lookahead = Math.max(8, Math.round((lookaheadMs / 1000) * sampleRate));
    this.release = Math.exp(-1 / ((releaseMs / 1000) * sampleRate));
    this.history = Array.from({ length: channels }, () => new Float64Array(4 * HALF_TAPS));
    this.delayLength = HALF_TAPS + this.lookahead + 2;
    this.delay = Array.from({ length: channels }, () => new Float32Array(this.delayLength));
    this.required = new Float64Array(this.lookahead + 2);
    this.deque = new Int32Array(this.lookahead + 2);
    this.box = new Float64Array(this.lookahead);
    this.boxSum = 0;
  }

  /** Frames held back inside the limiter. */
  get latency(): number {
    return HALF_TAPS - 1 + this.lookahead;
  }

  process(input: readonly Float32Array[]): Float32Array[] {
    const frames = input[0]?.length ?? 0;
    const out = Array.from({ length: this.channels }, () => new Float32Array(frames));
    let written = 0;
    for (let i = 0; i < frames; i++) {
      written += this.step(input, i, out, written);
    }
    return out.map((channel) => channel.subarray(0, written));
  }

  /** Drains the frames still inside the limiter (feeds silence through it). */
  flush(): Float32Array[] {
    const silence = Array.from({ length: this.channels }, () => new Float32Array(this.latency));
    const pendingOutput = this.inputFrames - this.outputFrames;
    const drained = this.process(silence);
    return drained.map((channel) => channel.subarray(0, pendingOutput));
  }

  private step(
    input: readonly Float32Array[],
    i: number,
    out: Float32Array[],
    written: number,
  ): number {
    const n = this.inputFrames++;
    const size = 2 * HALF_TAPS;
    const write = n % size;
    const start = (n + 1) % size;
    let peak = 0;
    for (let c = 0; c < this.channels; c++) {
      const h = this.history[c]!;
      const x = input[c]![i]!;
      h[write] = x;
      h[write + size] = x;
      this.delay[c]![n % this.delayLength] = x;
      // Window samples HALF_TAPS-1 and HALF_TAPS bracket the gap being interpolated.
      const a = Math.abs(h[start + HALF_TAPS - 1]!);
      const b = Math.abs(h[start + HALF_TAPS]!);
      let local = a > b ? a : b;
      // Inter-sample overshoot beyond ~4 dB does not happen in real music: skip quiet gaps.
      if (local > this.ceiling * 0.6) {
        const [p1, p2, p3] = this.phases;
        let s1 = 0;
        let s2 = 0;
        let s3 = 0;
        for (let t = 0; t < size; t++) {
          const v = h[start + t]!;
          s1 += p1[t]! * v;
          s2 += p2[t]! * v;
          s3 += p3[t]! * v;
        }
        local = Math.max(local, Math.abs(s1), Math.abs(s2), Math.abs(s3));
      }
      if (local > peak) peak = local;
    }
    // Detection index m refers to the later sample of the interpolated gap.
    const m = n - HALF_TAPS + 1;
    if (m < 0) return 0;
    const need = peak > this.ceiling ? this.ceiling / peak : 1;
    const ring = this.required.length;
    this.required[m % ring] = need;
    while (
      this.dequeTail > this.dequeHead &&
      this.required[this.deque[(this.dequeTail - 1) % ring]! % ring]! >= need
    )
      this.dequeTail--;
    this.deque[this.dequeTail++ % ring] = m;
    const j = m - this.lookahead;
    if (j < 0) return 0;
    while (this.deque[this.dequeHead % ring]! < j) this.dequeHead++;
    const windowMin = this.required[this.deque[this.dequeHead % ring]! % ring]!;
    this.envelope =
      windowMin < this.envelope
        ? windowMin
        : windowMin - (windowMin - this.envelope) * this.release;
    if (j === 0) {
      // Before the first frame the gain is taken as already settled, so an opening peak is held too.
      this.box.fill(this.envelope);
      this.boxSum = this.envelope * this.lookahead;
    }
    const slot = j % this.lookahead;
    this.boxSum += this.envelope - this.box[slot]!;
    this.box[slot] = this.envelope;
    const gain = Math.min(1, this.boxSum / this.lookahead);
    for (let c = 0; c < this.channels; c++)
      out[c]![written] = this.delay[c]![j % this.delayLength]! * gain;
    this.outputFrames++;
    return 1;
  }
}
