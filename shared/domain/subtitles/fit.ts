import type { Cue } from './cue';
import { visibleCharCount } from './text';

/**
 * Will a line fit its slot when spoken? A translation runs longer or shorter than its source
 * by a per-language expansion ratio, and each language is spoken at a typical rate in visible
 * characters per second; the estimate divides the spoken time by the cue's duration. Figures
 * and their sources are restated in docs/subtitles.md ("Fit estimate").
 */

/** Length relative to English text with the same meaning. */
export const EXPANSION_FROM_ENGLISH: Readonly<Record<string, number>> = {
  en: 1,
  es: 1.25,
  es_419: 1.25,
  pt: 1.25,
  pt_br: 1.25,
  de: 1.25,
  fr: 1.18,
  it: 1.2,
  ja: 0.9,
  zh_cn: 0.9,
};

/** Comfortable speaking rate in visible characters per second (CJK characters carry more). */
export const SPEAKING_CPS: Readonly<Record<string, number>> = {
  zh_cn: 6,
  ja: 8,
  ko: 7,
  th: 12,
};
const DEFAULT_SPEAKING_CPS = 15;

/** Above this the dub must speed up past what stays intelligible: a visible warning. */
export const FIT_WARNING_RATIO = 1.3;

export type FitVerdict = 'fits' | 'tight' | 'too_long' | 'no_slot';

export interface FitEstimate {
  cueId: string;
  /** Estimated spoken length of the line in the target language. */
  spokenMs: number;
  slotMs: number;
  /** spokenMs / slotMs: above 1 needs a speed-up, above FIT_WARNING_RATIO is a warning. */
  ratio: number;
  verdict: FitVerdict;
}

export interface FitOptions {
  /** Language the cue's text is written in. */
  textLanguage: string;
  /** Language it will be spoken in (the same when the text is already the translation). */
  spokenLanguage?: string;
}

const expansion = (language: string) => EXPANSION_FROM_ENGLISH[language] ?? 1;

/** Per-cue fit of the spoken line in its slot (product target: a per-cue "fits slot" meter). */
export function estimateFit(
  cue: Cue,
  { textLanguage, spokenLanguage = textLanguage }: FitOptions,
): FitEstimate {
  const slotMs = cue.endMs - cue.startMs;
  const chars = visibleCharCount(cue.text) * (expansion(spokenLanguage) / expansion(textLanguage));
  const spokenMs = Math.round(
    (chars * 1000) / (SPEAKING_CPS[spokenLanguage] ?? DEFAULT_SPEAKING_CPS),
  );
  if (slotMs <= 0) return { cueId: cue.id, spokenMs, slotMs, ratio: Infinity, verdict: 'no_slot' };
  const ratio = Math.round((spokenMs / slotMs) * 100) / 100;
  const verdict: FitVerdict = ratio > FIT_WARNING_RATIO ? 'too_long' : ratio > 1 ? 'tight' : 'fits';
  return { cueId: cue.id, spokenMs, slotMs, ratio, verdict };
}

export function estimateFits(cues: readonly Cue[], options: FitOptions): FitEstimate[] {
  return cues.map((cue) => estimateFit(cue, options));
}
