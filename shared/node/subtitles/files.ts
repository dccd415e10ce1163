import { randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { Cue } from '../../domain/subtitles/cue';
import type { SubtitleFormat, VttExtras } from '../../domain/subtitles/file';
import type { ReadOptions, ReadOutcome } from './read';
import { MAX_READ_BYTES, readSubtitleBytes, tooLargeToRead } from './read';
import { formatSubtitles } from './write';

/** Reads a subtitle file from disk (the size is checked before the bytes are loaded). */
export async function readSubtitleFile(
  file: string,
  options: ReadOptions = {},
): Promise<ReadOutcome> {
  const stat = await fs.stat(file);
  if (stat.size > MAX_READ_BYTES) return tooLargeToRead(stat.size);
  // The whole path: a folder named by a language (`es/clip.srt`) labels the file too.
  return readSubtitleBytes(await fs.readFile(file), { filename: file, ...options });
}

/**
 * Writes cues as UTF-8 (no BOM) SRT or VTT, atomically: a temporary file in the same folder is
 * renamed over the target, so a crash never leaves half a file.
 */
export async function writeSubtitleFile(
  file: string,
  cues: readonly Cue[],
  format: SubtitleFormat,
  vtt: VttExtras | null = null,
): Promise<{ ok: true } | { ok: false; message: string; cueId?: string }> {
  const written = formatSubtitles(cues, format, vtt);
  if (!written.ok) return written;
  const temporary = path.join(
    path.dirname(file),
    `.${path.basename(file)}.${randomBytes(4).toString('hex')}.tmp`,
  );
  try {
    await fs.writeFile(temporary, written.text, 'utf8');
    await fs.rename(temporary, file);
    return { ok: true };
  } catch (error) {
    await fs.rm(temporary, { force: true });
    return { ok: false, message: `The file could not be written: ${(error as Error).message}` };
  }
}
