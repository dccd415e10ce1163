import { randomUUID } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { MediaInfo, Peaks } from '../../../../shared/ipc/channels/media';
import { fail, ok, type Result } from '../../../../shared/ipc/result';
import type { Emit } from '../main-services';
import { runExport, type ExportRequestParsed, type ExportResult } from './export';
import { MediaCache } from './media-cache';
import { computePeaks, decodePeaksFile, encodePeaksFile } from './peaks';
import { inspectMedia } from './probe';
import { detectShots } from './shots';
import { spawnTool, type SpawnTool } from '../../../../shared/node/toolchain';

export interface MediaServiceOptions {
  /** Cache and scratch folder, under the user data folder. */
  cacheDir: string;
  /** The project folder (exports go to its `exports/`); read at each export. */
  projectFolder: () => string;
  emit: Emit;
  /** Starts ffmpeg/ffprobe; tests wrap it to count spawns. */
  spawn?: SpawnTool;
}

/**
 * Main's media services behind the media:* channels. Paths reaching here are already real and
 * allowed (the handlers run them through the path guard). Peaks and shot lists are cached by
 * file identity (see MediaCache); exports run one at a time per id and can be canceled.
 */
export class MediaService {
  readonly cache: MediaCache;
  private readonly spawn: SpawnTool;
  private readonly exports = new Map<string, AbortController>();
  /** Stops every running shot scan (and all its decoders) when the app shuts down. */
  private readonly scans = new AbortController();

  constructor(private readonly options: MediaServiceOptions) {
    this.cache = new MediaCache(options.cacheDir);
    this.spawn = options.spawn ?? spawnTool;
  }

  inspect(filePath: string): Promise<Result<MediaInfo>> {
    return inspectMedia(filePath);
  }

  async peaks(filePath: string, pointsPerSecond: number): Promise<Result<Peaks>> {
    const key = await this.cache.keyFor(filePath, 'peaks', { pointsPerSecond });
    if (!key) return fail('file_missing', 'The file does not exist or cannot be read.');
    const cached = await this.cache.read('peaks', key);
    const hit = cached ? decodePeaksFile(cached) : null;
    if (hit) return ok(hit);
    const computed = await computePeaks(this.spawn, filePath, pointsPerSecond);
    if (!computed.ok) return computed;
    const file = encodePeaksFile(computed.value.peaks, pointsPerSecond, computed.value.durationMs);
    await this.cache.write('peaks', key, file);
    return ok(decodePeaksFile(file)!);
  }

  /**
   * Shot changes of `filePath`, cached per file identity and threshold. While ffmpeg runs, each
   * change is pushed as media:shotFound under `reportPath` (the path the renderer asked for,
   * which may differ from the real one) so markers appear as they are found.
   */
  async shots(
    filePath: string,
    threshold: number,
    reportPath = filePath,
  ): Promise<Result<{ threshold: number; shotsMs: number[] }>> {
    const key = await this.cache.keyFor(filePath, 'shots', { threshold: threshold.toFixed(3) });
    if (!key) return fail('file_missing', 'The file does not exist or cannot be read.');
    const cached = await this.cache.read('shots', key);
    if (cached) {
      const list = parseShotList(cached.toString('utf8'));
      if (list) return ok({ threshold, shotsMs: list });
    }
    const detected = await detectShots(this.spawn, filePath, threshold, {
      onShot: (ms) => this.options.emit('media:shotFound', { path: reportPath, threshold, ms }),
      signal: this.scans.signal,
    });
    if (!detected.ok) return detected;
    await this.cache.write('shots', key, JSON.stringify(detected.value));
    return ok({ threshold, shotsMs: detected.value });
  }

  /** Runs an export to the project folder's exports/, pushing media:exportProgress as it goes. */
  async export(request: ExportRequestParsed): Promise<Result<ExportResult>> {
    if (this.exports.has(request.exportId))
      return fail('export_running', 'This export is already running.');
    const controller = new AbortController();
    this.exports.set(request.exportId, controller);
    const scratchDir = await this.cache.scratch(`export-${randomUUID()}`);
    try {
      return await runExport(request, {
        spawn: this.spawn,
        exportsDir: path.join(this.options.projectFolder(), 'exports'),
        scratchDir,
        signal: controller.signal,
        onProgress: (stage, fraction) =>
          this.options.emit('media:exportProgress', {
            exportId: request.exportId,
            stage,
            fraction,
          }),
      });
    } finally {
      this.exports.delete(request.exportId);
      await fs.rm(scratchDir, { recursive: true, force: true });
    }
  }

  /** Stops a running export; it then answers `canceled` and its partial file is gone. */
  cancelExport(exportId: string): { canceled: boolean } {
    const controller = this.exports.get(exportId);
    if (!controller) return { canceled: false };
    controller.abort();
    return { canceled: true };
  }

  /** Cancels every running export and shot scan (app shutdown). */
  dispose(): void {
    for (const controller of this.exports.values()) controller.abort();
    this.scans.abort();
  }
}

function parseShotList(text: string): number[] | null {
  try {
    const value = JSON.parse(text) as unknown;
    return Array.isArray(value) && value.every((n) => Number.isInteger(n) && n >= 0)
      ? (value as number[])
      : null;
  } catch {
    return null;
  }
}
