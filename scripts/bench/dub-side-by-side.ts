// Side-by-side drift: the Dub cell drawer's two players on one transport (the dub, heard, leads;
// the muted original follows through shared/domain/dub/lines/follow-clock.ts, as SideBySide.tsx
// does), played for ~10 s in Chromium while both clocks are sampled every animation frame. Printed, never
// asserted.
import { execFile } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { chromium } from '@playwright/test';
import { build } from 'esbuild';
import { formatRow } from './measure';
import { percentile } from './timeline-drag';
import { TOOL, toolPath } from '../../shared/node/toolchain';

const run = promisify(execFile);
const PLAY_MS = 10_000;

/** A 30 fps 640×360 clip with a tone: the original and its "dub" differ in picture and sound. */
async function makeClip(path: string, source: string, frequency: number): Promise<void> {
  await run(toolPath(TOOL.ffmpeg), [
    ...['-v', 'error', '-y', '-f', 'lavfi', '-i', `${source}=size=640x360:rate=30:duration=15`],
    ...['-f', 'lavfi', '-i', `sine=frequency=${frequency}:sample_rate=48000:duration=15`],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-g', '60'],
    ...['-c:a', 'aac', '-b:a', '96k', '-movflags', '+faststart', path],
  ]);
}

/** The follow rule as the renderer bundles it, for the page (an IIFE setting `FollowClock`). */
async function followClockScript(): Promise<string> {
  const bundled = await build({
    entryPoints: [join(import.meta.dirname, '../../shared/domain/dub/lines/follow-clock.ts')],
    bundle: true,
    format: 'iife',
    globalName: 'FollowClock',
    write: false,
  });
  return bundled.outputFiles[0]!.text;
}

const PAGE = `<!doctype html><meta charset="utf-8"><title>side by side</title>
<video id="original" src="original.mp4" preload="auto" muted></video>
<video id="dub" src="dub.mp4" preload="auto"></video>`;

/**
 * Run in the page (plain JS: tsx's helpers do not exist there). What SideBySide.tsx does: both
 * play together and, every animation frame, the muted player is brought to the heard one's clock
 * by the shared follow rule; the gap is sampled just before each step, as the viewer sees it.
 */
const SAMPLE_DRIFT = `(async () => {
  // The player heard (the dub) leads; the muted one follows, so its nudges are never heard.
  const lead = document.getElementById('dub');
  const follow = document.getElementById('original');
  const ready = (v) => v.readyState >= 3 ? Promise.resolve()
    : new Promise((r) => v.addEventListener('canplay', r, { once: true }));
  await Promise.all([ready(lead), ready(follow)]);
  const samples = [];
  await Promise.all([lead.play(), follow.play()]);
  const start = performance.now();
  await new Promise((done) => {
    const tick = () => {
      samples.push(Math.abs(lead.currentTime - follow.currentTime) * 1000);
      FollowClock.followLeader(lead, follow);
      if (performance.now() - start < ${PLAY_MS}) requestAnimationFrame(tick);
      else done();
    };
    requestAnimationFrame(tick);
  });
  lead.pause();
  follow.pause();
  return samples;
})()`;

/** `Dub side by side: drift p95 … N ms   goal ≤ 33 ms` (issue 15: ≤ 1 frame at 30 fps). */
export async function dubSideBySideDrift(workDir: string): Promise<string[]> {
  const dir = join(workDir, 'side-by-side');
  await mkdir(dir, { recursive: true });
  await Promise.all([
    makeClip(join(dir, 'original.mp4'), 'testsrc2', 440),
    makeClip(join(dir, 'dub.mp4'), 'testsrc', 660),
  ]);
  await writeFile(join(dir, 'page.html'), PAGE);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--autoplay-policy=no-user-gesture-required',
      '--allow-file-access-from-files',
    ],
  });
  try {
    const page = await browser.newPage();
    await page.goto(pathToFileURL(join(dir, 'page.html')).href);
    await page.addScriptTag({ content: await followClockScript() });
    const drifts = (await page.evaluate(SAMPLE_DRIFT)) as number[];
    return [
      formatRow(
        'Dub side by side: drift p95',
        `${percentile(drifts, 95).toFixed(1)} ms`,
        'goal ≤ 33 ms',
      ),
      formatRow(
        '  its median / max',
        `${percentile(drifts, 50).toFixed(1)} ms`,
        `${Math.max(0, ...drifts).toFixed(1)} ms`,
        `${drifts.length} frames`,
      ),
    ];
  } finally {
    await browser.close();
  }
}
