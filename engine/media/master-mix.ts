import { timeSync } from '../../shared/node/toolchain';
import { LoudnessMeter } from '../music/dsp/loudness-meter';
import { TruePeakLimiter } from '../music/dsp/true-peak-limiter';
import { PeakProfile } from '../music/master/limiter-loss';

/**
 * Under the asked true-peak ceiling by this much, the margin the ffmpeg normalisation this
 * replaced kept: mixes are often encoded to AAC afterwards, which adds a little overshoot, and
 * a deeper margin limits speech over ducked music harder than the 12 dB duck allows for.
 */
const AAC_MARGIN_DB = 0.6;
/** A result further than this from the target is limited again at a corrected gain. */
const ACCEPT_LU = 0.3;
export const MAX_PASSES = 3;
/**
 * A quicker release than the music's 120 ms, as the ffmpeg limiter this replaced had: a voice's
 * peaks over ducked music must not hold the music down longer than the duck itself.
 */
const RELEASE_MS = 50;
const BLOCK_FRAMES = 8192;

export interface MasteredMix {
  channels: Float32Array[];
  integratedLufs: number;
  /** The limiter's ceiling: no true peak of the result is above it. */
  truePeakCeilingDb: number;
}

/**
 * The mix at a gain through the true-peak limiter, block by block, same timing (latency
 * removed): a consumer can encode each block while the next is limited.
 */
export function* limitedBlocks(
  pcm: Float32Array[],
  gainDb: number,
  ceilingDb: number,
  rate: number,
): Generator<Float32Array[]> {
  const limiter = new TruePeakLimiter(rate, ceilingDb, 5, RELEASE_MS);
  const gain = Math.pow(10, gainDb / 20);
  const frames = pcm[0]!.length;
  for (let from = 0; from < frames; from += BLOCK_FRAMES) {
    const to = Math.min(frames, from + BLOCK_FRAMES);
    // A plain loop: slice().map() called a closure per sample (~0.1 CPU s per 60 s pass).
    const block = pcm.map((channel) => {
      const scaled = new Float32Array(to - from);
      for (let i = 0; i < scaled.length; i++) scaled[i] = channel[from + i]! * gain;
      return scaled;
    });
    const limited = limiter.process(block);
    if (limited[0]!.length > 0) yield limited;
  }
  yield limiter.flush();
}

/** The mix at a gain through the true-peak limiter, same length and timing (latency removed). */
function limited(pcm: Float32Array[], gainDb: number, ceilingDb: number, rate: number) {
  const frames = pcm[0]!.length;
  const out = pcm.map(() => new Float32Array(frames));
  let written = 0;
  for (const block of limitedBlocks(pcm, gainDb, ceilingDb, rate)) {
    out.forEach((channel, c) => channel.set(block[c] ?? block[0]!, written));
    written += block[0]!.length;
  }
  return out;
}

export interface MasterPlan {
  /** Gain before the limiter that, allowing for its predicted loss, lands on the target. */
  gainDb: number;
  /** The limiter's ceiling (the asked true peak less the AAC margin). */
  ceilingDb: number;
}

/** Measures the mix and predicts the gain for the target; null for silence. */
export function planMaster(
  pcm: Float32Array[],
  rate: number,
  options: { targetLufs: number; truePeakDb: number },
): MasterPlan | null {
  const meter = new LoudnessMeter(rate);
  const profile = new PeakProfile(rate, RELEASE_MS / 1000);
  timeSync('mix', () => {
    meter.push(pcm);
    profile.push(pcm);
  });
  const raw = meter.integrated();
  if (!Number.isFinite(raw)) return null;
  const ceilingDb = options.truePeakDb - AAC_MARGIN_DB;
  return { gainDb: profile.gainFor(raw, options.targetLufs, ceilingDb), ceilingDb };
}

/** The gain correction a measured result needs, or null when it is close enough to keep. */
export function masterMiss(targetLufs: number, measuredLufs: number): number | null {
  const miss = targetLufs - measuredLufs;
  return !Number.isFinite(miss) || Math.abs(miss) <= ACCEPT_LU ? null : miss;
}

/**
 * Brings a stereo mix to a target loudness under a true-peak ceiling in memory, with the same
 * limiter the music uses: the gain allows for the limiter's predicted loss (music/master/
 * limiter-loss.ts), the result is measured, and a miss over 0.3 LU is redone. Replaces three to
 * four ffmpeg passes over WAV files (measure, limit, re-measure) with one pass over the samples
 * already in memory (docs/decisions/091-mixes-mastered-in-memory.md). Null for silence.
 */
export function masterMix(
  pcm: Float32Array[],
  rate: number,
  options: { targetLufs: number; truePeakDb: number },
): MasteredMix | null {
  const plan = planMaster(pcm, rate, options);
  if (!plan) return null;
  const ceiling = plan.ceilingDb;
  let gainDb = plan.gainDb;
  let result: MasteredMix | null = null;
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    const channels = timeSync('mix', () => limited(pcm, gainDb, ceiling, rate));
    const measured = new LoudnessMeter(rate);
    timeSync('mix', () => measured.push(channels));
    result = { channels, integratedLufs: measured.integrated(), truePeakCeilingDb: ceiling };
    const miss = masterMiss(options.targetLufs, result.integratedLufs);
    if (miss === null) break;
    gainDb += miss;
  }
  return result;
}
