import { formatClock } from '../../lib/format';
import { msToPx } from './scale';

/**
 * The ruler's tick choice: the smallest "round" step (1-2-5 style, then minutes) whose labels sit
 * at least `minLabelPx` apart at the current zoom, with minor ticks between labels where they fit.
 */
const STEPS_MS: ReadonlyArray<{ step: number; minor: number }> = [
  { step: 10, minor: 2 },
  { step: 20, minor: 2 },
  { step: 50, minor: 5 },
  { step: 100, minor: 5 },
  { step: 200, minor: 4 },
  { step: 500, minor: 5 },
  { step: 1_000, minor: 5 },
  { step: 2_000, minor: 4 },
  { step: 5_000, minor: 5 },
  { step: 10_000, minor: 5 },
  { step: 15_000, minor: 3 },
  { step: 30_000, minor: 3 },
  { step: 60_000, minor: 4 },
  { step: 120_000, minor: 4 },
  { step: 300_000, minor: 5 },
  { step: 600_000, minor: 5 },
  { step: 900_000, minor: 3 },
  { step: 1_800_000, minor: 3 },
  { step: 3_600_000, minor: 4 },
];

/** Labels closer than this collide ("1:02:05.5" is ~60 px at the ruler's font size). */
export const MIN_LABEL_PX = 72;
/** Minor ticks closer than this read as a grey smear. */
export const MIN_MINOR_PX = 6;

export interface TickStep {
  stepMs: number;
  /** 0 when minor ticks would be too dense to draw. */
  minorMs: number;
}

export function chooseTickStep(pxPerSecond: number, minLabelPx = MIN_LABEL_PX): TickStep {
  const fallback = STEPS_MS[STEPS_MS.length - 1]!;
  const chosen = STEPS_MS.find(({ step }) => msToPx(step, pxPerSecond) >= minLabelPx) ?? fallback;
  const minorMs = chosen.step / chosen.minor;
  return {
    stepMs: chosen.step,
    minorMs: msToPx(minorMs, pxPerSecond) >= MIN_MINOR_PX ? minorMs : 0,
  };
}

/** A label as precise as the step: "1:05" (seconds), "1:05.5" (tenths), "1:05.25" (below). */
export function formatTickLabel(ms: number, stepMs: number): string {
  const clock = formatClock(Math.floor(ms / 1000));
  if (stepMs % 1000 === 0) return clock;
  const fraction = ms % 1000;
  return stepMs % 100 === 0
    ? `${clock}.${Math.floor(fraction / 100)}`
    : `${clock}.${String(Math.floor(fraction / 10)).padStart(2, '0')}`;
}

export interface RulerTicks extends TickStep {
  major: Array<{ ms: number; label: string }>;
  minor: number[];
}

/** Ticks inside [fromMs, toMs] (the visible window plus a margin), never past the media's end. */
export function rulerTicks(
  fromMs: number,
  toMs: number,
  pxPerSecond: number,
  durationMs: number,
): RulerTicks {
  const step = chooseTickStep(pxPerSecond);
  const start = Math.max(0, fromMs);
  const end = Math.min(durationMs, toMs);
  const major: RulerTicks['major'] = [];
  const minor: number[] = [];
  if (end < start) return { ...step, major, minor };
  const unit = step.minorMs || step.stepMs;
  // Integer tick counts, not accumulated floats, so 0.2 s steps never drift to 0.6000000001.
  for (let n = Math.ceil(start / unit); n * unit <= end; n++) {
    const ms = n * unit;
    if (ms % step.stepMs === 0) major.push({ ms, label: formatTickLabel(ms, step.stepMs) });
    else minor.push(ms);
  }
  return { ...step, major, minor };
}
