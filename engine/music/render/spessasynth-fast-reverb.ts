/**
 * Source text (plain JavaScript, run inside the portable renderer's worker) of a faster
 * `process` for spessasynth_core's Dattorro reverb, installed on the reverb instance in place of
 * its own. The library's loop reads and writes its twelve delay lines through method calls on
 * `[buffer, write, read, mask]` arrays and advances 24 indices in a generic array per sample:
 * that reverb was ~40% of the portable synthesiser's CPU. This is the same arithmetic in the
 * same order (every store and every value read is the one the library makes), with the buffers,
 * indices and filter states in locals and typed arrays, so the output is bit-identical — a test
 * renders with and without it and compares (docs/decisions/098-engine-speed.md).
 *
 * `installFastReverb(synth)` replaces the method only when the instance has the shape this was
 * written against (12 delay lines, 14 output taps); any other library version keeps its own.
 */
export const FAST_REVERB_SOURCE = String.raw`
function fastDattorroProcess(input, outputLeft, outputRight, startIndex, sampleCount) {
  const pd = this.preDelay | 0;
  const fi = this.inputDiffusion1;
  const si = this.inputDiffusion2;
  const dc = this.decay;
  const ft = this.decayDiffusion1;
  const st = this.decayDiffusion2;
  const dp = 1 - this.damping;
  const ex = this.excursionRate / this.sampleRate;
  const ed = (this.excursionDepth * this.sampleRate) / 1e3;
  const preLPF = this.preLPF;
  const gain = this.gain;
  const pDelay = this.pDelay;
  const pDLength = this.pDLength;
  const blockStart = this.pDWrite;
  for (let j = 0; j < sampleCount; j++) pDelay[(blockStart + j) % pDLength] = input[j];
  const delays = this.delays;
  const b0 = delays[0][0], b1 = delays[1][0], b2 = delays[2][0], b3 = delays[3][0];
  const b4 = delays[4][0], b5 = delays[5][0], b6 = delays[6][0], b7 = delays[7][0];
  const b8 = delays[8][0], b9 = delays[9][0], b10 = delays[10][0], b11 = delays[11][0];
  const m0 = delays[0][3], m1 = delays[1][3], m2 = delays[2][3], m3 = delays[3][3];
  const m4 = delays[4][3], m5 = delays[5][3], m6 = delays[6][3], m7 = delays[7][3];
  const m8 = delays[8][3], m9 = delays[9][3], m10 = delays[10][3], m11 = delays[11][3];
  let w0 = delays[0][1], w1 = delays[1][1], w2 = delays[2][1], w3 = delays[3][1];
  let w4 = delays[4][1], w5 = delays[5][1], w6 = delays[6][1], w7 = delays[7][1];
  let w8 = delays[8][1], w9 = delays[9][1], w10 = delays[10][1], w11 = delays[11][1];
  let r0 = delays[0][2], r1 = delays[1][2], r2 = delays[2][2], r3 = delays[3][2];
  let r4 = delays[4][2], r5 = delays[5][2], r6 = delays[6][2], r7 = delays[7][2];
  let r8 = delays[8][2], r9 = delays[9][2], r10 = delays[10][2], r11 = delays[11][2];
  const t = this.taps;
  const t0 = t[0], t1 = t[1], t2 = t[2], t3 = t[3], t4 = t[4], t5 = t[5], t6 = t[6];
  const t7 = t[7], t8 = t[8], t9 = t[9], t10 = t[10], t11 = t[11], t12 = t[12], t13 = t[13];
  let lp1 = this.lp1;
  let lp2 = this.lp2;
  let lp3 = this.lp3;
  let excPhase = this.excPhase;
  // The library's readDelayCAt: cubic interpolation around read index r at offset x.
  const cubic = (b, r, mask, x) => {
    const frac = x - ~~x;
    let int = ~~x + r - 1;
    const x0 = b[int++ & mask], x1 = b[int++ & mask], x2 = b[int++ & mask], x3 = b[int & mask];
    const a = (3 * (x1 - x2) - x0 + x3) / 2, bb = 2 * x2 + x0 - (5 * x1 + x3) / 2, c = (x2 - x0) / 2;
    return ((a * frac + bb) * frac + c) * frac + x1;
  };
  for (let i = 0; i < sampleCount; i++) {
    lp1 += preLPF * (pDelay[(pDLength + blockStart - pd + i) % pDLength] - lp1);
    // writeDelay returns the value given, not the float32 it stores: kept so here.
    let pre = lp1 - fi * b0[r0];
    b0[w0] = pre;
    pre = fi * (pre - b1[r1]) + b0[r0];
    b1[w1] = pre;
    pre = fi * pre + b1[r1] - si * b2[r2];
    b2[w2] = pre;
    pre = si * (pre - b3[r3]) + b2[r2];
    b3[w3] = pre;
    const split = si * pre + b3[r3];
    const exc = ed * (1 + Math.cos(excPhase * 6.28));
    const exc2 = ed * (1 + Math.sin(excPhase * 6.2847));
    let temp = split + dc * b11[r11] + ft * cubic(b4, r4, m4, exc);
    b4[w4] = temp;
    b5[w5] = cubic(b4, r4, m4, exc) - ft * temp;
    lp2 += dp * (b5[r5] - lp2);
    temp = dc * lp2 - st * b6[r6];
    b6[w6] = temp;
    b7[w7] = b6[r6] + st * temp;
    temp = split + dc * b7[r7] + ft * cubic(b8, r8, m8, exc2);
    b8[w8] = temp;
    b9[w9] = cubic(b8, r8, m8, exc2) - ft * temp;
    lp3 += dp * (b9[r9] - lp3);
    temp = dc * lp3 - st * b10[r10];
    b10[w10] = temp;
    b11[w11] = b10[r10] + st * temp;
    const leftSample =
      b9[(r9 + t0) & m9] + b9[(r9 + t1) & m9] - b10[(r10 + t2) & m10] + b11[(r11 + t3) & m11] -
      b5[(r5 + t4) & m5] - b6[(r6 + t5) & m6] - b7[(r7 + t6) & m7];
    const idx = i + startIndex;
    outputLeft[idx] += leftSample * gain;
    const rightSample =
      b5[(r5 + t7) & m5] + b5[(r5 + t8) & m5] - b6[(r6 + t9) & m6] + b7[(r7 + t10) & m7] -
      b9[(r9 + t11) & m9] - b10[(r10 + t12) & m10] - b11[(r11 + t13) & m11];
    outputRight[idx] += rightSample * gain;
    excPhase += ex;
    w0 = (w0 + 1) & m0; r0 = (r0 + 1) & m0;
    w1 = (w1 + 1) & m1; r1 = (r1 + 1) & m1;
    w2 = (w2 + 1) & m2; r2 = (r2 + 1) & m2;
    w3 = (w3 + 1) & m3; r3 = (r3 + 1) & m3;
    w4 = (w4 + 1) & m4; r4 = (r4 + 1) & m4;
    w5 = (w5 + 1) & m5; r5 = (r5 + 1) & m5;
    w6 = (w6 + 1) & m6; r6 = (r6 + 1) & m6;
    w7 = (w7 + 1) & m7; r7 = (r7 + 1) & m7;
    w8 = (w8 + 1) & m8; r8 = (r8 + 1) & m8;
    w9 = (w9 + 1) & m9; r9 = (r9 + 1) & m9;
    w10 = (w10 + 1) & m10; r10 = (r10 + 1) & m10;
    w11 = (w11 + 1) & m11; r11 = (r11 + 1) & m11;
  }
  const ws = [w0, w1, w2, w3, w4, w5, w6, w7, w8, w9, w10, w11];
  const rs = [r0, r1, r2, r3, r4, r5, r6, r7, r8, r9, r10, r11];
  for (let k = 0; k < 12; k++) {
    delays[k][1] = ws[k];
    delays[k][2] = rs[k];
  }
  this.lp1 = lp1;
  this.lp2 = lp2;
  this.lp3 = lp3;
  this.excPhase = excPhase;
  this.pDWrite = (blockStart + sampleCount) % pDLength;
}

function installFastReverb(synth) {
  const reverb = synth.reverbProcessor && synth.reverbProcessor.dattorro;
  const shaped =
    reverb &&
    typeof reverb.process === 'function' &&
    Array.isArray(reverb.delays) &&
    reverb.delays.length === 12 &&
    reverb.delays.every((d) => Array.isArray(d) && d.length === 4 && d[0] instanceof Float32Array) &&
    reverb.taps &&
    reverb.taps.length === 14 &&
    reverb.pDelay instanceof Float32Array;
  if (shaped) reverb.process = fastDattorroProcess;
  return Boolean(shaped);
}
`;
