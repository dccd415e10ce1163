import { execFile } from 'node:child_process';
import { copyFile, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { LANGUAGE_CODES } from '../../shared/api/languages';
import { planDubBatch } from '../../shared/domain/dub';
import type { DubSettings } from '../../shared/domain/project/document';
import { startTestEngine } from '../../engine/testing/harness';
import { festivalSpeech, speechOverMusicVideo } from '../../engine/speech/__tests__/media-fixtures';
import { expandPaths } from '../../electron/main/services/dub/expand-paths';
import { DubFacts } from '../../electron/main/services/dub/dub-facts';
import { probeMedia } from '../../electron/main/services/media/probe';
import { loudestPeak } from '../../electron/main/services/media/loudest-peak';
import { MediaService } from '../../electron/main/services/media/media-service';
import { startCountingProxy } from '../../electron/main/services/dub/__tests__/counting-proxy';
import { queueFor } from '../../electron/main/services/dub/__tests__/queue-harness';
import { formatRow, since } from './measure';
import { toolPath } from '../../shared/node/toolchain';

const run = promisify(execFile);

/**
 * Dropping a folder of 200 tiny videos: time until the rows are known (folder listed), and until
 * every fact (ffprobe in the bounded pool) and every cell's preflight (200 × 17) is done.
 */
export async function dubDropFigures(workDir: string): Promise<string[]> {
  const folder = join(workDir, 'dub-drop');
  await mkdir(folder, { recursive: true });
  const seed = join(folder, 'clip-000.mp4');
  await run(toolPath('ffmpeg'), [
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    'testsrc2=size=64x48:rate=10:duration=1',
    '-f',
    'lavfi',
    '-i',
    'sine=duration=1',
    '-shortest',
    seed,
  ]);
  for (let i = 1; i < 200; i++)
    await copyFile(seed, join(folder, `clip-${String(i).padStart(3, '0')}.mp4`));

  const start = performance.now();
  const listed = await expandPaths([folder], { allowRead: async (p) => p });
  const rowsAt = since(start);
  // As the app measures them: the probe and the loudest peak of each video's sound.
  const media = new MediaService({
    cacheDir: join(workDir, 'dub-drop-cache'),
    projectFolder: () => workDir,
    emit: () => undefined,
  });
  const facts = new DubFacts({
    probe: probeMedia,
    peakLevel: (file) => loudestPeak(media, file),
  });
  const videos = await facts.videoFacts(listed.videos);
  const plan = planDubBatch({
    videos,
    scripts: [],
    scriptFacts: [],
    settings: {
      languages: [...LANGUAGE_CODES],
      ducking: true,
      lipsync: false,
      exportSrt: false,
      engine: 'local',
      maxUploadMb: 500,
    },
    account: { balance: 1000 },
  });
  const doneAt = since(start);
  const again = performance.now();
  await facts.videoFacts(listed.videos);
  const cachedAt = since(again);
  const cells = plan.rows.reduce((n, row) => n + row.cells.length, 0);
  return [
    formatRow('Dub: 200 videos dropped, rows listed', `${rowsAt.toFixed(2)} s`, '≤ 1 s'),
    formatRow(`Dub: every fact + preflight (${cells} cells)`, `${doneAt.toFixed(2)} s`, '≤ 10 s'),
    formatRow('Dub: facts again (cache by file identity)', `${cachedAt.toFixed(2)} s`),
  ];
}

/**
 * Queue overhead on a low-rpm account: a 50-cell batch (10 videos × 5 languages = 10 requests),
 * every request counted at the engine through a loopback proxy, watched for up to 90 s.
 */
export async function dubQueueFigures(workDir: string): Promise<string[]> {
  const rpm = 30;
  const key = 'sk_bench_low_rpm';
  const engine = await startTestEngine({ accounts: [{ key, balance: 1000, rpmLimit: rpm }] });
  const proxy = await startCountingProxy(engine.url);
  const dir = join(workDir, 'dub-queue');
  await mkdir(dir, { recursive: true });
  const speech = await festivalSpeech(dir, 'Hello and welcome. Today we talk about the weather.');
  const clip = await speechOverMusicVideo(dir, speech, 3);
  const videos: string[] = [];
  for (let i = 0; i < 10; i++) {
    const file = join(dir, `clip-${i}.mp4`);
    await copyFile(clip, file);
    videos.push(file);
  }
  // The app's own poll base (2 s), as shipped.
  const h = await queueFor(proxy.url, key, join(dir, 'data'), 4, true, 2000);
  try {
    const project = await h.projects.create('Bench');
    if (!project.ok) throw new Error(project.error.message);
    const settings: DubSettings = {
      languages: ['es', 'fr', 'it', 'pt', 'pt_br'],
      ducking: true,
      lipsync: false,
      exportSrt: false,
    };
    const start = performance.now();
    const started = await h.queue.start({
      projectPath: project.value.path,
      videos,
      scripts: [],
      settings,
    });
    if (!started.ok) throw new Error(started.error.message);
    const ids = Object.values(started.value.runs);
    const ended = () =>
      ids.every((id) => ['succeeded', 'failed', 'canceled'].includes(h.jobs.get(id)?.stage ?? ''));
    while (!ended() && since(start) < 90) await new Promise((r) => setTimeout(r, 200));
    const seconds = since(start);
    const polls = proxy.seen.filter((r) => r.method === 'GET' && r.path.startsWith('/v1/tasks/'));
    // Task-seconds: from each task's first to last poll (the time it was being watched).
    const byTask = new Map<string, number[]>();
    for (const poll of polls) byTask.set(poll.path, [...(byTask.get(poll.path) ?? []), poll.at]);
    let watched = 0;
    for (const times of byTask.values()) watched += (times[times.length - 1]! - times[0]!) / 1000;
    const errors = new Set(ids.map((id) => h.jobs.get(id)?.error?.message).filter(Boolean));
    if (errors.size > 0) console.log(`  errors: ${[...errors].join(' | ')}`);
    const succeeded = ids.filter((id) => h.jobs.get(id)?.stage === 'succeeded').length;
    return [
      formatRow(
        `Dub queue: 50 cells / ${ids.length} requests, rpm ${rpm}`,
        `${seconds.toFixed(1)} s`,
        `${succeeded} ok`,
      ),
      formatRow(
        'Dub queue: requests at the engine',
        String(proxy.seen.length),
        `${proxy.posts()} POSTs`,
      ),
      formatRow(
        'Dub queue: most requests in any 60 s',
        String(proxy.maxInWindow(60_000)),
        `limit ${rpm}`,
      ),
      formatRow(
        'Dub queue: polls per running task per 2 s',
        watched > 0 ? ((polls.length - byTask.size) / (watched / 2)).toFixed(2) : 'n/a',
        '≤ 1',
      ),
    ];
  } finally {
    await h.jobs.dispose();
    await proxy.close();
    await engine.close();
  }
}
