import { LANGUAGE_NAMES, type LanguageCode } from '../../api/languages';
import { baseName, sameStem, stemOf } from '../files/file-names';
import { readSubtitleFileName } from '../subtitles/file-language';

/** A script in the batch; `video`/`language` are set when the user assigned it or it was sent paired. */
export interface BatchScriptFile {
  path: string;
  language?: LanguageCode;
  video?: string;
}

export interface UnpairedScript {
  path: string;
  /** What its name says, when anything (so the one-click assign can preselect it). */
  language: LanguageCode | null;
  reason: string;
}

export interface ScriptPairing {
  /** video path -> language -> script paths; more than one path is a conflict the cell reports. */
  byVideo: Record<string, Partial<Record<LanguageCode, string[]>>>;
  unpaired: UnpairedScript[];
}

/**
 * Pairs scripts with videos by name (`clip.es.srt`, `clip_es.vtt`, `es/clip.srt` beside
 * `clip.mp4`), honouring explicit assignments first. A script pairs only with a language column
 * the batch has: a script for a language not chosen is listed, not silently dropped.
 */
export function pairScripts(
  videos: readonly string[],
  scripts: readonly BatchScriptFile[],
  languages: readonly LanguageCode[],
): ScriptPairing {
  const byVideo: ScriptPairing['byVideo'] = {};
  for (const video of videos) byVideo[video] = {};
  const unpaired: UnpairedScript[] = [];
  const add = (video: string, language: LanguageCode, path: string) => {
    const cells = byVideo[video]!;
    (cells[language] ??= []).push(path);
  };

  for (const script of scripts) {
    const named = readSubtitleFileName(script.path);
    const language = script.language ?? named.language;
    if (!language) {
      unpaired.push({
        path: script.path,
        language: null,
        reason: `The name does not say its language: name it like ${stemOf(script.path)}.es${extension(script.path)}, or assign it.`,
      });
      continue;
    }
    if (!languages.includes(language)) {
      unpaired.push({
        path: script.path,
        language,
        reason: `${LANGUAGE_NAMES[language]} (${language}) is not one of the chosen languages: add it, or assign the script.`,
      });
      continue;
    }
    if (script.video !== undefined) {
      if (script.video in byVideo) add(script.video, language, script.path);
      else unpaired.push({ path: script.path, language, reason: 'Its video is not in the batch.' });
      continue;
    }
    const matches = videos.filter((video) => sameStem(stemOf(video), named.stem));
    if (matches.length === 1) add(matches[0]!, language, script.path);
    else if (matches.length === 0)
      unpaired.push({
        path: script.path,
        language,
        reason: `No video named "${named.stem}" in the batch: assign it to one.`,
      });
    else
      unpaired.push({
        path: script.path,
        language,
        reason: `${matches.length} videos are named "${named.stem}" (${matches.map(baseName).join(', ')}): assign it to one.`,
      });
  }
  return { byVideo, unpaired };
}

function extension(path: string): string {
  const name = baseName(path);
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot) : '.srt';
}
