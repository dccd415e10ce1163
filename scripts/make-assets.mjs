// Makes the build resources and sample media from sources in the repo: the app icon (rendered
// from renderer/public/favicon.svg by Debian's Chromium) and a short sample clip (ffmpeg), so no
// binary is hand-made or downloaded.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { tsImport } from 'tsx/esm/api';

// The toolchain is TypeScript: load it through tsx so this script starts the same ffmpeg the
// app does (setting, bundled copy, then the system's).
const { toolPath } = await tsImport('../shared/node/toolchain/index.ts', import.meta.url);

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
mkdirSync(join(root, 'assets', 'build'), { recursive: true });
mkdirSync(join(root, 'assets', 'media'), { recursive: true });

const svg = readFileSync(join(root, 'renderer', 'public', 'favicon.svg'), 'utf8');
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
const page = await browser.newPage({ viewport: { width: 512, height: 512 } });
await page.setContent(
  `<html><body style="margin:0;background:transparent">${svg.replace('<svg ', '<svg width="512" height="512" ')}</body></html>`,
);
await page.screenshot({ path: join(root, 'assets', 'build', 'icon.png'), omitBackground: true });
await browser.close();

// Ten seconds of picture with three hard cuts and a tone bed: a clip to try the video tools on.
const ffmpeg = toolPath('ffmpeg');
execFileSync(ffmpeg, [
  '-y',
  '-v',
  'error',
  '-f',
  'lavfi',
  '-i',
  'testsrc2=size=480x270:rate=25:duration=3',
  '-f',
  'lavfi',
  '-i',
  'color=c=0x2050c0:size=480x270:rate=25:duration=3',
  '-f',
  'lavfi',
  '-i',
  'mandelbrot=size=480x270:rate=25',
  '-f',
  'lavfi',
  '-i',
  'sine=frequency=220:sample_rate=44100:duration=10',
  '-filter_complex',
  '[2:v]trim=duration=4,setpts=PTS-STARTPTS[m];[0:v][1:v][m]concat=n=3:v=1:a=0,format=yuv420p[v]',
  '-map',
  '[v]',
  '-map',
  '3:a',
  '-c:v',
  'libx264',
  '-preset',
  'veryfast',
  '-crf',
  '32',
  '-c:a',
  'aac',
  '-b:a',
  '96k',
  '-movflags',
  '+faststart',
  join(root, 'assets', 'media', 'sample-clip.mp4'),
]);
console.log('assets: assets/build/icon.png, assets/media/sample-clip.mp4');
