import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { bundledToolPath, runTool, type StageTotals, TOOL } from '../../shared/node/toolchain';
import { streamMusic } from '../../engine/music';
import { findShippedSoundFont } from '../../engine/music/render/soundfont-asset';
import { espeakWasmModulePath } from '../../engine/speech/espeak-wasm';
import { STAGE_TIMES_ENV } from '../../engine/tasks/task-runner';
import { makeTestVideo } from '../../engine/testing/media';
import { formatRow, sampleRss, since } from './measure';
import { loadNote, stageRows, timedWork } from './stage-rows';
import type { Target } from './client-figures';

/** Per-stage times the engine process logged for each task it ran (task id → stages). */
const engineStageTimes = new Map<string, [string, StageTotals][]>();

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

/** What the portable synthesisers and the bundled tools add to the app, in MB. */
export function bundledAssetSizes(): Promise<string[]> {
  return Promise.resolve(bundledAssetRows());
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

/**
 * The reference for video-to-video-sound: what ffmpeg alone needs for the same clip, decoding
 * the picture once at the analysis size and muxing a 60 s soundtrack under the copied picture
 * with the engine's AAC settings.
 */
async function decodeAndMuxAlone(video: string, dir: string): Promise<string> {
  const audio = join(dir, 'reference-audio.wav');
  await runTool(TOOL.ffmpeg, [
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    'sine=frequency=440:duration=60',
    audio,
  ]);
  const run = await timedWork(async () => {
    const decode = await runTool(TOOL.ffmpeg, [
      '-v',
      'error',
      '-skip_loop_filter',
      'all',
      '-skip_frame',
      'noref',
      '-i',
      video,
      '-an',
      '-vf',
      'scale=160:-2:flags=fast_bilinear',
      '-f',
      'null',
      '-',
    ]);
    const mux = await runTool(TOOL.ffmpeg, [
      '-v',
      'error',
      '-y',
      '-i',
      video,
      '-i',
      audio,
      '-map',
      '0:v:0',
      '-map',
      '1:a:0',
      '-c:v',
      'copy',
      // The engine's own mux arguments (engine/media/mix-into-video.ts), so both do the same work.
      '-c:a',
      'aac',
      '-aac_coder',
      'fast',
      '-b:a',
      '192k',
      '-movflags',
      '+faststart',
      join(dir, 'reference.mp4'),
    ]);
    if (decode.code !== 0 || mux.code !== 0) throw new Error('reference ffmpeg run failed');
  });
  return formatRow(
    '  reference: ffmpeg decode + mux alone',
    `${run.wall.toFixed(2)} s`,
    `${(60 / run.wall).toFixed(1)}× RT`,
    `${run.cpu.toFixed(2)} s CPU`,
  );
}

/** video-to-video-sound of a 60 s 720p clip, submit to finished, over HTTP, split by stage. */
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
  const taskId = await post(target, '/v1/video-to-video-sound', form);
  const task = await waitTask(target, taskId);
  const seconds = since(start);
  if (task.status !== 'succeeded')
    throw new Error(`video-to-video-sound failed: ${JSON.stringify(task.error)}`);
  // The engine logs the stage times as the task ends; give its stderr a moment to arrive.
  for (let i = 0; i < 20 && !engineStageTimes.has(taskId); i++)
    await new Promise((resolve) => setTimeout(resolve, 50));
  const stages = engineStageTimes.get(taskId) ?? [];
  const cpu = stages.reduce((sum, [, totals]) => sum + totals.cpu, 0);
  return [
    loadNote(),
    formatRow(
      'video-to-video-sound, 60 s 720p clip',
      `${seconds.toFixed(1)} s`,
      `${(60 / seconds).toFixed(1)}× RT`,
      stages.length ? `${cpu.toFixed(2)} s CPU` : '',
      'goal ≥ 10×',
    ),
    ...stageRows(stages),
    await decodeAndMuxAlone(video, target.workDir),
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
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, [STAGE_TIMES_ENV]: '1' },
    },
  );
  // Stage times are collected for the figures; everything else the engine logs passes through.
  createInterface({ input: child.stderr! }).on('line', (line) => {
    const match = /task (\S+): stage times (\{.*\})$/.exec(line);
    if (match?.[1] && match[2])
      engineStageTimes.set(
        match[1],
        Object.entries(JSON.parse(match[2])) as [string, StageTotals][],
      );
    else process.stderr.write(`${line}\n`);
  });
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
    loadNote(),
    formatRow(
      'Engine + children RSS, idle → peak, 10 tasks',
      `${idle.toFixed(0)} MB`,
      `${peak.toFixed(0)} MB`,
      `${failed} failed`,
      'goal ≤ 512 MB',
    ),
  ];
}
