import { randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import {
  frameAt,
  SPLICE_FADE_MS,
  spliceWindow,
} from '../../../../shared/domain/dub/lines/pcm-splice';
import {
  FFMPEG_QUIET_OVERWRITE,
  lastErrorLine,
  runTool,
  TOOL,
} from '../../../../shared/node/toolchain';
import { audioFormat, decodePcm, type Outcome } from './dub-audio';

export interface SpliceInput {
  /** The dub as it was before this edit (kept; never written). */
  previous: string;
  /** The service's dub of the window (its audio starts at the window's start). */
  windowDub: string;
  startMs: number;
  endMs: number;
  /** The dub file to replace: written whole to a temporary file, then renamed over it. */
  target: string;
  signal?: AbortSignal;
}

/**
 * Puts the window's new audio into the dub (docs/decisions/086-line-window-splice.md): both
 * audios are decoded to PCM at the dub's own format, spliced (samples outside the window copied
 * as they are), encoded to AAC and muxed under the previous file's picture, stream-copied packet
 * for packet. The result is written beside the target and renamed over it, so at every moment
 * the target is either the old dub or the new one, never half of either.
 */
export async function spliceDubFile(input: SpliceInput): Promise<Outcome<{ bytes: number }>> {
  const format = await audioFormat(input.previous, input.signal);
  if (!format.ok) return format;
  const [full, window] = await Promise.all([
    decodePcm(input.previous, format.value, { signal: input.signal }),
    decodePcm(input.windowDub, format.value, { signal: input.signal }),
  ]);
  if (!full.ok) return full;
  if (!window.ok) return window;
  const { sampleRate, channels } = format.value;
  const spliced = spliceWindow(
    full.value,
    window.value,
    channels,
    frameAt(input.startMs, sampleRate),
    frameAt(input.endMs, sampleRate),
    frameAt(SPLICE_FADE_MS, sampleRate),
  );
  const temporary = path.join(
    path.dirname(input.target),
    `.${path.basename(input.target)}.${randomBytes(4).toString('hex')}.splice.mp4`,
  );
  const run = await runTool(
    TOOL.ffmpeg,
    [
      ...FFMPEG_QUIET_OVERWRITE,
      '-i',
      input.previous,
      '-f',
      's16le',
      '-ar',
      String(sampleRate),
      '-ac',
      String(channels),
      '-i',
      'pipe:0',
      '-map',
      '0:v:0',
      '-map',
      '1:a:0',
      '-c:v',
      'copy',
      '-c:a',
      'aac',
      // The fast coder takes about half the CPU of the default one at this rate, and the whole
      // soundtrack is re-encoded on every splice (docs/decisions/086-line-window-splice.md).
      '-aac_coder',
      'fast',
      '-b:a',
      '192k',
      '-movflags',
      '+faststart',
      '-f',
      'mp4',
      temporary,
    ],
    {
      signal: input.signal,
      stdin: Buffer.from(spliced.buffer, spliced.byteOffset, spliced.byteLength),
    },
  );
  if (run.code !== 0) {
    await fs.rm(temporary, { force: true });
    return {
      ok: false,
      message: run.aborted
        ? 'The splice was stopped; the dub is as it was.'
        : `The new line could not be spliced in (${lastErrorLine(run.stderr)}); the dub is as it was.`,
    };
  }
  await syncFile(temporary);
  await fs.rename(temporary, input.target);
  const stat = await fs.stat(input.target);
  return { ok: true, value: { bytes: stat.size } };
}

/** Restores `kept` over `target` with the same temp + rename step (undo). */
export async function restoreDubFile(kept: string, target: string): Promise<void> {
  const temporary = path.join(
    path.dirname(target),
    `.${path.basename(target)}.${randomBytes(4).toString('hex')}.undo.mp4`,
  );
  await fs.copyFile(kept, temporary);
  await syncFile(temporary);
  await fs.rename(temporary, target);
}

/** Flushes a file to disk before it is renamed into place, so a power cut cannot empty it. */
async function syncFile(file: string): Promise<void> {
  const handle = await fs.open(file, 'r+');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
