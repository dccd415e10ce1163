/**
 * QC profiles as data: the limits a cue is measured against. Figures and their sources are
 * restated in docs/subtitles.md ("Reading norms"). A profile has base limits and per-language
 * overrides; `limitsFor` merges them.
 */
export interface ReadingLimits {
  maxLineChars: number;
  maxLines: number;
  /** Visible characters per second, line breaks excluded. */
  maxCps: number;
  minDurationMs: number;
  maxDurationMs: number;
  /** Minimum pause between one cue's end and the next cue's start. */
  minGapMs: number;
}

export type ProfileId = 'streaming' | 'cjk' | 'thai' | 'shorts';

export interface QcProfile {
  id: ProfileId;
  name: string;
  description: string;
  limits: ReadingLimits;
  byLanguage: Readonly<Record<string, Partial<ReadingLimits>>>;
  /** Gaps shorter than this (but at least minGapMs) are closed by the close-gaps fix. */
  closeGapsBelowMs: number;
}

/** Two frames at 23.976 fps, the streaming minimum gap. */
const TWO_FRAMES_MS = 83;

/**
 * Netflix's per-language limits for scripts measured in characters that each carry far more
 * than a Latin letter (zh 16 per line / 9 CPS, ja 13 / 4, ko 16 / 12); Thai writes without
 * spaces and gets a shorter line.
 */
const CJK_BY_LANGUAGE: Record<string, Partial<ReadingLimits>> = {
  zh_cn: { maxLineChars: 16, maxCps: 9 },
  ja: { maxLineChars: 13, maxCps: 4 },
  ko: { maxLineChars: 16, maxCps: 12 },
};
const THAI_LIMITS: Partial<ReadingLimits> = { maxLineChars: 35, maxCps: 15 };

export const STREAMING_PROFILE: QcProfile = {
  id: 'streaming',
  name: 'Streaming (Netflix-like)',
  description: '42 characters per line, 2 lines, 17 CPS (20 for English), 0.833-7 s, 2-frame gap',
  limits: {
    maxLineChars: 42,
    maxLines: 2,
    maxCps: 17,
    minDurationMs: 833,
    maxDurationMs: 7000,
    minGapMs: TWO_FRAMES_MS,
  },
  byLanguage: { en: { maxCps: 20 }, ...CJK_BY_LANGUAGE, th: THAI_LIMITS },
  closeGapsBelowMs: 300,
};

export const CJK_PROFILE: QcProfile = {
  id: 'cjk',
  name: 'Chinese, Japanese, Korean',
  description: 'Character limits: 16 per line and 9 CPS (Japanese 13 and 4, Korean 16 and 12)',
  limits: { ...STREAMING_PROFILE.limits, maxLineChars: 16, maxCps: 9 },
  byLanguage: CJK_BY_LANGUAGE,
  closeGapsBelowMs: 300,
};

export const THAI_PROFILE: QcProfile = {
  id: 'thai',
  name: 'Thai',
  description: '35 characters per line (combining marks not counted), 15 CPS',
  limits: { ...STREAMING_PROFILE.limits, ...THAI_LIMITS },
  byLanguage: {},
  closeGapsBelowMs: 300,
};

export const SHORTS_PROFILE: QcProfile = {
  id: 'shorts',
  name: 'Shorts (vertical video)',
  description: '24 characters per line, 2 lines, 25 CPS, 0.7-5 s, no minimum gap',
  limits: {
    maxLineChars: 24,
    maxLines: 2,
    maxCps: 25,
    minDurationMs: 700,
    maxDurationMs: 5000,
    minGapMs: 0,
  },
  byLanguage: {},
  closeGapsBelowMs: 0,
};

export const QC_PROFILES: readonly QcProfile[] = [
  STREAMING_PROFILE,
  CJK_PROFILE,
  THAI_PROFILE,
  SHORTS_PROFILE,
];

export const DEFAULT_PROFILE_ID: ProfileId = 'streaming';

export function profileById(id: ProfileId): QcProfile {
  return QC_PROFILES.find((profile) => profile.id === id) ?? STREAMING_PROFILE;
}

/** The profile's limits for one language (its override merged over the base). */
export function limitsFor(profile: QcProfile, language: string): ReadingLimits {
  return { ...profile.limits, ...profile.byLanguage[language] };
}

/** Languages written without spaces between words: lines may break between any two characters. */
export function breaksAnywhere(language: string): boolean {
  return language === 'zh_cn' || language === 'ja' || language === 'th';
}
