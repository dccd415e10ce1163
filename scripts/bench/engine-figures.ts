import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { bundledToolPath } from '../../shared/node/toolchain';
import { renderMusicFile, streamMusic } from '../../engine/music';
import { preparePiece, writeMidiFile } from '../../engine/music/produce/prepare';
import { findShippedSoundFont } from '../../engine/music/render/soundfont-asset';
import {
  chooseMusicSynth,
  renderMidiWithChosenSynth,
  SYNTH_ENV,
} from '../../engine/music/render/synth-choice';
import { espeakWasmModulePath } from '../../engine/speech/espeak-wasm';
import { makeTestVideo } from '../../engine/testing/media';
import { formatRow, sampleRss, since } from './measure';
import type { Target } from './client-figures';

/** The 60 s piece every music figure renders. */
const BENCH_PIECE = {
  prompt: 'Cinematic orchestral build with strings, brass and timpani, 96 BPM',
  durationSeconds: 60,
};

/** Runs `task` with SOUNDSTAGE_SYNTH set to `path`, restoring it after. */
async function withSynth<T>(path: 'native' | 'portable', task: () => Promise<T>): Promise<T> {
  const saved = process.env[SYNTH_ENV];
  process.env[SYNTH_ENV] = path;
  try {
    return await task();
  } finally {
    if (saved === undefined) delete process.env[SYNTH_ENV];
    else process.env[SYNTH_ENV] = saved;
  }
}

/** Seconds the synthesiser alone takes to render the piece's MIDI (no mastering, no encoder). */
async function synthSeconds(workDir: string, path: 'native' | 'portable'): Promise<number> {
  const midiPath = await writeMidiFile(workDir, preparePiece(BENCH_PIECE).composition);
  try {
    return await withSynth(path, async () => {
      const start = performance.now();
      for await (const _block of renderMidiWithChosenSynth(midiPath)) void _block;
      return since(start);
    });
  } finally {
    await rm(midiPath, { force: true });
  }
}

/** Seconds for the whole m4a render (synthesis, loudness passes, watermark, AAC). */
async function fileSeconds(workDir: string, path: 'native' | 'portable'): Promise<number> {
  return withSynth(path, async () => {
    const start = performance.now();
    const file = await renderMusicFile(BENCH_PIECE, {
      workDir,
      format: 'm4a',
      watermarkPayload: 1,
    });
    const seconds = since(start);
    await rm(file.path, { force: true });
    return seconds;
  });
}

/** Size in MB of files that exist (missing ones count zero). */
function megabytes(paths: (string | null)[]): number {
  let bytes = 0;
  for (const path of paths) if (path && existsSync(path)) bytes += statSync(path).size;
  return bytes / 1e6;
}

/** What the portable synthesisers and the bundled ffmpeg/ffprobe add to the app, in MB. */
function bundledAssetRows(): string[] {
  const espeak = espeakWasmModulePath();
  const rows: [string, number][] = [
    ['SoundFont (FluidR3Mono GM, SF3)', megabytes([findShippedSoundFont()])],
    [
      'espeak-ng WebAssembly (js + wasm)',
      megabytes(espeak ? [espeak, join(dirname(espeak), 'espeak-ng.wasm')] : []),
    ],
    [
      `ffmpeg + ffprobe (${process.platform}-${process.arch})`,
      megabytes(
        (['ffmpeg', 'ffprobe'] as const).map((tool) =>
          bundledToolPath(tool, process.platform, process.arch),
        ),
      ),
    ],
  ];
  const total = rows.reduce((sum, [, mb]) => sum + mb, 0);
  return [
    ...rows.map(([label, mb]) => formatRow(`Bundled: ${label}`, `${mb.toFixed(1)} MB`)),
    formatRow('Bundled assets in total', `${total.toFixed(1)} MB`),
  ];
}

/**
 * 60 s of music on the native (fluidsynth) and portable (spessasynth) paths in the same run:
 * the synthesiser alone and the whole m4a render, as multiples of real time; then the size the
 * portable path's bundled assets add.
 */
export async function musicRenderSpeed(workDir: string): Promise<string[]> {
  const rows: string[] = [];
  const native = chooseMusicSynth({ env: { [SYNTH_ENV]: 'native' } }).ok;
  const paths = native ? (['native', 'portable'] as const) : (['portable'] as const);
  if (!native) rows.push(formatRow('Native music path', 'not installed'));
  for (const path of paths) {
    const synth = await synthSeconds(workDir, path);
    rows.push(
      formatRow(
        `60 s of music synthesised (${path})`,
        `${synth.toFixed(2)} s`,
        `${(60 / synth).toFixed(1)}× RT`,
        path === 'portable' ? 'goal ≥ 10×' : '',
      ),
    );
  }
  for (const path of paths) {
    const seconds = await fileSeconds(workDir, path);
    rows.push(
      formatRow(
        `60 s of music rendered to m4a (${path})`,
        `${seconds.toFixed(2)} s`,
        `${(60 / seconds).toFixed(1)}× RT`,
        path === 'native' ? 'goal ≥ 20×' : '',
      ),
    );
  }
  return [...rows, ...bundledAssetRows()];
}

/** Time to the first streamed chunk of a 360 s piece, straight from the generator. */
export async function firstChunkOfLongStream(workDir: string): Promise<string[]> {
  const controller = new AbortController();
  const start = performance.now();
  const stream = streamMusic(
    { prompt: 'Ambient electronic with warm pads and soft beat, 100 BPM', durationSeconds: 360 },
    { workDir, signal: controller.signal, watermarkPayload: 2 },
  );
  let first = 0;
  for await (const chunk of stream.chunks) {
    if (chunk.byteLength > 0) {
      first = since(start);
      break;
    }
  }
  controller.abort();
  return [
    formatRow('First streamed chunk of a 360 s piece', `${first.toFixed(3)} s`, '', 'goal ≤ 1 s'),
  ];
}

async function post(target: Target, path: string, form: FormData): Promise<string> {
  const response = await fetch(`${target.url}${path}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${target.key}` },
    body: form,
  });
  const body = (await response.json()) as { task_id?: string; message?: string };
  if (!body.task_id) throw new Error(`${path}: ${response.status} ${body.message ?? ''}`);
  return body.task_id;
}

async function waitTask(target: Target, taskId: string): Promise<Record<string, unknown>> {
  for (;;) {
    const response = await fetch(`${target.url}/v1/tasks/${taskId}`, {
      headers: { Authorization: `Bearer ${target.key}` },
    });
    const task = (await response.json()) as Record<string, unknown>;
    if (task.status !== 'processing') return task;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** video-to-video-sound of a 60 s 720p clip, submit to finished, over HTTP. */
export async function videoToVideoSoundSpeed(target: Target): Promise<string[]> {
  const video = await makeTestVideo({
    seconds: 60,
    width: 1280,
    height: 720,
    fps: 30,
    cuts: [8, 17, 27, 34, 48],
    dir: target.workDir,
  });
  const { openAsBlob } = await import('node:fs');
  const form = new FormData();
  form.set('video', await openAsBlob(video), 'clip.mp4');
  form.set('music_prompt', 'Tense cinematic pulse');
  form.set('sfx_prompt', 'whooshes on cuts, city ambience');
  form.set('ducking', 'false');
  form.set('preserve_speech', 'false');
  const start = performance.now();
  const task = await waitTask(target, await post(target, '/v1/video-to-video-sound', form));
  const seconds = since(start);
  if (task.status !== 'succeeded')
    throw new Error(`video-to-video-sound failed: ${JSON.stringify(task.error)}`);
  return [
    formatRow(
      'video-to-video-sound, 60 s 720p clip',
      `${seconds.toFixed(1)} s`,
      `${(60 / seconds).toFixed(1)}× RT`,
      'goal ≥ 6×',
    ),
  ];
}

/** Starts the engine CLI as its own process, so its memory can be sampled alone. */
export function startEngineProcess(
  dataDir: string,
  key: string,
): Promise<{ url: string; child: ChildProcess }> {
  const accounts = JSON.stringify([
    { key, concurrencyLimit: 12, rpmLimit: 1000, maxUploadSizeMb: 1000 },
  ]);
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      'engine/cli.ts',
      '--port',
      '0',
      '--data',
      dataDir,
      '--key',
      `${key}-admin`,
      '--accounts',
      accounts,
    ],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
      env: process.env,
    },
  );
  return new Promise((resolve, reject) => {
    createInterface({ input: child.stdout! }).on('line', (line) => {
      const match = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(line);
      if (match?.[1]) resolve({ url: match[1], child });
    });
    child.on('exit', (code) => reject(new Error(`engine exited ${code}`)));
  });
}

/** Peak engine RSS while it runs 10 async tasks at once (music and effects). */
export async function engineMemoryUnderLoad(target: Target, enginePid: number): Promise<string[]> {
  const idle = sampleRss(enginePid, 100, true).stop();
  const sampler = sampleRss(enginePid, 100, true);
  const ids: string[] = [];
  for (let i = 0; i < 10; i++) {
    const form = new FormData();
    const music = i % 2 === 0;
    form.set('prompt', music ? `Jazz trio number ${i}, 120 BPM` : `rain and distant thunder ${i}`);
    form.set('duration', '30');
    if (music) form.set('mode', 'async');
    ids.push(await post(target, music ? '/v1/text-to-music' : '/v1/text-to-sfx', form));
  }
  const tasks = await Promise.all(ids.map((id) => waitTask(target, id)));
  const peak = sampler.stop();
  const failed = tasks.filter((t) => t.status !== 'succeeded').length;
  return [
    formatRow(
      'Engine + children RSS, idle → peak, 10 tasks',
      `${idle.toFixed(0)} MB`,
      `${peak.toFixed(0)} MB`,
      `${failed} failed`,
    ),
  ];
}
