import type { SubtitleFormat, SubtitleParseResult } from './cue';
import { parseSrt, serializeSrt } from './srt';
import { parseVtt, serializeVtt } from './vtt';
import type { Cue } from './cue';

/** The format named by a file's extension, compared lower-cased; null when not .srt/.vtt. */
export function subtitleFormatOf(filename: string): SubtitleFormat | null {
  const lower = filename.trim().toLowerCase();
  if (lower.endsWith('.srt')) return 'srt';
  if (lower.endsWith('.vtt')) return 'vtt';
  return null;
}

export function parseSubtitles(text: string, format: SubtitleFormat): SubtitleParseResult {
  return format === 'srt' ? parseSrt(text) : parseVtt(text);
}

export function serializeSubtitles(cues: readonly Cue[], format: SubtitleFormat): string {
  return format === 'srt' ? serializeSrt(cues) : serializeVtt(cues);
}
