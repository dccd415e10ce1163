// Timeline drag figures: Score with a 6-minute video, 30 segments per lane and 3 takes; one
// segment edge dragged for ~2 s while Chromium records a trace. Printed, never asserted.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Page } from '@playwright/test';
import {
  newProjectDocument,
  scorePartSchema,
  type ProjectDocument,
  type TimelineSegment,
} from '../../shared/domain/project/document';
import { formatRow } from './measure';
import { mainThreadTaskMs, traceWhile } from './trace';
import { LAST_PROJECT_FILE } from '../../electron/main/services/project/last-project';
import { TOOL, toolPath } from '../../shared/node/toolchain';

const VIDEO_SECONDS = 360;
const SEGMENTS = 30;
const READY = /Soundstage \(browser mode\) at (http:\/\/127\.0\.0\.1:\d+\/#token=[\w-]+)/;

function ffmpeg(args: string[]): void {
  const program = toolPath(TOOL.ffmpeg);
  execFileSync(program, ['-v', 'error', '-y', ...args]);
}

/** A 6-minute 640x360 clip with a cut every 12 s (the picture inverts) and a tone, cheap to encode. */
function makeLongVideo(path: string): void {
  ffmpeg([
    '-f',
    'lavfi',
    '-i',
    `testsrc2=size=640x360:rate=25:duration=${VIDEO_SECONDS}`,
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=220:sample_rate=48000:duration=${VIDEO_SECONDS}`,
    '-vf',
    "negate=enable='lt(mod(t,24),12)'",
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-crf',
    '35',
    '-c:a',
    'aac',
    '-b:a',
    '64k',
    '-movflags',
    '+faststart',
    path,
  ]);
}

function makeTake(path: string, frequency: number): void {
  ffmpeg([
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=${frequency}:sample_rate=48000:duration=${VIDEO_SECONDS}`,
    '-c:a',
    'aac',
    '-b:a',
    '64k',
    path,
  ]);
}

function lane(prefix: string): TimelineSegment[] {
  const stepMs = (VIDEO_SECONDS * 1000) / SEGMENTS;
  return Array.from({ length: SEGMENTS }, (_, i) => ({
    id: `${prefix}${i}`,
    startMs: Math.round(i * stepMs),
    endMs: Math.round((i + 1) * stepMs),
    prompt: `${prefix} section ${i + 1}`,
  }));
}

export async function startHost(
  dataDir: string,
  projectDir: string,
): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      'scripts/web/main.ts',
      '--data',
      dataDir,
      '--project',
      projectDir,
      '--port',
      '0',
      '--no-open',
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`host did not start:\n${output}`)), 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = READY.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.on('exit', (code) => reject(new Error(`host exited with ${code}:\n${output}`)));
  });
  return { url, child };
}

/** Drags the first music segment's right edge back and forth while the page is traced. */
async function dragUnderTrace(page: Page): Promise<{ frames: number[]; tasks: number[] }> {
  const segment = page.locator('[data-testid="segment"][data-lane="music"]').nth(3);
  await segment.scrollIntoViewIfNeeded();
  const box = (await segment.boundingBox())!;
  let stamps: number[] = [];
  const events = await traceWhile(
    page,
    ['devtools.timeline', 'disabled-by-default-devtools.timeline.frame', 'toplevel'],
    async () => {
      // A string, not a function: the bench runs through tsx, whose helpers do not exist in the page.
      await page.evaluate(`(() => {
    const stamps = [];
    window.__frames = stamps;
    const loop = (t) => {
      stamps.push(t);
      if (stamps.length < 100000) requestAnimationFrame(loop);
    };
    requestAnimationFrame(loop);
  })()`);
      const y = box.y + box.height / 2;
      const x0 = box.x + box.width - 2;
      await page.mouse.move(x0, y);
      await page.mouse.down();
      for (let i = 0; i <= 120; i++) {
        await page.mouse.move(x0 + 60 * Math.sin((i / 120) * Math.PI * 2), y);
      }
      await page.mouse.up();
      stamps = (await page.evaluate('window.__frames')) as number[];
    },
  );
  const tasks = mainThreadTaskMs(events);
  const frames = stamps.slice(1).map((t, i) => t - stamps[i]!);
  return { frames, tasks };
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

export async function timelineDrag(): Promise<string[]> {
  const dir = await mkdtemp(join(tmpdir(), 'soundstage-drag-'));
  const projectDir = join(dir, 'projects');
  await mkdir(projectDir, { recursive: true });
  const video = join(projectDir, 'long.mp4');
  makeLongVideo(video);
  const takes = [0, 1, 2].map((i) => join(projectDir, `take-${i}.m4a`));
  takes.forEach((path, i) => makeTake(path, 330 + 110 * i));
  const document: ProjectDocument = {
    ...newProjectDocument('bench', 'Drag bench', Date.now()),
    kind: 'score',
    media: { path: video },
    score: scorePartSchema.parse({
      video: { path: video, durationMs: VIDEO_SECONDS * 1000, hasAudio: true, fps: 25 },
      lanes: { music: lane('m'), sfx: lane('s') },
      takes: takes.map((path, i) => ({
        id: `t${i}`,
        lane: i < 2 ? 'music' : 'sfx',
        jobId: `bench-${i}`,
        path,
        label: `Take ${i + 1}`,
        createdAt: Date.now(),
      })),
      activeTakes: { music: 't0', sfx: 't2' },
    }),
  };
  const projectPath = join(projectDir, 'Drag bench.soundstage');
  await writeFile(projectPath, JSON.stringify(document));
  // The app reopens the project main remembers as the last one open (editor/project store,
  // docs/decisions/081): the bench puts its project there, as a restart would find it.
  const dataDir = join(dir, 'data');
  await mkdir(dataDir, { recursive: true });
  await writeFile(
    join(dataDir, LAST_PROJECT_FILE),
    JSON.stringify({ version: 1, path: projectPath }),
  );
  const host = await startHost(dataDir, projectDir);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--autoplay-policy=no-user-gesture-required'],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1360, height: 860 } });
    await page.goto(host.url);
    await page.getByTestId('segment').first().waitFor({ timeout: 60_000 });
    // Waveform and shot changes of the 6-minute clip are read once (then cached by main).
    await page
      .getByTestId('score-media-steps')
      .waitFor({ state: 'detached', timeout: 180_000 })
      .catch(() => undefined);
    const shots = await page.getByTestId('shot-marker').count();
    const { frames, tasks } = await dragUnderTrace(page);
    const longTasks = tasks.filter((t) => t > 50).length;
    return [
      'Timeline drag (6-min video, 30 segments × 2 lanes, 3 takes; target p95 ≤ 16 ms, no task > 50 ms)',
      formatRow('frames during the drag', String(frames.length)),
      formatRow('shot markers on the timeline', String(shots)),
      formatRow(
        'frame time p50 / p95',
        `${percentile(frames, 50).toFixed(1)} ms`,
        `${percentile(frames, 95).toFixed(1)} ms`,
      ),
      formatRow('longest main-thread task', `${Math.max(0, ...tasks).toFixed(1)} ms`),
      formatRow('tasks over 50 ms', String(longTasks)),
    ];
  } finally {
    await browser.close();
    host.child.kill('SIGTERM');
    await rm(dir, { recursive: true, force: true });
  }
}
