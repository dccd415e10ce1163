import { promises as fs } from 'node:fs';
import { isLanguageCode, type LanguageCode } from '../../../../shared/api/languages';
import { checkDeclaredLanguage } from '../../../../shared/domain/subtitles/language';
import type { ScriptFacts, VideoFacts } from '../../../../shared/domain/dub';
import { readSubtitleFileName } from '../../../../shared/domain/subtitles/file-language';
import { runQc } from '../../../../shared/domain/subtitles/qc';
import { readSubtitleFile } from '../../../../shared/node/subtitles';
import type { ProbeMedia } from '../media/probe';
import { mapPool } from './bounded-pool';

export interface DubFactsOptions {
  probe: ProbeMedia;
  /**
   * The loudest sample of a file's sound, 0..1 (null: unknown), so a silent video is named
   * before an unscripted cell is charged for it. Main reads it from the cached waveform.
   */
  peakLevel?: (file: string) => Promise<number | null>;
  /** ffprobe processes at once (default 2: the app shares the machine with the engine). */
  poolSize?: number;
  /** Entries kept per cache (oldest dropped first). */
  maxEntries?: number;
}

type Identity = string;

/** path + size + mtime: a file replaced or edited under the same name is measured again. */
async function identityOf(file: string): Promise<{ id: Identity; bytes: number } | null> {
  const stat = await fs.stat(file).catch(() => null);
  if (!stat?.isFile()) return null;
  return { id: `${file}\0${stat.size}\0${stat.mtimeMs}`, bytes: stat.size };
}

/**
 * Facts for the batch plan: videos probed in a bounded pool and scripts read with the shared
 * subtitle reader, QC and local language detection. Both are cached by file identity, so
 * re-planning after a settings change (or a second drop of the same folder) costs nothing.
 */
export class DubFacts {
  private readonly videos = new Map<Identity, Promise<VideoFacts>>();
  private readonly scripts = new Map<Identity, Promise<ScriptFacts>>();
  private readonly poolSize: number;
  private readonly maxEntries: number;

  constructor(private readonly options: DubFactsOptions) {
    this.poolSize = options.poolSize ?? 2;
    this.maxEntries = options.maxEntries ?? 5_000;
  }

  videoFacts(paths: readonly string[]): Promise<VideoFacts[]> {
    return mapPool(paths, this.poolSize, (file) => this.video(file));
  }

  scriptFacts(items: readonly { path: string; language?: LanguageCode }[]): Promise<ScriptFacts[]> {
    return mapPool(items, 4, (item) => this.script(item.path, item.language));
  }

  private async video(file: string): Promise<VideoFacts> {
    if (/^https?:\/\//i.test(file)) return { path: file, isUrl: true };
    const identity = await identityOf(file);
    if (!identity) return { path: file, error: 'the file is missing or is not a file' };
    return this.cached(this.videos, identity.id, async () => {
      const probed = await this.options.probe(file);
      if (!probed.ok) return { path: file, bytes: identity.bytes, error: probed.error.message };
      const { durationSeconds, hasVideo, hasAudio, bytes } = probed.value;
      const facts: VideoFacts = { path: file, durationSeconds, hasVideo, hasAudio, bytes };
      const peak = hasAudio ? await this.options.peakLevel?.(file) : null;
      if (typeof peak === 'number') facts.peakLevel = peak;
      return facts;
    });
  }

  private async script(file: string, language?: LanguageCode): Promise<ScriptFacts> {
    const identity = await identityOf(file);
    if (!identity) return { path: file, bytes: 0, cueCount: 0, error: 'the file is missing' };
    const declared = language ?? readSubtitleFileName(file).language ?? undefined;
    return this.cached(this.scripts, `${identity.id}\0${declared ?? ''}`, async () => {
      const read = await readSubtitleFile(file, declared ? { language: declared } : {}).catch(
        (error: Error) => ({ ok: false, error: { message: error.message } }) as const,
      );
      if (!read.ok)
        return { path: file, bytes: identity.bytes, cueCount: 0, error: read.error.message };
      const { cues, languageGuess } = read.value;
      const guessed =
        languageGuess?.code && isLanguageCode(languageGuess.code) ? languageGuess.code : null;
      // A script that reads as its declared language (or a close relative) counts as it; only a
      // clear other language is reported, as the service's own check would refuse it.
      const verdict = declared
        ? checkDeclaredLanguage(cues.map((cue) => cue.text).join('\n'), declared)
        : null;
      const detected = verdict?.matches ? declared! : guessed;
      const qc = runQc(cues, { language: declared ?? guessed ?? 'en' });
      return {
        path: file,
        bytes: identity.bytes,
        cueCount: cues.length,
        detectedLanguage: detected ?? null,
        qcWarnings: qc.length,
      };
    });
  }

  private cached<T>(
    cache: Map<Identity, Promise<T>>,
    id: Identity,
    make: () => Promise<T>,
  ): Promise<T> {
    const hit = cache.get(id);
    if (hit) return hit;
    if (cache.size >= this.maxEntries) cache.delete(cache.keys().next().value!);
    const made = make();
    cache.set(id, made);
    return made;
  }
}
