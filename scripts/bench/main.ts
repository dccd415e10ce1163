// `npm run bench`: figures measured side by side in one run and printed; nothing is asserted.
import { spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { streamLatency, uploadThroughput } from './client-figures';
import { mediaFigures } from './media-figures';
import {
  bundledAssetSizes,
  engineMemoryUnderLoad,
  firstChunkOfLongStream,
  startEngineProcess,
  videoToVideoSoundSpeed,
} from './engine-figures';
import { musicRenderSpeed } from './music-figures';
import { subtitleParseSpeed } from './subtitle-figures';
import { subtitlesEditor } from './subtitles-editor';
import { timelineDrag } from './timeline-drag';
import { audioImportFigure } from './audio-import';
import { dubDropFigures, dubQueueFigures } from './dub-figures';
import { dubLineFigures } from './dub-line-figures';
import { dubSideBySideDrift } from './dub-side-by-side';

const workDir = await mkdtemp(join(tmpdir(), 'soundstage-bench-'));
const key = 'sk_bench_key';
const engine = await startEngineProcess(join(workDir, 'engine'), key);
const target = { url: engine.url, key, workDir, enginePid: engine.child.pid };
console.log(
  `Soundstage benchmarks (engine ${engine.url}); machine: 2 shared cores, figures are ratios of one run\n`,
);

// SOUNDSTAGE_BENCH=Engine,Dub runs only those sections (by name or by figure function name), so
// one figure can be re-measured without the whole 6-minute run.
const only = (process.env.SOUNDSTAGE_BENCH ?? '')
  .split(',')
  .map((name) => name.trim().toLowerCase())
  .filter(Boolean);
const wanted = (section: string, run: () => Promise<string[]>): boolean =>
  only.length === 0 ||
  only.some(
    (name) => name === section.toLowerCase() || run.toString().toLowerCase().includes(name),
  );

const sections: [string, () => Promise<string[]>][] = [
  ['Client', () => streamLatency(target)],
  ['Client', () => uploadThroughput(target)],
  ['Engine', () => musicRenderSpeed(workDir)],
  ['Engine', () => bundledAssetSizes()],
  ['Engine', () => firstChunkOfLongStream(workDir)],
  ['Engine', () => videoToVideoSoundSpeed(target)],
  ['Engine', () => engineMemoryUnderLoad(target, engine.child.pid!)],
  ['Subtitles', () => subtitleParseSpeed()],
  ['Media', () => mediaFigures(workDir)],
  ['Renderer', () => timelineDrag()],
  ['Renderer', () => audioImportFigure()],
  ['Renderer', () => subtitlesEditor()],
  ['Dub', () => dubDropFigures(workDir)],
  ['Dub', () => dubQueueFigures(workDir)],
  ['Dub', () => dubLineFigures(workDir)],
  ['Dub', () => dubSideBySideDrift(workDir)],
];
let failures = 0;
/**
 * The renderer figures load the built app from out/: build this checkout once first, so they
 * measure its code (a stale out/ measures older code; a fresh clone has none at all).
 */
let built = false;
function buildRenderer(): void {
  if (built) return;
  built = true;
  const build = spawnSync(process.execPath, ['scripts/build.mjs'], { encoding: 'utf8' });
  if (build.status !== 0) throw new Error(`npm run build failed:\n${build.stdout}${build.stderr}`);
}

for (const [section, run] of sections) {
  if (!wanted(section, run)) continue;
  try {
    if (section === 'Renderer') buildRenderer();
    for (const line of await run()) console.log(line);
  } catch (error) {
    failures += 1;
    console.log(`  failed: ${error instanceof Error ? error.message : String(error)}`);
  }
  console.log('');
}
engine.child.kill('SIGTERM');
await rm(workDir, { recursive: true, force: true });
process.exit(failures > 0 ? 1 : 0);
