import { promises as fs } from 'node:fs';
import path from 'node:path';
import { fail, ok, type Result } from '../../../../shared/ipc/result';
import { lastErrorLine, runTool, type SpawnTool, TOOL } from '../../../../shared/node/toolchain';
import { mixFilterGraph, type MixPlan, type MixTrack } from './export-graph';
import { KILL_GRACE_MS } from './kill-grace';

/** The lanes a stem can be, in the order they are written, with the word in their file name. */
const STEM_LANES = [
  { lane: 'source', label: 'Source' },
  { lane: 'music', label: 'Music' },
  { lane: 'sfx', label: 'SFX' },
  { lane: 'audio', label: 'Audio' },
] as const;

export interface StemFile {
  lane: string;
  /** Where it ends up (beside the export). */
  path: string;
  /** The hidden partial file it is written to first. */
  partial: string;
}

/**
 * One plan per lane with sound: the same graph as the mix with only that lane in it, so each
 * stem is exactly the export's length and in sync with it. The music stem keeps the mix's duck:
 * the source still keys the compressor but is not heard in it, so the stems summed are the mix
 * (docs/editing.md, "Stems"). A mixed WAV is never written here, so no stem name carries "mix".
 */
export function stemPlans(plan: MixPlan): { lane: string; label: string; plan: MixPlan }[] {
  const noDuck = { enabled: false, depthDb: 0 };
  return STEM_LANES.flatMap(({ lane, label }): { lane: string; label: string; plan: MixPlan }[] => {
    if (lane === 'source') {
      return plan.source ? [{ lane, label, plan: { ...plan, tracks: [], duck: noDuck } }] : [];
    }
    const tracks: MixTrack[] = plan.tracks.filter((track) => track.role === lane);
    if (tracks.length === 0) return [];
    const ducked =
      lane === 'music' && plan.source !== null && plan.duck.enabled && plan.duck.depthDb > 0;
    return [
      {
        lane,
        label,
        plan: ducked
          ? { ...plan, tracks, sourceKeyOnly: true }
          : { ...plan, source: null, tracks, duck: noDuck },
      },
    ];
  });
}

/** Stem WAVs are 24-bit PCM at the mix's 48 kHz, stereo, like the WAV export. */
export function stemArgs(plan: MixPlan, outWav: string): string[] {
  const { inputs, graph } = mixFilterGraph(plan);
  return [
    '-hide_banner',
    '-nostdin',
    '-nostats',
    '-v',
    'error',
    ...inputs.flatMap((input) => ['-i', input]),
    '-filter_complex',
    graph,
    '-map',
    '[mix]',
    '-c:a',
    'pcm_s24le',
    '-f',
    'wav',
    '-y',
    outWav,
  ];
}

/**
 * The stems' shared file-name start: the export's name without the word "mix", so that only a
 * mixed file ever has "mix" in its name ("Score mix" gives "Score - Music.wav").
 */
export function stemBase(exportName: string): string {
  const base = exportName
    .replace(/\bmix\b/gi, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return base.replace(/^[-\s]+|[-\s]+$/g, '') || 'Stems';
}

/**
 * Writes every stem to a hidden partial file beside the export; the caller renames them into
 * place with the export, or removes them all when anything failed.
 */
export async function writeStems(
  plan: MixPlan,
  options: {
    spawn: SpawnTool;
    exportsDir: string;
    /** The export's file name without extension: stems are `<stemBase> - <Lane>.wav`. */
    base: string;
    tag: string;
    signal: AbortSignal;
  },
): Promise<Result<StemFile[]>> {
  const written: StemFile[] = [];
  for (const stem of stemPlans(plan)) {
    const file = `${stemBase(options.base)} - ${stem.label}.wav`;
    const partial = path.join(options.exportsDir, `.${file}.${options.tag}.partial.wav`);
    written.push({ lane: stem.lane, path: path.join(options.exportsDir, file), partial });
    const run = await runTool(TOOL.ffmpeg, stemArgs(stem.plan, partial), {
      spawn: options.spawn,
      killGraceMs: KILL_GRACE_MS,
      signal: options.signal,
    });
    if (run.aborted || run.code !== 0) {
      await removeStems(written);
      if (run.aborted) return fail('canceled', 'The export was canceled; no file was left.');
      return fail(
        'export_failed',
        `Writing the ${stem.label} stem failed: ${lastErrorLine(run.stderr)}`,
      );
    }
  }
  return ok(written);
}

export async function removeStems(stems: readonly StemFile[]): Promise<void> {
  await Promise.all(stems.map((stem) => fs.rm(stem.partial, { force: true })));
}

/** Moves the finished stems into place (after the export itself was renamed). */
export async function publishStems(stems: readonly StemFile[]): Promise<void> {
  for (const stem of stems) await fs.rename(stem.partial, stem.path);
}
