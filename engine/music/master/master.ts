import { timeSync } from '../../../shared/node/toolchain';
import { LoudnessMeter } from '../dsp/loudness-meter';
import { TruePeakLimiter } from '../dsp/true-peak-limiter';

export const TARGET_LUFS = -14;
/**
 * Limiter ceiling below the -1 dBTP delivery limit: AAC and MP3 encoding add inter-sample
 * overshoot, which this margin absorbs. With the portable synthesiser's brighter General MIDI
 * font a dense funk arrangement came out of AAC 1.3 dB over a -2 dB ceiling (-0.7 dBTP), so
 * the margin is 1.6 dB.
 */
export const CEILING_DBTP = -2.6;

export type GainMode =
  /** Whole-file measurement already done: one gain for everything (the async file path). */
  | { kind: 'fixed'; db: number }
  /**
   * Streaming: the gain follows the integrated loudness of everything rendered so far, which runs
   * ahead of what is being output, and moves slowly so it never pumps. The look-ahead starts at
   * `startSeconds` (so the first chunk leaves quickly) and grows by a second per second of output
   * up to `lookaheadSeconds`; rendering is far faster than real time, so the wait is short.
   */
  | { kind: 'lookahead'; startSeconds: number; lookaheadSeconds: number; fallbackDb: number };

export interface MasterOptions {
  sampleRate: number;
  /** Exact length of the result; the source is cut or padded with silence to it. */
  totalFrames: number;
  gain: GainMode;
  fadeOutSeconds: number;
  watermark?: { process(channels: Float32Array[]): void };
  /** Measures what leaves the chain (after limiter, fades and watermark). */
  outputMeter?: LoudnessMeter;
  /**
   * Frames per block through the chain (default 4096, ~93 ms, for a quick first chunk). With a
   * fixed gain the output does not depend on it, so file renders use larger blocks: each block
   * costs an await, an encoder write and, when the bench measures, CPU-clock reads.
   */
  blockFrames?: number;
}

const FADE_IN_SECONDS = 0.01;
const DEFAULT_BLOCK_FRAMES = 4096;
/** Gain slew limit for the look-ahead mode: 1.5 dB per second of audio. */
const SLEW_DB_PER_SECOND = 1.5;

/**
 * Re-blocks the source into fixed-size blocks, cut or padded with silence to exactly `total`
 * frames. Fixed blocks make every later decision (gain steps, look-ahead) independent of how the
 * synthesizer's output happened to arrive, so the same piece always masters to the same bytes.
 */
async function* exactBlocks(
  source: AsyncIterable<Float32Array[]>,
  total: number,
  blockFrames: number,
): AsyncGenerator<Float32Array[]> {
  let block = [new Float32Array(blockFrames), new Float32Array(blockFrames)];
  let filled = 0;
  let emitted = 0;
  const take = function* (
    channels: readonly Float32Array[] | undefined,
    frames: number,
  ): Generator<Float32Array[]> {
    let offset = 0;
    while (offset < frames && emitted < total) {
      const count = Math.min(frames - offset, blockFrames - filled, total - emitted - filled);
      for (let c = 0; c < block.length; c++) {
        if (channels) block[c]!.set(channels[c]!.subarray(offset, offset + count), filled);
        else block[c]!.fill(0, filled, filled + count);
      }
      filled += count;
      offset += count;
      if (filled === blockFrames || emitted + filled === total) {
        yield filled === blockFrames ? block : block.map((c) => c.slice(0, filled));
        emitted += filled;
        block = [new Float32Array(blockFrames), new Float32Array(blockFrames)];
        filled = 0;
      }
    }
  };
  for await (const channels of source) {
    yield* take(channels, channels[0]!.length);
    if (emitted >= total) return;
  }
  yield* take(undefined, total - emitted - filled);
}

/** Applies the loudness gain, ramping linearly from the previous gain across the block. */
function applyGain(block: Float32Array[], fromDb: number, toDb: number): void {
  const from = Math.pow(10, fromDb / 20);
  const to = Math.pow(10, toDb / 20);
  const frames = block[0]!.length;
  if (from === to) {
    // A fixed gain (every block of a file render): the ramp below would multiply by `from`.
    for (const channel of block) for (let i = 0; i < frames; i++) channel[i]! *= from;
    return;
  }
  for (const channel of block) {
    for (let i = 0; i < frames; i++) channel[i]! *= from + ((to - from) * i) / frames;
  }
}

async function* withGain(
  source: AsyncIterable<Float32Array[]>,
  mode: GainMode,
  sampleRate: number,
): AsyncGenerator<Float32Array[]> {
  if (mode.kind === 'fixed') {
    // master() applies a fixed gain itself, in the same timed step as the limiter.
    yield* source;
    return;
  }
  const meter = new LoudnessMeter(sampleRate);
  const queue: Float32Array[][] = [];
  let queued = 0;
  /** The gain in force; undefined until the first non-silent measurement (silence needs none). */
  let current: number | undefined;
  let released = 0;
  let measured = -Infinity;
  let measuredAt = 0;
  const lookaheadFrames = (): number =>
    Math.min(mode.lookaheadSeconds * sampleRate, mode.startSeconds * sampleRate + released);
  const release = function* (all: boolean): Generator<Float32Array[]> {
    while (queue.length > 0 && (all || queued > lookaheadFrames())) {
      const block = queue.shift()!;
      queued -= block[0]!.length;
      released += block[0]!.length;
      // Re-measured at most every half second of new audio: the integrated value moves slowly.
      if (meter.measuredSeconds() - measuredAt >= 0.5 || !Number.isFinite(measured)) {
        measured = meter.integrated();
        measuredAt = meter.measuredSeconds();
      }
      const maxStep = (SLEW_DB_PER_SECOND * block[0]!.length) / sampleRate;
      let next = current;
      if (Number.isFinite(measured)) {
        const wanted = TARGET_LUFS - measured;
        next =
          current === undefined
            ? wanted
            : current + Math.max(-maxStep, Math.min(maxStep, wanted - current));
      }
      const gain = next ?? mode.fallbackDb;
      applyGain(block, current ?? gain, gain);
      current = next;
      yield block;
    }
  };
  for await (const block of source) {
    meter.push(block);
    queue.push(block);
    queued += block[0]!.length;
    yield* release(false);
  }
  yield* release(true);
}

/**
 * The mastering chain after the synthesizer: exact length, loudness gain, true-peak limiter,
 * fade-in/out, then the watermark (last, so nothing after it alters the marked samples before
 * the encoder).
 */
export async function* master(
  source: AsyncIterable<Float32Array[]>,
  options: MasterOptions,
): AsyncGenerator<Float32Array[]> {
  const limiter = new TruePeakLimiter(options.sampleRate, CEILING_DBTP);
  const fadeInFrames = Math.round(FADE_IN_SECONDS * options.sampleRate);
  const fadeOutFrames = Math.min(
    options.totalFrames,
    Math.round(options.fadeOutSeconds * options.sampleRate),
  );
  const fadeOutStart = options.totalFrames - fadeOutFrames;
  let position = 0;
  const fade = (block: Float32Array[]): void => {
    const frames = block[0]!.length;
    // Between the fades every gain is 1: most blocks need no pass at all.
    if (position >= fadeInFrames && position + frames <= fadeOutStart) {
      position += frames;
      return;
    }
    for (let i = 0; i < frames; i++) {
      const at = position + i;
      let gain = 1;
      if (at < fadeInFrames) gain = at / fadeInFrames;
      // Equal-power style curve: the tail of the last chord dies away instead of stopping.
      if (at >= fadeOutStart)
        gain *= Math.cos(((at - fadeOutStart) / fadeOutFrames) * (Math.PI / 2));
      if (gain !== 1) for (const channel of block) channel[i]! *= gain;
    }
    position += frames;
  };
  // Each timed step costs two CPU-clock reads when the bench measures, so a block's gain,
  // limiter and fade are one step; the watermark sits between fade and meter, so it is its own.
  const fixedDb = options.gain.kind === 'fixed' ? options.gain.db : undefined;
  const limitAndFade = (block: Float32Array[], flush: boolean): Float32Array[] => {
    if (fixedDb !== undefined && !flush) applyGain(block, fixedDb, fixedDb);
    const limited = flush ? limiter.flush() : limiter.process(block);
    if (limited[0]!.length > 0) fade(limited);
    return limited;
  };
  const finish = (limited: Float32Array[]): Float32Array[] => {
    if (options.watermark) timeSync('watermark', () => options.watermark!.process(limited));
    if (options.outputMeter) timeSync('mix', () => options.outputMeter!.push(limited));
    return limited;
  };
  for await (const block of withGain(
    exactBlocks(source, options.totalFrames, options.blockFrames ?? DEFAULT_BLOCK_FRAMES),
    options.gain,
    options.sampleRate,
  )) {
    const limited = timeSync('mix', () => limitAndFade(block, false));
    if (limited[0]!.length > 0) yield finish(limited);
  }
  const tail = timeSync('mix', () => limitAndFade([], true));
  if (tail[0]!.length > 0) yield finish(tail);
}
