import {
  LANGUAGE_NAMES,
  LOCAL_TRANSLATION_LANGUAGES,
  type LanguageCode,
} from '../../api/languages';
import { LIMITS, MAX_MEDIA_SECONDS } from '../../api/limits';
import { baseName } from '../files/file-names';

/** What main measured of a video (probe), or why it could not. */
export interface VideoFacts {
  path: string;
  /** A remote source: the service fetches it, over https only. */
  isUrl?: boolean;
  durationSeconds?: number;
  bytes?: number;
  hasVideo?: boolean;
  /** False when the file has no audio stream: nothing to transcribe. */
  hasAudio?: boolean;
  /** The loudest sample of its sound, 0..1 of full scale (absent: not measured). */
  peakLevel?: number;
  error?: string;
}

/** What main read of a script (the subtitle reader and QC), or why it could not. */
export interface ScriptFacts {
  path: string;
  bytes: number;
  cueCount: number;
  error?: string;
  /** The language the text is written in, detected locally as the server's preflight would. */
  detectedLanguage?: LanguageCode | null;
  /** QC warnings under the default profile (non-blocking, as the service's are). */
  qcWarnings?: number;
}

export interface DubBatchSettings {
  languages: LanguageCode[];
  ducking: boolean;
  lipsync: boolean;
  exportSrt: boolean;
  /** The local engine cannot lip-sync: the request then carries lipsync=false. */
  engine: 'local' | 'remote';
  maxUploadMb: number;
}

export type PreflightLevel = 'ok' | 'warn' | 'blocked';

export interface CellReason {
  level: 'info' | 'warn' | 'blocked';
  code: string;
  message: string;
  /** What to do about it, in words. */
  fix?: string;
}

const DUBBING_MAX_SECONDS = MAX_MEDIA_SECONDS.dubbing ?? 300;

const minutes = (seconds: number) =>
  `${Math.floor(seconds / 60)}:${String(Math.round(seconds % 60)).padStart(2, '0')}`;

/** Reasons that block every cell of a video's row (the video itself cannot be sent). */
export function videoReasons(video: VideoFacts, settings: DubBatchSettings): CellReason[] {
  const reasons: CellReason[] = [];
  if (video.isUrl) {
    if (!/^https:\/\//i.test(video.path))
      reasons.push({
        level: 'blocked',
        code: 'url_not_https',
        message: 'The service fetches video URLs over https only.',
        fix: 'Use the https:// address of the video, or download it and add the file.',
      });
    return reasons;
  }
  if (video.error) {
    reasons.push({
      level: 'blocked',
      code: 'video_unreadable',
      message: `${baseName(video.path)} could not be read: ${video.error}`,
      fix: 'Re-export it as an .mp4 (H.264/AAC) and add it again.',
    });
    return reasons;
  }
  if (video.hasVideo === false)
    reasons.push({
      level: 'blocked',
      code: 'no_video_track',
      message: 'The file has no picture to dub.',
      fix: 'Add the video file, not its audio.',
    });
  if (video.durationSeconds !== undefined && video.durationSeconds > DUBBING_MAX_SECONDS)
    reasons.push({
      level: 'blocked',
      code: 'video_too_long',
      message: `The video runs ${minutes(video.durationSeconds)}; dubbing takes at most ${minutes(DUBBING_MAX_SECONDS)}.`,
      fix: `Split it into parts of ${minutes(DUBBING_MAX_SECONDS)} or less.`,
    });
  if (video.bytes !== undefined && video.bytes > settings.maxUploadMb * 1024 * 1024)
    reasons.push({
      level: 'blocked',
      code: 'video_too_large',
      message: `The file is ${Math.ceil(video.bytes / 1024 / 1024)} MB; the account accepts uploads up to ${settings.maxUploadMb} MB.`,
      fix: 'Re-encode it at a lower bitrate.',
    });
  return reasons;
}

/**
 * Below this peak (about −40 dBFS) a sound track holds no speech to transcribe: camera hiss and
 * room tone sit under it, the quietest speech well above it.
 */
export const SILENT_PEAK = 0.01;

/**
 * Reasons of an unscripted cell's sound: without a script the service transcribes the video, so
 * a file with no sound, or a silent one, fails after the upload (docs/dubbing.md). A scripted
 * cell is dubbed from its script and needs no speech.
 */
export function soundReasons(video: VideoFacts, scripted: boolean): CellReason[] {
  if (scripted || video.isUrl || video.error) return [];
  const fix = `Add a script for this language (${baseName(video.path).replace(/\.[^.]+$/, '')}.<language>.srt), or leave the cell out.`;
  if (video.hasAudio === false)
    return [
      {
        level: 'blocked',
        code: 'no_audio',
        message: 'The video has no sound, so there is no speech to dub.',
        fix,
      },
    ];
  if (video.peakLevel !== undefined && video.peakLevel < SILENT_PEAK) {
    const dbfs = video.peakLevel > 0 ? Math.round(20 * Math.log10(video.peakLevel)) : null;
    return [
      {
        level: 'blocked',
        code: 'silent_audio',
        message: `The sound track is silent${dbfs !== null ? ` (its loudest peak is ${dbfs} dBFS)` : ''}, so there is no speech to dub.`,
        fix,
      },
    ];
  }
  return [];
}

/** Reasons of one cell's script (none when the cell is unscripted). */
export function scriptReasons(
  language: LanguageCode,
  scripts: readonly string[],
  facts: (path: string) => ScriptFacts | undefined,
): CellReason[] {
  if (scripts.length === 0) return [];
  if (scripts.length > 1)
    return [
      {
        level: 'blocked',
        code: 'script_conflict',
        message: `${scripts.length} scripts for ${LANGUAGE_NAMES[language]}: ${scripts.map(baseName).join(', ')}.`,
        fix: 'Remove all but one of them from the batch.',
      },
    ];
  const script = facts(scripts[0]!);
  if (!script) return [];
  const name = baseName(script.path);
  if (script.error)
    return [
      {
        level: 'blocked',
        code: 'script_unreadable',
        message: `${name}: ${script.error}`,
        fix: 'Fix it in the Subtitles workspace, or replace it.',
      },
    ];
  const reasons: CellReason[] = [];
  if (script.bytes > LIMITS.subtitleFileMaxBytes)
    reasons.push({
      level: 'blocked',
      code: 'script_too_large',
      message: `${name} is ${Math.ceil(script.bytes / 1024)} KiB; a script may be at most 1 MiB.`,
      fix: 'Split the video and its script, or shorten the script.',
    });
  if (script.bytes === 0 || script.cueCount === 0)
    reasons.push({
      level: 'blocked',
      code: 'script_empty',
      message: `${name} has no cues.`,
      fix: 'Replace it with the translated script, or remove it to have the service translate.',
    });
  if (script.detectedLanguage && script.detectedLanguage !== language)
    reasons.push({
      level: 'blocked',
      code: 'script_wrong_language',
      message: `${name} reads as ${LANGUAGE_NAMES[script.detectedLanguage]}, not ${LANGUAGE_NAMES[language]}: the service would refuse it.`,
      fix: `Assign it to the ${LANGUAGE_NAMES[script.detectedLanguage]} column, or replace it.`,
    });
  if ((script.qcWarnings ?? 0) > 0)
    reasons.push({
      level: 'warn',
      code: 'script_qc',
      message: `${name}: ${script.qcWarnings} subtitle check warning${script.qcWarnings === 1 ? '' : 's'} (reading speed, line length, timing).`,
      // No word on whether the dub runs: the cell's state says that, and a wrongly paired or
      // too large script blocks it whatever its warnings.
      fix: 'Open it in the Subtitles workspace to review the flagged lines.',
    });
  return reasons;
}

/** Reasons that follow from the batch settings for a cell. */
export function settingsReasons(settings: DubBatchSettings, scripted: boolean): CellReason[] {
  const reasons: CellReason[] = [];
  if (settings.lipsync && settings.engine === 'local')
    reasons.push({
      level: 'info',
      code: 'lipsync_local',
      message:
        'Lip-sync is off: the local engine cannot re-render mouths, so only the audio is replaced.',
    });
  if (settings.exportSrt && !scripted)
    reasons.push({
      level: 'info',
      code: 'no_srt_export',
      message: 'No re-timed .srt for this cell: exporting subtitles needs a script.',
    });
  return reasons;
}

/**
 * The local engine dubs an unscripted language by translating the English transcript offline,
 * which it can do into a few languages only; any other needs a script (or the cloud service).
 */
export function localTranslationReasons(
  language: LanguageCode,
  settings: DubBatchSettings,
  scripted: boolean,
): CellReason[] {
  if (settings.engine !== 'local' || scripted || LOCAL_TRANSLATION_LANGUAGES.includes(language))
    return [];
  return [
    {
      level: 'blocked',
      code: 'no_offline_translation',
      message: `The local engine cannot translate into ${LANGUAGE_NAMES[language]}: it translates offline into ${LOCAL_TRANSLATION_LANGUAGES.map((code) => LANGUAGE_NAMES[code]).join(', ')} only.`,
      fix: `Add a ${LANGUAGE_NAMES[language]} script for this video, or switch to the cloud service in Settings.`,
    },
  ];
}

export function levelOf(reasons: readonly CellReason[]): PreflightLevel {
  if (reasons.some((reason) => reason.level === 'blocked')) return 'blocked';
  if (reasons.some((reason) => reason.level === 'warn')) return 'warn';
  return 'ok';
}
