import { promises as fs } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  festivalSpeech,
  speechOverMusicVideo,
} from '../../../../engine/speech/__tests__/media-fixtures';
import { startTestEngine, tempDir, type TestEngine } from '../../../../engine/testing/harness';
import { hasApertium, hasPocketsphinxEnglish } from '../../../../engine/testing/optional-tools';
import type { DubSettings } from '../../../../shared/domain/project/document';
import { probeMedia } from '../media/probe';
import { copyResults, exportItems } from './export-results';
import { startCountingProxy, type CountingProxy } from './__tests__/counting-proxy';
import { queueFor, waitUntil } from './__tests__/queue-harness';

/**
 * The Dub queue against the real engine, counted at the engine through a loopback proxy:
 * pacing under rpm_limit, the queue-wide pause on 402 and Resume, and a restart mid-batch
 * that posts nothing again.
 */
const settings: DubSettings = {
  languages: ['es'],
  ducking: true,
  lipsync: false,
  exportSrt: false,
};

let engine: TestEngine | undefined;
let proxy: CountingProxy | undefined;
let dir: string | undefined;
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
  await proxy?.close();
  await engine?.close();
  if (dir) await fs.rm(dir, { recursive: true, force: true });
  engine = proxy = dir = undefined;
});

async function setUp(accounts: Parameters<typeof startTestEngine>[0] = {}) {
  engine = await startTestEngine(accounts);
  proxy = await startCountingProxy(engine.url);
  dir = await tempDir('dub-queue-');
  // Dubbing needs speech: a short spoken clip over music, made once per test.
  const speech = await festivalSpeech(dir, 'Hello and welcome. Today we talk about the weather.');
  const clip = await speechOverMusicVideo(dir, speech, 4);
  const videos: string[] = [];
  for (const name of ['one', 'two', 'three']) {
    const file = path.join(dir, `${name}.mp4`);
    await fs.copyFile(clip, file);
    videos.push(file);
  }
  return videos;
}

async function projectIn(h: Awaited<ReturnType<typeof queueFor>>) {
  const created = await h.projects.create('Batch');
  if (!created.ok) throw new Error(created.error.message);
  return created.value.path;
}

// The queue dubs without scripts, so the engine transcribes and translates each clip.
describe.skipIf(!hasPocketsphinxEnglish || !hasApertium)(
  'Dub queue against the engine (needs PocketSphinx and Apertium)',
  () => {
    it('keeps every request (POSTs and polls) under a low rpm_limit, where unpaced it would not', async () => {
      const key = 'sk_low_rpm';
      const videos = await setUp({ accounts: [{ key, balance: 100, rpmLimit: 8 }] });
      const paced = await queueFor(proxy!.url, key, path.join(dir!, 'paced'));
      cleanups.push(() => paced.jobs.dispose());
      const project = await projectIn(paced);
      const started = await paced.queue.start({
        projectPath: project,
        videos,
        scripts: [],
        settings,
      });
      expect(started.ok && started.value.submitted).toBe(3);
      // Six seconds of 100 ms polls would be ~100 requests; paced, the window allows 90% of 8.
      await new Promise((resolve) => setTimeout(resolve, 6_000));
      expect(proxy!.seen.length).toBeGreaterThan(0);
      expect(proxy!.maxInWindow(60_000)).toBeLessThanOrEqual(8);
      expect(paced.queue.state().rpmWindow).toMatchObject({ limit: 8 });
      await paced.jobs.dispose();

      // The control: the same batch without the pacer goes over the limit (the check can fail).
      const before = proxy!.seen.length;
      const unpaced = await queueFor(proxy!.url, key, path.join(dir!, 'unpaced'), 2, false);
      cleanups.push(() => unpaced.jobs.dispose());
      const other = await projectIn(unpaced);
      await unpaced.queue.start({ projectPath: other, videos, scripts: [], settings });
      await waitUntil(() => proxy!.seen.length - before > 8, 20_000);
    }, 60_000);

    it('never sends a cell the saved batch left out, even when the start does not list it', async () => {
      const key = 'sk_left_out';
      const videos = await setUp({ accounts: [{ key, balance: 100 }] });
      const h = await queueFor(proxy!.url, key, path.join(dir!, 'data'));
      cleanups.push(() => h.jobs.dispose());
      const project = await projectIn(h);
      const left = { video: videos[1]!, language: 'es' as const };
      const patched = await h.projects.patch(project, (document) => ({
        ...document,
        dub: {
          videos: videos.map((video) => ({ path: video })),
          scripts: [],
          settings,
          runs: {},
          excluded: [left],
        },
      }));
      if (!patched.ok) throw new Error(patched.error.message);
      const started = await h.queue.start({ projectPath: project, videos, scripts: [], settings });
      if (!started.ok) throw new Error(started.error.message);
      expect(started.value.submitted).toBe(2);
      expect(Object.keys(started.value.runs).some((k) => k.startsWith(`${left.video}#`))).toBe(
        false,
      );
      // Main's own write of runs keeps what was left out.
      const reopened = await h.projects.open(project);
      expect(reopened.ok && reopened.value.document?.dub?.excluded).toEqual([left]);
      // The two sent requests end before the engine and its files are removed.
      const ended = (id: string) =>
        ['succeeded', 'failed', 'canceled'].includes(h.jobs.get(id)?.stage ?? '');
      await waitUntil(() => Object.values(started.value.runs).every(ended));
    }, 60_000);

    it('pauses the whole queue on 402, holds the rest, and Resume sends the stopped request again', async () => {
      const key = 'sk_small_balance';
      const videos = await setUp({ accounts: [{ key, balance: 0.01 }] });
      const h = await queueFor(proxy!.url, key, path.join(dir!, 'data'), 1);
      cleanups.push(() => h.jobs.dispose());
      const project = await projectIn(h);
      const started = await h.queue.start({ projectPath: project, videos, scripts: [], settings });
      if (!started.ok) throw new Error(started.error.message);
      await waitUntil(() => h.queue.state().paused);
      const state = h.queue.state();
      expect(state.reason).toBe('payment');
      expect(state.message).toMatch(/Top up/);
      // Held: only the first request reached the engine; the others stay queued.
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(proxy!.posts()).toBe(1);
      const stages = Object.values(started.value.runs).map((id) => h.jobs.get(id)?.stage);
      expect(stages).toEqual(['failed', 'queued', 'queued']);
      // The held ones are named, so the renderer shows them as paused rather than running.
      const queued = Object.values(started.value.runs).filter(
        (id) => h.jobs.get(id)?.stage === 'queued',
      );
      expect([...h.queue.state().held].sort()).toEqual(queued.sort());

      await h.queue.resume();
      // The stopped request is sent again; the balance is still short, so the queue pauses again.
      await waitUntil(() => proxy!.posts() === 2 && h.queue.state().paused);
      expect(h.states.some((s) => !s.paused)).toBe(true);
      expect(h.queue.state().reason).toBe('payment');
    }, 60_000);

    it('continues a batch after a restart mid-batch with zero extra POSTs', async () => {
      const videos = await setUp();
      const dataDir = path.join(dir!, 'data');
      const first = await queueFor(proxy!.url, engine!.key, dataDir);
      const project = await projectIn(first);
      const started = await first.queue.start({
        projectPath: project,
        videos,
        scripts: [],
        settings,
      });
      if (!started.ok) throw new Error(started.error.message);
      const ids = Object.values(started.value.runs);
      await waitUntil(() => ids.some((id) => first.jobs.get(id)?.taskId !== undefined));
      // Hold the rest and let any send in flight land, then stop the app as a crash would (the
      // ledger is what survives; a job caught mid-send is the ledger's own crash test).
      first.queue.pause();
      await waitUntil(() =>
        ids.every((id) => !['uploading', 'submitting'].includes(first.jobs.get(id)?.stage ?? '')),
      );
      await first.jobs.dispose();
      const postsBefore = proxy!.posts();

      // A new app on the same data folder: runs come from the project, jobs from the ledger.
      const second = await queueFor(proxy!.url, engine!.key, dataDir);
      cleanups.push(() => second.jobs.dispose());
      const again = await second.queue.start({
        projectPath: project,
        videos,
        scripts: [],
        settings,
      });
      expect(again.ok && again.value.submitted).toBe(0);
      expect(again.ok && again.value.runs).toEqual(started.value.runs);
      expect(postsBefore).toBeGreaterThan(0);
      expect(postsBefore).toBeLessThan(3);
      await waitUntil(() => ids.every((id) => second.jobs.get(id)?.stage === 'succeeded'), 90_000);
      // Each request reached the engine once in all: the ones sent before the stop were polled,
      // never posted again.
      expect(proxy!.posts()).toBe(3);
      const usage = await engine!.get('/v1/account/usage?days=1');
      // ...and charged once: three requests on the engine's own usage.
      expect(usage.body.summary.total_requests).toBe(3);

      // Export all: one `<clip>.<lang>.mp4` per cell, a real video with sound.
      const folder = path.join(dir!, 'export');
      const written = await copyResults(
        folder,
        exportItems(started.value.runs, (id) => second.jobs.get(id)),
      );
      expect(written.map((file) => path.basename(file)).sort()).toEqual([
        'one.es.mp4',
        'three.es.mp4',
        'two.es.mp4',
      ]);
      const probed = await probeMedia(written[0]!);
      expect(probed.ok && probed.value.hasVideo && probed.value.hasAudio).toBe(true);
    }, 120_000);
  },
);
