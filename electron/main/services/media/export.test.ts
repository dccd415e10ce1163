import { execFile, execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { promises as fs, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoudnessPreset } from '../../../../shared/domain/project/document';
import { LOUDNESS_TARGETS } from '../../../../shared/domain/project/loudness';
import { exportRequestSchema, type ExportRequest } from '../../../../shared/ipc/channels/media';
import type { EventPayload } from '../../../../shared/ipc/contract';
import { makeClips, type Clips } from './__tests__/clips';
import { MediaService } from './media-service';
import { spawnTool, toolPath, type SpawnTool } from '../../../../shared/node/toolchain';

/**
 * Exports on real ffmpeg, checked with ffmpeg itself: the picture stream's md5 against the
 * source's, loudness and true peak with loudnorm's own analysis (not the code under test).
 */
const run = promisify(execFile);
let base: string;
let clips: Clips;
const isRoot = process.getuid?.() === 0;
/** Whether this run may mount a small tmpfs (root with the right to mount, as on CI here). */
const canMount = isRoot && probeMount();

function probeMount(): boolean {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'mount-probe-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=16k', 'tmpfs', dir], { stdio: 'ignore' });
    execFileSync('umount', [dir], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

type Progress = EventPayload<'media:exportProgress'>;
interface Harness {
  media: MediaService;
  progress: Progress[];
  children: ReturnType<SpawnTool>[];
  project: string;
}

function harness(project = path.join(base, `project-${randomUUID().slice(0, 6)}`)): Harness {
  const progress: Progress[] = [];
  const children: ReturnType<SpawnTool>[] = [];
  const media = new MediaService({
    cacheDir: path.join(base, 'cache'),
    projectFolder: () => project,
    emit: (channel, payload) => {
      if (channel === 'media:exportProgress') progress.push(payload as Progress);
    },
    spawn: (command, args) => {
      const child = spawnTool(command, args);
      children.push(child);
      return child;
    },
  });
  return { media, progress, children, project };
}

function request(overrides: Partial<ExportRequest> = {}) {
  return exportRequestSchema.parse({
    exportId: randomUUID(),
    kind: 'video',
    videoPath: clips.cuts,
    durationMs: 10_000,
    source: { gainDb: 0 },
    tracks: [
      { role: 'music', path: clips.music, gainDb: -6 },
      { role: 'sfx', path: clips.sfx, offsetMs: 2000, gainDb: -3 },
    ],
    duck: { enabled: true, depthDb: 12 },
    loudness: 'streaming',
    name: 'mix',
    ...overrides,
  });
}

async function md5OfPicture(file: string): Promise<string> {
  const { stdout } = await run(toolPath('ffmpeg'), [
    '-v',
    'error',
    '-i',
    file,
    '-map',
    '0:v',
    '-c',
    'copy',
    '-f',
    'md5',
    '-',
  ]);
  return stdout.trim();
}

/** Integrated loudness and true peak as ffmpeg's loudnorm analysis reports them. */
async function loudnessOf(file: string): Promise<{ lufs: number; truePeak: number }> {
  const { stderr } = await run(toolPath('ffmpeg'), [
    '-hide_banner',
    '-nostats',
    '-i',
    file,
    '-map',
    '0:a:0',
    '-af',
    'loudnorm=print_format=json',
    '-f',
    'null',
    '-',
  ]);
  const json = JSON.parse(stderr.slice(stderr.lastIndexOf('{'))) as Record<string, string>;
  return { lufs: Number(json.input_i), truePeak: Number(json.input_tp) };
}

async function streamsOf(file: string): Promise<string[]> {
  const { stdout } = await run(toolPath('ffprobe'), [
    '-v',
    'error',
    '-show_entries',
    'stream=codec_type,codec_name',
    '-of',
    'csv=p=0',
    file,
  ]);
  return stdout.trim().split('\n').sort();
}

beforeAll(async () => {
  base = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'media-export-')));
  clips = await makeClips(base);
});
afterAll(async () => {
  await fs.rm(base, { recursive: true, force: true });
});

describe('export', () => {
  it('muxes the mix with the picture stream-copied, at the streaming loudness', async () => {
    const { media, progress, project } = harness();
    const exported = await media.export(request());
    expect(exported).toMatchObject({
      ok: true,
      value: { path: path.join(project, 'exports', 'mix.mp4') },
    });
    if (!exported.ok) return;
    const out = exported.value.path;
    expect(await md5OfPicture(out)).toBe(await md5OfPicture(clips.cuts));
    expect(await streamsOf(out)).toEqual(['aac,audio', 'h264,video']);
    const measured = await loudnessOf(out);
    expect(Math.abs(measured.lufs - -14)).toBeLessThanOrEqual(1);
    expect(measured.truePeak).toBeLessThanOrEqual(-1);
    // What the service reports agrees with the independent measurement.
    expect(Math.abs(exported.value.integratedLufs - measured.lufs)).toBeLessThanOrEqual(0.5);
    expect(exported.value.truePeakDb).toBeLessThanOrEqual(-1);
    // Progress went through every stage in order and ended complete.
    const stages = progress.map((p) => p.stage).filter((s, i, all) => s !== all[i - 1]);
    expect(stages).toEqual(['mixing', 'measuring', 'muxing']);
    expect(progress.at(-1)).toMatchObject({ stage: 'muxing', fraction: 1 });
    expect(await fs.readdir(path.join(project, 'exports'))).toEqual(['mix.mp4']);
  });

  it.each<[LoudnessPreset, 'm4a' | 'wav']>([
    ['podcast', 'm4a'],
    ['ebu-r128', 'wav'],
  ])('exports the mix alone at the %s preset as %s', async (preset, audioFormat) => {
    const { media } = harness();
    const exported = await media.export(
      request({ kind: 'audio', audioFormat, loudness: preset, name: `mix-${preset}.mp4` }),
    );
    expect(exported.ok).toBe(true);
    if (!exported.ok) return;
    expect(path.basename(exported.value.path)).toBe(`mix-${preset}.${audioFormat}`);
    expect(await streamsOf(exported.value.path)).toEqual([
      audioFormat === 'wav' ? 'pcm_s24le,audio' : 'aac,audio',
    ]);
    const measured = await loudnessOf(exported.value.path);
    expect(Math.abs(measured.lufs - LOUDNESS_TARGETS[preset].lufs)).toBeLessThanOrEqual(1);
    expect(measured.truePeak).toBeLessThanOrEqual(-1);
  });

  it('exports an animated GIF by encoding its picture, which MP4 cannot carry', async () => {
    const gif = path.join(base, 'loop.gif');
    const ffmpeg = toolPath('ffmpeg');
    execFileSync(ffmpeg, [
      ...['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=size=161x121:rate=10:duration=3'],
      gif,
    ]);
    const { media } = harness();
    const exported = await media.export(
      request({ videoPath: gif, durationMs: 3000, source: null, name: 'loop.mp4' }),
    );
    expect(exported).toMatchObject({ ok: true });
    if (!exported.ok) return;
    expect(await streamsOf(exported.value.path)).toEqual(['aac,audio', 'h264,video']);
  });

  it('exports takes over a video without sound, and refuses an export with no sound at all', async () => {
    const { media } = harness();
    const exported = await media.export(request({ videoPath: clips.silent, name: 'silent' }));
    expect(exported.ok).toBe(true);
    if (exported.ok)
      expect(await md5OfPicture(exported.value.path)).toBe(await md5OfPicture(clips.silent));
    expect(
      await media.export(request({ videoPath: clips.silent, tracks: [], name: 'none' })),
    ).toMatchObject({ ok: false, error: { code: 'nothing_to_export' } });
  });

  it('ducks the music under the source: less music while the source speaks', async () => {
    const musicOnly = async (duck: boolean) => {
      const { media } = harness();
      const exported = await media.export(
        request({
          kind: 'audio',
          audioFormat: 'wav',
          tracks: [{ role: 'music', path: clips.music, gainDb: 0 }],
          duck: { enabled: duck, depthDb: 12 },
          name: `duck-${duck}`,
        }),
      );
      if (!exported.ok) throw new Error(exported.error.message);
      // The music is a 660 Hz tone; a narrow band-pass keeps it and drops the 300 Hz bursts.
      const { stderr } = await run(toolPath('ffmpeg'), [
        '-hide_banner',
        '-nostats',
        '-ss',
        '3.2',
        '-t',
        '0.2',
        '-i',
        exported.value.path,
        '-af',
        // Plain astats: measure_overall/measure_perchannel are newer than the bundled ffmpeg.
        'bandpass=f=660:width_type=q:w=8,astats',
        '-f',
        'null',
        '-',
      ]);
      const overall = stderr.slice(stderr.lastIndexOf('Overall'));
      return Number(/RMS level dB:\s*(-?[\d.]+)/.exec(overall)?.[1]);
    };
    const dry = await musicOnly(false);
    const ducked = await musicOnly(true);
    // Both mixes are normalised, which raises the ducked one a little; the dip still shows.
    expect(dry - ducked).toBeGreaterThan(4);
  });

  it('cancel stops ffmpeg and leaves no partial file', async () => {
    const { media, progress, children, project } = harness();
    const job = request({ videoPath: clips.long, durationMs: 60_000, name: 'long' });
    let asked = false;
    const watcher = setInterval(() => {
      const last = progress.at(-1);
      if (!asked && last && last.stage === 'muxing' && last.fraction > 0) {
        asked = media.cancelExport(job.exportId).canceled;
      }
    }, 5);
    const exported = await media.export(job);
    clearInterval(watcher);
    expect(asked).toBe(true);
    expect(exported).toMatchObject({ ok: false, error: { code: 'canceled' } });
    expect(children.every((child) => child.exitCode !== null || child.signalCode !== null)).toBe(
      true,
    );
    expect(await fs.readdir(path.join(project, 'exports'))).toEqual([]);
    expect(media.cancelExport(job.exportId)).toEqual({ canceled: false });
  });

  it('says the export folder is not writable, and writes nothing', async () => {
    const project = path.join(base, 'readonly-project');
    const exportsDir = path.join(project, 'exports');
    await fs.mkdir(project, { recursive: true });
    // Root ignores permission bits: as root the folder is a read-only mount, or, where mounting
    // is not allowed, a plain file stands where the folder should be.
    if (!isRoot) await fs.mkdir(exportsDir, { mode: 0o555 });
    else if (canMount) {
      await fs.mkdir(exportsDir);
      await run('mount', ['-t', 'tmpfs', '-o', 'ro,size=64k', 'tmpfs', exportsDir]);
    } else await fs.writeFile(exportsDir, 'in the way\n');
    try {
      const exported = await harness(project).media.export(request());
      expect(exported).toMatchObject({ ok: false, error: { code: 'export_not_writable' } });
      if (!exported.ok) expect(exported.error.message).toContain(exportsDir);
      const left = (await fs.stat(exportsDir)).isDirectory() ? await fs.readdir(exportsDir) : [];
      expect(left).toEqual([]);
      expect(await fs.readdir(project)).toEqual(['exports']);
    } finally {
      if (canMount) await run('umount', [exportsDir]);
      else if (!isRoot) await fs.chmod(exportsDir, 0o755);
    }
  });

  it.skipIf(!canMount)(
    'says the disk filled up, and removes the partial file (needs root and mount)',
    async () => {
      const project = path.join(base, 'full-project');
      const exportsDir = path.join(project, 'exports');
      await fs.mkdir(exportsDir, { recursive: true });
      // A 256 kB disk: the 60 s clip's picture alone is larger.
      await run('mount', ['-t', 'tmpfs', '-o', 'size=256k', 'tmpfs', exportsDir]);
      try {
        const exported = await harness(project).media.export(
          request({ videoPath: clips.long, durationMs: 60_000, name: 'full' }),
        );
        expect(exported).toMatchObject({ ok: false, error: { code: 'disk_full' } });
        if (!exported.ok) expect(exported.error.message).toMatch(/partial file was removed/);
        expect(await fs.readdir(exportsDir)).toEqual([]);
      } finally {
        await run('umount', [exportsDir]);
      }
    },
  );
});
