import { nameColour, rgbToHex, yuvToRgb } from './colour';
import type { PrintedFrame } from './metadata-print';

/** Measured picture statistics; brightness is 0–100 %, motion the mean absolute luma change (0–255) per 0.2 s. */
export interface PictureStats {
  brightness: number;
  motion: number;
}

export interface ShotStats extends PictureStats {
  start: number;
  end: number;
  /** A plain colour word for the shot's average colour. */
  colour: string;
  colourHex: string;
}

export interface SecondStats extends PictureStats {
  start: number;
}

export interface VideoAnalysis {
  durationSeconds: number;
  /** Times (s) of hard cuts, ascending. */
  cuts: number[];
  /** Contiguous shots from 0 to the end, split at the cuts. */
  shots: ShotStats[];
  /** Per whole second of the video. */
  seconds: SecondStats[];
  /** Times (s) of sudden motion inside shots: candidates for hits and whooshes. */
  motionPeaks: number[];
}

/** Shots shorter than this are flashes, not cuts. */
const MIN_SHOT_SECONDS = 0.5;
/** The first stats sample after a cut compares two different shots, so its motion is not motion. */
const CUT_SPIKE_SECONDS = 0.3;
const PEAK_MIN_MOTION = 3;
const PEAK_MIN_SPACING = 1;

interface Sample {
  time: number;
  y: number;
  u: number;
  v: number;
  /** NaN right after a cut. */
  motion: number;
}

const round2 = (value: number): number => Math.round(value * 100) / 100;

function mean(values: number[]): number {
  return values.length === 0 ? 0 : values.reduce((sum, v) => sum + v, 0) / values.length;
}

function median(values: number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

export function cleanCuts(rawCuts: number[], durationSeconds: number): number[] {
  const cuts: number[] = [];
  for (const time of [...rawCuts].sort((a, b) => a - b)) {
    const previous = cuts[cuts.length - 1] ?? 0;
    if (time - previous >= MIN_SHOT_SECONDS && durationSeconds - time >= MIN_SHOT_SECONDS)
      cuts.push(round2(time));
  }
  return cuts;
}

function toSamples(frames: PrintedFrame[], cuts: number[]): Sample[] {
  return frames.map((frame) => {
    const afterCut = cuts.some(
      (cut) => frame.time >= cut - 1e-3 && frame.time - cut < CUT_SPIKE_SECONDS,
    );
    return {
      time: frame.time,
      y: frame.values['lavfi.signalstats.YAVG'] ?? 16,
      u: frame.values['lavfi.signalstats.UAVG'] ?? 128,
      v: frame.values['lavfi.signalstats.VAVG'] ?? 128,
      motion: afterCut || frame.time === 0 ? NaN : (frame.values['lavfi.signalstats.YDIF'] ?? 0),
    };
  });
}

function statsOf(samples: Sample[]): PictureStats & { y: number; u: number; v: number } {
  const y = mean(samples.map((s) => s.y));
  return {
    y,
    u: mean(samples.map((s) => s.u)),
    v: mean(samples.map((s) => s.v)),
    brightness: round2(Math.max(0, Math.min(100, ((y - 16) / 219) * 100))),
    motion: round2(mean(samples.map((s) => s.motion).filter((m) => !Number.isNaN(m)))),
  };
}

/** Samples in [start, end), or the nearest one when the span holds none (very short spans). */
function samplesIn(samples: Sample[], start: number, end: number): Sample[] {
  const inside = samples.filter((s) => s.time >= start - 1e-3 && s.time < end - 1e-3);
  if (inside.length > 0 || samples.length === 0) return inside;
  const middle = (start + end) / 2;
  const nearest = samples.reduce((best, s) =>
    Math.abs(s.time - middle) < Math.abs(best.time - middle) ? s : best,
  );
  return [nearest];
}

function findMotionPeaks(samples: Sample[], shots: ShotStats[]): number[] {
  const peaks: { time: number; motion: number }[] = [];
  for (const shot of shots) {
    const inShot = samplesIn(samples, shot.start, shot.end);
    const typical = median(inShot.map((s) => s.motion).filter((m) => !Number.isNaN(m)));
    const threshold = Math.max(PEAK_MIN_MOTION, typical * 2);
    inShot.forEach((sample, index) => {
      const before = inShot[index - 1]?.motion ?? 0;
      const after = inShot[index + 1]?.motion ?? 0;
      const m = sample.motion;
      if (
        Number.isNaN(m) ||
        m < threshold ||
        m < (Number.isNaN(before) ? 0 : before) ||
        m <= (Number.isNaN(after) ? 0 : after)
      )
        return;
      const last = peaks[peaks.length - 1];
      if (last && sample.time - last.time < PEAK_MIN_SPACING) {
        if (m > last.motion) peaks[peaks.length - 1] = { time: sample.time, motion: m };
        return;
      }
      peaks.push({ time: sample.time, motion: m });
    });
  }
  return peaks.map((p) => round2(p.time));
}

/**
 * Turns the two `metadata=print` streams of one decode pass (scene-change frames, and
 * signalstats at 5 fps) into cuts, shots, per-second statistics and motion peaks.
 */
export function summariseAnalysis(
  cutFrames: PrintedFrame[],
  statFrames: PrintedFrame[],
  durationSeconds: number,
): VideoAnalysis {
  const cuts = cleanCuts(
    cutFrames.map((f) => f.time),
    durationSeconds,
  );
  const samples = toSamples(statFrames, cuts);
  const bounds = [0, ...cuts, round2(durationSeconds)];
  const shots: ShotStats[] = [];
  for (let i = 0; i + 1 < bounds.length; i += 1) {
    const start = bounds[i] ?? 0;
    const end = bounds[i + 1] ?? durationSeconds;
    const stats = statsOf(samplesIn(samples, start, end));
    const rgb = yuvToRgb(stats.y, stats.u, stats.v);
    shots.push({
      start,
      end,
      brightness: stats.brightness,
      motion: stats.motion,
      colour: nameColour(rgb),
      colourHex: rgbToHex(rgb),
    });
  }
  const seconds: SecondStats[] = [];
  for (let start = 0; start < durationSeconds - 1e-3; start += 1) {
    const stats = statsOf(samplesIn(samples, start, Math.min(start + 1, durationSeconds)));
    seconds.push({ start, brightness: stats.brightness, motion: stats.motion });
  }
  return {
    durationSeconds: round2(durationSeconds),
    cuts,
    shots,
    seconds,
    motionPeaks: findMotionPeaks(samples, shots),
  };
}
