export type BiquadKind = 'lowpass' | 'highpass' | 'bandpass' | 'peaking';

/**
 * RBJ-cookbook biquad, direct form I. Coefficients can be changed between samples, which is how
 * swept and gusting filters are made (update every few dozen samples, not every sample).
 */
export class Biquad {
  private b0 = 1;
  private b1 = 0;
  private b2 = 0;
  private a1 = 0;
  private a2 = 0;
  private x1 = 0;
  private x2 = 0;
  private y1 = 0;
  private y2 = 0;

  constructor(
    private readonly kind: BiquadKind,
    private readonly sampleRate: number,
    frequency: number,
    q = Math.SQRT1_2,
    gainDb = 0,
  ) {
    this.set(frequency, q, gainDb);
  }

  set(frequency: number, q = Math.SQRT1_2, gainDb = 0): void {
    const f = Math.min(Math.max(frequency, 10), this.sampleRate * 0.49);
    const w = (2 * Math.PI * f) / this.sampleRate;
    const cos = Math.cos(w);
    const alpha = Math.sin(w) / (2 * q);
    let b0: number, b1: number, b2: number, a0: number, a1: number, a2: number;
    if (this.kind === 'lowpass') {
      b1 = 1 - cos;
      b0 = b1 / 2;
      b2 = b0;
      a0 = 1 + alpha;
      a1 = -2 * cos;
      a2 = 1 - alpha;
    } else if (this.kind === 'highpass') {
      b1 = -(1 + cos);
      b0 = (1 + cos) / 2;
      b2 = b0;
      a0 = 1 + alpha;
      a1 = -2 * cos;
      a2 = 1 - alpha;
    } else if (this.kind === 'bandpass') {
      // Constant 0 dB peak gain.
      b0 = alpha;
      b1 = 0;
      b2 = -alpha;
      a0 = 1 + alpha;
      a1 = -2 * cos;
      a2 = 1 - alpha;
    } else {
      const a = 10 ** (gainDb / 40);
      b0 = 1 + alpha * a;
      b1 = -2 * cos;
      b2 = 1 - alpha * a;
      a0 = 1 + alpha / a;
      a1 = -2 * cos;
      a2 = 1 - alpha / a;
    }
    this.b0 = b0 / a0;
    this.b1 = b1 / a0;
    this.b2 = b2 / a0;
    this.a1 = a1 / a0;
    this.a2 = a2 / a0;
  }

  process(x: number): number {
    const y =
      this.b0 * x + this.b1 * this.x1 + this.b2 * this.x2 - this.a1 * this.y1 - this.a2 * this.y2;
    this.x2 = this.x1;
    this.x1 = x;
    this.y2 = this.y1;
    // Flush denormals: long silent tails otherwise slow everything down.
    this.y1 = Math.abs(y) < 1e-20 ? 0 : y;
    return this.y1;
  }

  /** Filters a whole buffer in place. */
  run(buffer: Float32Array): Float32Array {
    this.runInto(buffer, buffer, 1);
    return buffer;
  }

  /**
   * `output[i] = process(input[i]) * gain` over a whole buffer (the two may be the same), with
   * the coefficients and state in locals for the loop: a call to process() per frame reads and
   * writes them as fields, several times slower. Same arithmetic in the same order, so the
   * result is bit-identical to the per-frame calls.
   */
  runInto(input: Float32Array, output: Float32Array, gain: number): void {
    const { b0, b1, b2, a1, a2 } = this;
    let { x1, x2, y1, y2 } = this;
    for (let i = 0; i < input.length; i++) {
      const x = input[i]!;
      const y = b0 * x + b1 * x1 + b2 * x2 - a1 * y1 - a2 * y2;
      x2 = x1;
      x1 = x;
      y2 = y1;
      y1 = Math.abs(y) < 1e-20 ? 0 : y;
      output[i] = y1 * gain;
    }
    this.x1 = x1;
    this.x2 = x2;
    this.y1 = y1;
    this.y2 = y2;
  }
}

/** One-pole smoother / low-pass, for envelopes and gentle tone shaping. */
export class OnePole {
  private y = 0;
  private readonly a: number;

  constructor(sampleRate: number, cutoffHz: number) {
    this.a = Math.exp((-2 * Math.PI * cutoffHz) / sampleRate);
  }

  process(x: number): number {
    this.y = x + this.a * (this.y - x);
    return this.y;
  }
}
