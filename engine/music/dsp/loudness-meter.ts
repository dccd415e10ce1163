import { DSP_BLOCK_FRAMES, forEachBlock } from './blocks';

/**
 * ITU-R BS.1770-4 / EBU R128 integrated loudness, streaming: K-weighting (high-shelf + high-pass
 * biquads, coefficients derived for any sample rate as libebur128 does), 400 ms blocks every
 * 100 ms, absolute gate at -70 LUFS and relative gate 10 LU below the ungated mean.
 */
interface Biquad {
  b0: number;
  b1: number;
  b2: number;
  a1: number;
  a2: number;
}

function kWeighting(sampleRate: number): [Biquad, Biquad] {
  let f0 = 1681.974450955533;
  const gainDb = 3.999843853973347;
  let q = 0.7071752369554196;
  let k = Math.tan((Math.PI * f0) / sampleRate);
  const vh = Math.pow(10, gainDb / 20);
  const vb = Math.pow(vh, 0.4996667741545416);
  let a0 = 1 + k / q + k * k;
  const shelf: Biquad = {
    b0: (vh + (vb * k) / q + k * k) / a0,
    b1: (2 * (k * k - vh)) / a0,
    b2: (vh - (vb * k) / q + k * k) / a0,
    a1: (2 * (k * k - 1)) / a0,
    a2: (1 - k / q + k * k) / a0,
  };
  f0 = 38.13547087602444;
  q = 0.5003270373238773;
  k = Math.tan((Math.PI * f0) / sampleRate);
  a0 = 1 + k / q + k * k;
  const highPass: Biquad = {
    b0: 1,
    b1: -2,
    b2: 1,
    a1: (2 * (k * k - 1)) / a0,
    a2: (1 - k / q + k * k) / a0,
  };
  return [shelf, highPass];
}

export class LoudnessMeter {
  private readonly filters: [Biquad, Biquad];
  /** Per channel: [x1, x2, y1, y2] of the shelf, then of the high-pass. */
  private readonly state: Float64Array[];
  private readonly subBlockFrames: number;
  /** Scratch: each frame's K-weighted energy summed over channels, for one block. */
  private readonly frameEnergy = new Float64Array(DSP_BLOCK_FRAMES);
  private subEnergy = 0;
  private subFrames = 0;
  private readonly subBlocks: number[] = [];
  /** Mean-square power of every complete 400 ms block, and its loudness (for the gates). */
  private readonly blocks: number[] = [];
  private readonly blockLufs: number[] = [];

  constructor(sampleRate: number, channels = 2) {
    this.filters = kWeighting(sampleRate);
    this.state = Array.from({ length: channels }, () => new Float64Array(8));
    this.subBlockFrames = Math.round(sampleRate / 10);
  }

  /** Adds planar frames of any length, walked in DSP_BLOCK_FRAMES blocks (dsp/blocks.ts). */
  push(channels: readonly Float32Array[]): void {
    const length = channels[0]?.length ?? 0;
    forEachBlock(length, (from, to) => this.pushBlock(channels, from, to));
  }

  /**
   * Filters one block with the filter state in locals (stereo in one loop, other channel
   * counts one channel at a time), adding each frame's weighted energy into `frameEnergy`, then
   * closes the 100 ms sub-blocks: the same sums in the same order as a frame-by-frame loop, at a
   * fraction of its cost (the meter runs over every sample of every render).
   */
  private pushBlock(channels: readonly Float32Array[], from: number, to: number): void {
    const length = to - from;
    const energies = this.frameEnergy;
    if (channels.length === 2)
      this.filterStereo(
        channels[0]!.subarray(from, to),
        channels[1]!.subarray(from, to),
        length,
        energies,
      );
    else
      this.filterEach(
        channels.map((c) => c.subarray(from, to)),
        length,
        energies,
      );
    const subBlockFrames = this.subBlockFrames;
    let subEnergy = this.subEnergy;
    let subFrames = this.subFrames;
    for (let i = 0; i < length; i++) {
      subEnergy += energies[i]!;
      if (++subFrames === subBlockFrames) {
        this.subEnergy = subEnergy;
        this.subFrames = subFrames;
        this.closeSubBlock();
        subEnergy = 0;
        subFrames = 0;
      }
    }
    this.subEnergy = subEnergy;
    this.subFrames = subFrames;
  }

  /**
   * Stereo, the case every render meters: both channels in one loop. Each channel's filters are
   * a chain of dependent multiply-adds; two independent chains side by side keep the CPU busy
   * while each waits for its previous result (about half the time of two separate loops). The
   * energy is summed left then right, as the per-channel loop sums it.
   */
  private filterStereo(
    left: Float32Array,
    right: Float32Array,
    length: number,
    energies: Float64Array,
  ): void {
    const [s, h] = this.filters;
    const { b0: sb0, b1: sb1, b2: sb2, a1: sa1, a2: sa2 } = s;
    const { b0: hb0, b1: hb1, b2: hb2, a1: ha1, a2: ha2 } = h;
    const l = this.state[0]!;
    const r = this.state[1]!;
    let lx1 = l[0]!;
    let lx2 = l[1]!;
    let ly1p = l[2]!;
    let ly1pp = l[3]!;
    let lz1 = l[4]!;
    let lz2 = l[5]!;
    let ly2p = l[6]!;
    let ly2pp = l[7]!;
    let rx1 = r[0]!;
    let rx2 = r[1]!;
    let ry1p = r[2]!;
    let ry1pp = r[3]!;
    let rz1 = r[4]!;
    let rz2 = r[5]!;
    let ry2p = r[6]!;
    let ry2pp = r[7]!;
    for (let i = 0; i < length; i++) {
      const lx = left[i]!;
      const rx = right[i]!;
      const ly1 = sb0 * lx + sb1 * lx1 + sb2 * lx2 - sa1 * ly1p - sa2 * ly1pp;
      const ry1 = sb0 * rx + sb1 * rx1 + sb2 * rx2 - sa1 * ry1p - sa2 * ry1pp;
      lx2 = lx1;
      lx1 = lx;
      ly1pp = ly1p;
      ly1p = ly1;
      rx2 = rx1;
      rx1 = rx;
      ry1pp = ry1p;
      ry1p = ry1;
      const ly2 = hb0 * ly1 + hb1 * lz1 + hb2 * lz2 - ha1 * ly2p - ha2 * ly2pp;
      const ry2 = hb0 * ry1 + hb1 * rz1 + hb2 * rz2 - ha1 * ry2p - ha2 * ry2pp;
      lz2 = lz1;
      lz1 = ly1;
      ly2pp = ly2p;
      ly2p = ly2;
      rz2 = rz1;
      rz1 = ry1;
      ry2pp = ry2p;
      ry2p = ry2;
      energies[i] = ly2 * ly2 + ry2 * ry2;
    }
    l[0] = lx1;
    l[1] = lx2;
    l[2] = ly1p;
    l[3] = ly1pp;
    l[4] = lz1;
    l[5] = lz2;
    l[6] = ly2p;
    l[7] = ly2pp;
    r[0] = rx1;
    r[1] = rx2;
    r[2] = ry1p;
    r[3] = ry1pp;
    r[4] = rz1;
    r[5] = rz2;
    r[6] = ry2p;
    r[7] = ry2pp;
  }

  /** Any channel count: one channel at a time over the block. */
  private filterEach(
    channels: readonly Float32Array[],
    length: number,
    energies: Float64Array,
  ): void {
    const [s, h] = this.filters;
    const { b0: sb0, b1: sb1, b2: sb2, a1: sa1, a2: sa2 } = s;
    const { b0: hb0, b1: hb1, b2: hb2, a1: ha1, a2: ha2 } = h;
    for (let c = 0; c < channels.length; c++) {
      const st = this.state[c]!;
      const input = channels[c]!;
      let x1 = st[0]!;
      let x2 = st[1]!;
      let y1p = st[2]!;
      let y1pp = st[3]!;
      let z1 = st[4]!;
      let z2 = st[5]!;
      let y2p = st[6]!;
      let y2pp = st[7]!;
      const first = c === 0;
      for (let i = 0; i < length; i++) {
        const x = input[i]!;
        const y1 = sb0 * x + sb1 * x1 + sb2 * x2 - sa1 * y1p - sa2 * y1pp;
        x2 = x1;
        x1 = x;
        y1pp = y1p;
        y1p = y1;
        const y2 = hb0 * y1 + hb1 * z1 + hb2 * z2 - ha1 * y2p - ha2 * y2pp;
        z2 = z1;
        z1 = y1;
        y2pp = y2p;
        y2p = y2;
        energies[i] = first ? y2 * y2 : energies[i]! + y2 * y2;
      }
      st[0] = x1;
      st[1] = x2;
      st[2] = y1p;
      st[3] = y1pp;
      st[4] = z1;
      st[5] = z2;
      st[6] = y2p;
      st[7] = y2pp;
    }
  }

  private closeSubBlock(): void {
    this.subBlocks.push(this.subEnergy / this.subFrames);
    this.subEnergy = 0;
    this.subFrames = 0;
    const n = this.subBlocks.length;
    if (n < 4) return;
    const sub = this.subBlocks;
    const power = (sub[n - 1]! + sub[n - 2]! + sub[n - 3]! + sub[n - 4]!) / 4;
    this.blocks.push(power);
    this.blockLufs.push(power > 0 ? -0.691 + 10 * Math.log10(power) : -Infinity);
  }

  /** Integrated loudness in LUFS so far; -Infinity while nothing passes the gates. */
  integrated(): number {
    let sum = 0;
    let count = 0;
    for (let i = 0; i < this.blocks.length; i++) {
      if (this.blockLufs[i]! > -70) {
        sum += this.blocks[i]!;
        count++;
      }
    }
    if (count === 0) return -Infinity;
    const threshold = -0.691 + 10 * Math.log10(sum / count) - 10;
    let gatedSum = 0;
    let gatedCount = 0;
    for (let i = 0; i < this.blocks.length; i++) {
      if (this.blockLufs[i]! > -70 && this.blockLufs[i]! > threshold) {
        gatedSum += this.blocks[i]!;
        gatedCount++;
      }
    }
    return -0.691 + 10 * Math.log10(gatedSum / gatedCount);
  }

  /** Seconds of audio measured so far, in complete 100 ms steps. */
  measuredSeconds(): number {
    return this.subBlocks.length / 10;
  }
}
