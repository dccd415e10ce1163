import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { z } from 'zod';
import type { exportRequestSchema } from '../../../../shared/ipc/channels/media';
import { LOUDNESS_TARGETS, TRUE_PEAK_CEILING_DB } from '../../../../shared/domain/project/loudness';
import { fail, ok, type Result } from '../../../../shared/ipc/result';
import {
  finalArgs,
  mixArgs,
  normaliseFilter,
  type ExportContainer,
  type MixPlan,
} from './export-graph';
import { measureLoudness, progressTimeMs } from './loudness';
import { inspectMedia } from './probe';
import { lastErrorLine, runTool, type SpawnTool, TOOL } from '../../../../shared/node/toolchain';
import { KILL_GRACE_MS } from './kill-grace';
import { publishStems, removeStems, writeStems, type StemFile } from './stems';

export type ExportRequestParsed = z.output<typeof exportRequestSchema>;
export type ExportStage = 'mixing' | 'measuring' | 'muxing';

export interface ExportResult {
  path: string;
  durationMs: number;
  integratedLufs: number;
  truePeakDb: number;
  stems: { lane: string; path: string }[];
}

export interface ExportContext {
  spawn: SpawnTool;
  /** `<project folder>/exports`. */
  exportsDir: string;
  /** A scratch folder for the intermediate mix (removed afterwards). */
  scratchDir: string;
  signal: AbortSignal;
  onProgress(stage: ExportStage, fraction: number): void;
}

const VIDEO_CONTAINERS: ExportContainer[] = ['mp4', 'mov', 'm4v', 'mkv', 'webm'];
/** When the limiter took this much loudness away, one corrected pass brings it back to target. */
const RETRY_BELOW_LU = 0.5;

/** The output file name: the given name with the extension its kind needs. */
export function outputName(
  request: Pick<ExportRequestParsed, 'name' | 'kind' | 'audioFormat' | 'videoPath'>,
): { file: string; container: ExportContainer } {
  const ext = path.extname(request.name).slice(1).toLowerCase();
  const stem = ext ? request.name.slice(0, -(ext.length + 1)) : request.name;
  if (request.kind === 'audio') {
    return { file: `${stem}.${request.audioFormat}`, container: request.audioFormat };
  }
  const sourceExt = path.extname(request.videoPath).slice(1).toLowerCase() as ExportContainer;
  const container = VIDEO_CONTAINERS.includes(ext as ExportContainer)
    ? (ext as ExportContainer)
    : VIDEO_CONTAINERS.includes(sourceExt)
      ? sourceExt
      : 'mp4';
  return { file: `${stem}.${container}`, container };
}

function writeFailure(error: NodeJS.ErrnoException, dir: string): Result<never> {
  if (error.code === 'ENOSPC') return diskFull();
  return fail(
    'export_not_writable',
    `Soundstage cannot write to ${dir} (${error.code ?? error.message}). Make the folder writable ` +
      'or choose another project folder in Settings, then export again.',
  );
}

const diskFull = (): Result<never> =>
  fail(
    'disk_full',
    'The disk filled up during the export; the partial file was removed. Free some space, then export again.',
  );

/** Turns a failed ffmpeg run writing `outPath` into a message that says what to do. */
function toolFailure(stderr: string, dir: string, what: string): Result<never> {
  if (/No space left on device/i.test(stderr)) return diskFull();
  if (/Permission denied|Read-only file system/i.test(stderr))
    return writeFailure({ name: 'Error', message: lastErrorLine(stderr), code: 'EACCES' }, dir);
  return fail('export_failed', `${what} failed: ${lastErrorLine(stderr)}`);
}

/**
 * Mix → measure → normalise and encode (and mux). Writes to a hidden partial file beside the
 * target and renames it into place only when everything succeeded, so a cancel, a failure or a
 * full disk never leaves a half-written export (the partial file is removed in every case).
 */
export async function runExport(
  request: ExportRequestParsed,
  context: ExportContext,
): Promise<Result<ExportResult>> {
  const video = await inspectMedia(request.videoPath);
  if (!video.ok) return video;
  if (request.kind === 'video' && !video.value.video)
    return fail('no_video', 'That file has no picture; export the mix as audio instead.');
  const plan: MixPlan = {
    durationMs: request.durationMs,
    source:
      request.source && video.value.audio
        ? { path: request.videoPath, gainDb: request.source.gainDb }
        : null,
    tracks: request.tracks,
    duck: request.duck,
  };
  if (!plan.source && plan.tracks.length === 0) {
    return fail(
      'nothing_to_export',
      'There is no sound to export: unmute the video’s sound or pick a take on a lane.',
    );
  }

  const { file, container } = outputName(request);
  const target = path.join(context.exportsDir, file);
  const partial = path.join(
    context.exportsDir,
    `.${path.parse(file).name}.${request.exportId.slice(0, 8)}.partial.${container}`,
  );
  try {
    await fs.mkdir(context.exportsDir, { recursive: true });
    await (await fs.open(partial, 'wx')).close();
  } catch (error) {
    return writeFailure(error as NodeJS.ErrnoException, context.exportsDir);
  }

  const outcome = await mixMeasureEncode(
    plan,
    { ...request, videoCodec: video.value.video?.codec },
    container,
    partial,
    context,
  );
  if (!outcome.ok || context.signal.aborted) {
    await fs.rm(partial, { force: true });
    return context.signal.aborted ? canceled() : outcome;
  }
  let stems: StemFile[] = [];
  if (request.stems) {
    const written = await writeStems(plan, {
      spawn: context.spawn,
      exportsDir: context.exportsDir,
      base: path.parse(file).name,
      tag: request.exportId.slice(0, 8),
      signal: context.signal,
    });
    if (!written.ok) {
      await fs.rm(partial, { force: true });
      return written;
    }
    stems = written.value;
  }
  try {
    await fs.rename(partial, target);
    await publishStems(stems);
  } catch (error) {
    await fs.rm(partial, { force: true });
    await removeStems(stems);
    return writeFailure(error as NodeJS.ErrnoException, context.exportsDir);
  }
  return ok({
    ...outcome.value,
    path: target,
    stems: stems.map((stem) => ({ lane: stem.lane, path: stem.path })),
  });
}

const canceled = (): Result<never> =>
  fail('canceled', 'The export was canceled; the partial file was removed.');

async function mixMeasureEncode(
  plan: MixPlan,
  request: ExportRequestParsed & { videoCodec?: string },
  container: ExportContainer,
  partial: string,
  context: ExportContext,
): Promise<Result<ExportResult>> {
  const { spawn, signal, onProgress } = context;
  const durationMs = request.durationMs;
  const fractionOf = (line: string, stage: ExportStage): void => {
    const at = progressTimeMs(line);
    if (at !== null) onProgress(stage, Math.min(1, Math.max(0, at / durationMs)));
  };
  const mixWav = path.join(context.scratchDir, 'mix.wav');

  onProgress('mixing', 0);
  const mixed = await runTool(TOOL.ffmpeg, mixArgs(plan, mixWav), {
    spawn,
    killGraceMs: KILL_GRACE_MS,
    signal,
    onStdoutLine: (line) => fractionOf(line, 'mixing'),
  });
  if (mixed.aborted) return canceled();
  if (mixed.code !== 0) return toolFailure(mixed.stderr, context.scratchDir, 'Mixing');

  onProgress('measuring', 0);
  const measured = await measureLoudness(spawn, mixWav, {
    signal,
    onProgress: (at) => onProgress('measuring', Math.min(1, at / durationMs)),
  });
  if (!measured.ok) return signal.aborted ? canceled() : measured;
  if (measured.value.integratedLufs === -Infinity) {
    return fail(
      'silent_mix',
      'The mix is silent, so it cannot be brought to a loudness. Raise a lane’s gain or pick a take.',
    );
  }

  const targetLufs = LOUDNESS_TARGETS[request.loudness].lufs;
  let gainInput = measured.value;
  let result: Result<ExportResult> | null = null;
  for (let attempt = 0; attempt < 2; attempt++) {
    onProgress('muxing', 0);
    const encoded = await runTool(
      TOOL.ffmpeg,
      finalArgs({
        videoPath: request.kind === 'video' ? request.videoPath : null,
        videoCodec: request.videoCodec,
        mixWav,
        filter: normaliseFilter(gainInput, targetLufs, TRUE_PEAK_CEILING_DB),
        container,
        outPath: partial,
      }),
      {
        spawn,
        killGraceMs: KILL_GRACE_MS,
        signal,
        onStdoutLine: (line) => fractionOf(line, 'muxing'),
      },
    );
    if (encoded.aborted) return canceled();
    if (encoded.code !== 0) return toolFailure(encoded.stderr, context.exportsDir, 'Encoding');
    const output = await measureLoudness(spawn, partial, { signal });
    if (!output.ok) return signal.aborted ? canceled() : output;
    result = ok({ path: partial, durationMs, ...output.value, stems: [] });
    const shortBy = targetLufs - output.value.integratedLufs;
    // The limiter lowers loudness as it catches peaks; aim higher by what it took, once.
    if (shortBy < RETRY_BELOW_LU || attempt === 1) break;
    gainInput = { ...gainInput, integratedLufs: gainInput.integratedLufs - shortBy };
  }
  onProgress('muxing', 1);
  return result ?? fail('export_failed', 'The export did not run.');
}
