/** Second-order IIR sections (RBJ cookbook), used to carve frequency bands out of PCM. */
interface Coefficients {
  b0: number;
  b1: number;
  b2: number;
  a1: number;
  a2: number;
}

function design(
  kind: 'lowpass' | 'highpass',
  frequency: number,
  sampleRate: number,
  q = Math.SQRT1_2,
): Coefficients {
  const w0 = (2 * Math.PI * frequency) / sampleRate;
  const alpha = Math.sin(w0) / (2 * q);
  const cos = Math.cos(w0);
  const a0 = 1 + alpha;
  const b1 = kind === 'lowpass' ? 1 - cos : -(1 + cos);
  const b0 = kind === 'lowpass' ? (1 - cos) / 2 : (1 + cos) / 2;
  return { b0: b0 / a0, b1: b1 / a0, b2: b0 / a0, a1: (-2 * cos) / a0, a2: (1 - alpha) / a0 };
}

function runSection(input: Float32Array, c: Coefficients): Float32Array {
  const out = new Float32Array(input.length);
  let x1 = 0;
  let x2 = 0;
  let y1 = 0;
  let y2 = 0;
  for (let i = 0; i < input.length; i += 1) {
    const x = input[i] ?? 0;
    const y = c.b0 * x + c.b1 * x1 + c.b2 * x2 - c.a1 * y1 - c.a2 * y2;
    out[i] = y;
    x2 = x1;
    x1 = x;
    y2 = y1;
    y1 = y;
  }
  return out;
}

/** 4th-order (two cascaded Butterworth sections) low- or high-pass. */
export function filter4(
  kind: 'lowpass' | 'highpass',
  input: Float32Array,
  frequency: number,
  sampleRate: number,
): Float32Array {
  const c = design(kind, frequency, sampleRate);
  return runSection(runSection(input, c), c);
}

/** The signal with the band between `lowHz` and `highHz` removed (low-pass plus high-pass). */
export function bandStop(
  input: Float32Array,
  lowHz: number,
  highHz: number,
  sampleRate: number,
): Float32Array {
  const low = filter4('lowpass', input, lowHz, sampleRate);
  const high = filter4('highpass', input, highHz, sampleRate);
  for (let i = 0; i < low.length; i += 1) low[i] = (low[i] ?? 0) + (high[i] ?? 0);
  return low;
}
