import type { TaskType } from './task-types';

/**
 * Limits as data, mirrored by the app (checked before any upload) and by the local engine
 * (enforced before any charge). Where spec and client notes disagree, the newest value wins
 * (docs/api-notes.md section 7) and account-level values come from GET /v1/account/services.
 */
export const LIMITS = {
  promptMaxChars: 2000,
  /** Text-to-music prompts are capped lower than the others (docs/api-notes.md 6.1, 7). */
  textToMusicPromptMaxChars: 1000,
  textToMusicDuration: { min: 5, max: 360 },
  textToSfxDuration: { min: 1, max: 180 },
  /** video-analysis briefs (docs/api-notes.md 6.12). */
  variantsNum: { min: 1, max: 5 },
  /** Music and sound takes: 1–10, more than one only as a task (docs/api-notes.md 6.1–6.3, 6.7, 7). */
  generationVariantsNum: { min: 1, max: 10 },
  /** How closely video-to-music follows the prompt over the picture; the service's default is 0.5 (6.2). */
  promptInfluence: { min: 0, max: 1, default: 0.5 },
  usageDays: { min: 1, max: 365, default: 30 },
  segments: {
    maxItems: 30,
    promptMin: 1,
    promptMax: 200,
    /** Tolerances the live service applies (docs/api-notes.md 6.5). */
    startTolerance: 0.001,
    contiguityTolerance: 0.01,
    endTolerance: 0.05,
    rawJsonMaxChars: 40_000,
  },
  subtitleFileMaxBytes: 1024 * 1024,
  defaultMaxUploadMb: 300,
  billingFloorSeconds: 10,
} as const;

/**
 * Longest accepted input media, in seconds, per task type (docs/api-notes.md, "Limits"). These
 * are the defaults: where GET /v1/account/services advertises `max_media_seconds`, the app uses
 * that instead. video-to-video-sound follows the spec's 180 s (docs/decisions/020).
 */
export const MAX_MEDIA_SECONDS: Partial<Record<TaskType, number>> = {
  video_to_music: 360,
  video_to_video_music: 360,
  video_to_sfx: 180,
  video_to_video_sfx: 180,
  video_to_sound: 480,
  video_to_video_sound: 180,
  audio_ducking: 360,
  dubbing: 300,
  proofread: 300,
  video_analysis: 480,
};

/** Free trial calls per service for a fresh self-serve account (docs/api-notes.md 6.14). */
export const DEFAULT_FREE_TRIALS: Record<TaskType, number> = {
  text_to_music: 2,
  text_to_sfx: 2,
  audio_ducking: 2,
  video_analysis: 2,
  proofread: 2,
  video_to_music: 1,
  video_to_sfx: 1,
  video_to_video_music: 1,
  video_to_video_sfx: 1,
  video_to_sound: 1,
  video_to_video_sound: 1,
  dubbing: 0,
};

export const SUBTITLE_EXTENSIONS = ['.srt', '.vtt'] as const;
export const AUDIO_FORMATS = ['wav', 'mp3', 'aac', 'flac'] as const;
export const MUSIC_OUTPUT_FORMATS = ['m4a', 'wav', 'mp3'] as const;
export const VIDEO_EXTENSIONS = ['.mp4', '.mov', '.webm', '.m4v', '.gif', '.mkv', '.avi'] as const;
export const AUDIO_EXTENSIONS = ['.wav', '.mp3', '.m4a', '.aac', '.ogg', '.flac'] as const;
