import { FFMPEG_QUIET_OVERWRITE, lastErrorLine, runTool, TOOL } from '../../shared/node/toolchain';
import { alignedLimiter } from '../audio/limiter';
import { probeMedia } from './probe';

export interface Loudness {
  /** Integrated loudness (EBU R128), LUFS; -Infinity for silence. */
  integratedLufs: number;
  /** True peak, dBTP. */
  truePeakDb: number;
  /** Loudness range, LU. */
  rangeLu: number;
}

export type LoudnessOutcome = { ok: true; value: Loudness } | { ok: false; message: string };

function summaryNumber(text: string, label: string): number {
  const match = new RegExp(`${label}:\\s*(-?[\\d.]+|-inf)`).exec(text);
  if (!match?.[1]) return NaN;
  return match[1] === '-inf' ? -Infinity : Number(match[1]);
}

const ABSOLUTE_GATE_LUFS = -70;

/**
 * Measures a file's audio with ffmpeg's ebur128 scanner (integrated loudness, true peak, range).
 * `truePeak: false` skips the 4x-oversampled peak scan (its value is then NaN) when only the
 * loudness matters, as for balancing two stems.
 */
export async function measureLoudness(
  path: string,
  signal?: AbortSignal,
  options: { truePeak?: boolean } = {},
): Promise<LoudnessOutcome> {
  const truePeak = options.truePeak ?? true;
  const run = await runTool(
    TOOL.ffmpeg,
    [
      '-hide_banner',
      '-nostdin',
      '-nostats',
      '-i',
      path,
      '-map',
      '0:a:0',
      '-af',
      truePeak ? 'ebur128=peak=true' : 'ebur128',
      '-f',
      'null',
      '-',
    ],
    { signal, stage: 'mix' },
  );
  if (run.code !== 0)
    return { ok: false, message: `Loudness measurement failed: ${lastErrorLine(run.stderr)}` };
  const summary = run.stderr.slice(run.stderr.lastIndexOf('Summary:'));
  const integrated = summaryNumber(summary, 'I');
  const value = {
    // ebur128 reports -70 LUFS (its absolute gate) when nothing passed the gate: silence.
    integratedLufs: integrated <= ABSOLUTE_GATE_LUFS ? -Infinity : integrated,
    truePeakDb: summaryNumber(summary, 'Peak'),
    rangeLu: summaryNumber(summary, 'LRA'),
  };
  if (Number.isNaN(value.integratedLufs) || (truePeak && Number.isNaN(value.truePeakDb))) {
    return { ok: false, message: 'Loudness measurement failed: no ebur128 summary.' };
  }
  return { ok: true, value };
}

export interface NormalizeOptions {
  targetLufs: number;
  /** Ceiling for the true peak, dBTP (e.g. -1). */
  truePeakDb: number;
  signal?: AbortSignal;
  /** Output codec arguments; default 16-bit PCM WAV. */
  codecArgs?: string[];
}

/** The limiter works on sample peaks; aim this much lower so inter-sample peaks stay under the ceiling. */
const TRUE_PEAK_MARGIN_DB = 0.6;
const ACCEPT_LU = 0.3;

async function applyGain(
  input: string,
  output: string,
  gainDb: number,
  sampleRate: number,
  options: NormalizeOptions,
): Promise<string | null> {
  const limit = Math.min(
    1,
    Math.max(0.0625, 10 ** ((options.truePeakDb - TRUE_PEAK_MARGIN_DB) / 20)),
  );
  const run = await runTool(
    TOOL.ffmpeg,
    [
      ...FFMPEG_QUIET_OVERWRITE,
      '-i',
      input,
      '-map',
      '0:a:0',
      '-af',
      `volume=${gainDb.toFixed(3)}dB,${alignedLimiter({ limit, attackMs: 5, releaseMs: 50, digits: 5 }, sampleRate)}`,
      ...(options.codecArgs ?? ['-c:a', 'pcm_s16le']),
      output,
    ],
    { signal: options.signal, stage: 'mix' },
  );
  return run.code === 0 ? null : `Loudness normalisation failed: ${lastErrorLine(run.stderr)}`;
}

/**
 * Brings a file to a target integrated loudness under a true-peak ceiling: measure, apply the
 * gain with `volume`, catch peaks with a look-ahead `alimiter` (latency-compensated, so timing
 * is unchanged). When limiting pulled the level down by more than 0.3 LU, one corrective pass
 * runs on the original, so the result lands within ±0.5 LU of the target.
 */
export async function normalizeLoudness(
  input: string,
  output: string,
  options: NormalizeOptions,
): Promise<LoudnessOutcome> {
  const before = await measureLoudness(input, options.signal, { truePeak: false });
  if (!before.ok) return before;
  // The limiter's delay is taken out in samples (engine/audio/limiter.ts), so it needs the rate.
  const probe = await probeMedia(input, options.signal);
  if (!probe.ok) return probe;
  const sampleRate = probe.audioSampleRate ?? 48_000;
  if (!Number.isFinite(before.value.integratedLufs))
    return { ok: false, message: 'The audio is silent; it cannot be normalised.' };
  let gain = options.targetLufs - before.value.integratedLufs;
  for (let pass = 0; pass < 3; pass += 1) {
    const failed = await applyGain(input, output, gain, sampleRate, options);
    if (failed) return { ok: false, message: failed };
    const after = await measureLoudness(output, options.signal);
    if (!after.ok) return after;
    const miss = options.targetLufs - after.value.integratedLufs;
    if (Math.abs(miss) <= ACCEPT_LU || pass === 2) return after;
    gain += miss;
  }
  return { ok: false, message: 'Loudness normalisation did not converge.' };
}
