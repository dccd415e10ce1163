import { DEFAULT_DUBBING_LANGUAGES } from './languages';
import { LIMITS } from './limits';
import type { TaskType } from './task-types';

/**
 * USD per billed second: the local engine's price list, shared by the engine's billing and the
 * app's estimates so the price shown before a click is the price charged. Dubbing (0.197) and
 * proofread (0.001) are the live service's published rates (docs/api-notes.md 6.10, 6.11, 7);
 * music's 0.01 is the rate in the stream `cost` event example (docs/api-notes.md 4.1). The other
 * rates are the local engine's own (the same numbers as engine/billing/rates.ts when this table
 * was written): the live service does not publish them, and a live account is charged whatever
 * the service reports.
 */
export const RATES_PER_SECOND: Record<TaskType, number> = {
  text_to_music: 0.01,
  video_to_music: 0.01,
  video_to_video_music: 0.012,
  text_to_sfx: 0.005,
  video_to_sfx: 0.008,
  video_to_video_sfx: 0.01,
  video_to_sound: 0.015,
  video_to_video_sound: 0.016,
  audio_ducking: 0.002,
  dubbing: 0.197,
  proofread: 0.001,
  video_analysis: 0.003,
};

export const BILLING_CURRENCY = 'USD';

/** What a charge is computed from. */
export interface BillingUnits {
  type: TaskType;
  /**
   * Seconds the call is billed on: the requested duration (text-to-music, text-to-sfx), the
   * voice input (audio-ducking) or the input video (every other type).
   */
  seconds: number;
  /** dubbing: requested languages (undefined = omitted, billed as 3); proofread: target languages (0 = transcript only). */
  languages?: number;
  /** variants_num (default 1): video-analysis briefs, or music and sound takes, each billed. */
  variants?: number;
  /** dubbing: subtitle scripts supplied (a free dubbing preview excludes them). */
  scripts?: boolean;
}

export interface ChargeBreakdown {
  /** Seconds after multipliers and floors. */
  billedSeconds: number;
  rate: number;
  /** Before any account discount, quantized to 0.0001 like the service. */
  amount: number;
  /** How the amount follows from the rules, for the UI. */
  explanation: string;
}

/** The service bills linearly and quantizes to 0.0001 (docs/api-notes.md 7). */
export function quantizeUsd(amount: number): number {
  return Math.round((amount + Number.EPSILON) * 10_000) / 10_000;
}

/** $0.48, $0.197, $24.822: at least two decimals, at most the four the service bills in. */
export function formatUsd(amount: number): string {
  let text = amount.toFixed(4);
  while (text.endsWith('0') && text.length - text.indexOf('.') > 3) text = text.slice(0, -1);
  return `$${text}`;
}

const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;
const secondsText = (s: number): string => `${Math.round(s * 100) / 100} s`;

/** Seconds before the floor, and how they were counted. */
function countSeconds(units: BillingUnits, seconds: number): { raw: number; how: string } {
  const floor = LIMITS.billingFloorSeconds;
  switch (units.type) {
    case 'dubbing': {
      const languages = units.languages ?? DEFAULT_DUBBING_LANGUAGES.length;
      const omitted = units.languages === undefined ? ' (the default when none are chosen)' : '';
      return {
        raw: seconds * languages,
        how: `${secondsText(seconds)} × ${plural(languages, 'language')}${omitted}`,
      };
    }
    case 'proofread': {
      const targets = units.languages ?? 0;
      const how =
        targets === 0
          ? `${secondsText(seconds)} (transcript only)`
          : `${secondsText(seconds)} × ${plural(targets, 'target language')}`;
      return { raw: seconds * Math.max(1, targets), how };
    }
    case 'video_analysis': {
      // Linear in variants_num, so the floor applies to each brief before multiplying.
      const variants = units.variants ?? 1;
      const perBrief = Math.max(floor, seconds);
      const raised = perBrief > seconds ? ` (each brief bills at least ${floor} s)` : '';
      return {
        raw: perBrief * variants,
        how: `${secondsText(perBrief)} × ${plural(variants, 'variant')}${raised}`,
      };
    }
    default: {
      // Music and sound takes bill linearly per variant (docs/api-notes.md 6.1, 7).
      const variants = units.variants ?? 1;
      return variants > 1
        ? {
            raw: seconds * variants,
            how: `${secondsText(seconds)} × ${plural(variants, 'variant')}`,
          }
        : { raw: seconds, how: secondsText(seconds) };
    }
  }
}

/** Types with the spec's 10 s floor applied to the total (video-analysis floors each brief). */
const FLOORED_TOTAL: readonly TaskType[] = ['dubbing', 'proofread'];

/**
 * The spec's billing rules: dubbing = seconds × languages with the 10 s floor after the
 * multiplication (omitted languages bill three); proofread = seconds × max(1, targets), 10 s
 * floor; video-analysis = a 10 s-floored brief × variants_num; every other type = seconds ×
 * variants_num at its rate.
 */
export function computeCharge(units: BillingUnits): ChargeBreakdown {
  const rate = RATES_PER_SECOND[units.type];
  const { raw, how } = countSeconds(units, Math.max(0, units.seconds));
  const floor = LIMITS.billingFloorSeconds;
  const billedSeconds = FLOORED_TOTAL.includes(units.type) ? Math.max(floor, raw) : raw;
  const raised = billedSeconds > raw ? `, raised to the ${floor} s minimum` : '';
  const amount = quantizeUsd(billedSeconds * rate);
  return {
    billedSeconds,
    rate,
    amount,
    explanation: `${how}${raised} = ${secondsText(billedSeconds)} at ${formatUsd(rate)}/s = ${formatUsd(amount)}`,
  };
}
