import { createHash } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  espeakSpeech,
  speechOverMusicVideo,
  videoStreamMd5,
} from '../../../../engine/speech/__tests__/media-fixtures';
import { startTestEngine, tempDir, type TestEngine } from '../../../../engine/testing/harness';
import { dubbingForm, dubbingRequestSchema } from '../../../../shared/api/requests/dubbing';
import { writeSubtitleFile } from '../../../../shared/node/subtitles';
import { ApiClient } from '../api-client/api-client';
import { probeMedia } from '../media/probe';
import { startCountingProxy, type CountingProxy } from '../dub/__tests__/counting-proxy';
import { queueFor, waitUntil } from '../dub/__tests__/queue-harness';
import { audioFormat, decodePcm } from './dub-audio';
import { DubLines } from './dub-lines';

/**
 * Re-dubbing one line against the real engine on loopback, as the external check does: a 12 s
 * clip dubbed into Spanish from a three-line script, line 2 edited and re-dubbed, then undone.
 */
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

const SCRIPT = [
  { id: 'c1', startMs: 500, endMs: 3000, text: 'Hola y bienvenidos.' },
  { id: 'c2', startMs: 4500, endMs: 7000, text: 'Hoy hablamos del tiempo.' },
  { id: 'c3', startMs: 8500, endMs: 11_000, text: 'Gracias por mirar.' },
];

async function md5(file: string): Promise<string> {
  return createHash('md5')
    .update(await fs.readFile(file))
    .digest('hex');
}

/** RMS in dBFS (floored at -60) of each 100 ms block of the file's audio, mixed to mono. */
async function blockEnergy(file: string): Promise<number[]> {
  const format = { sampleRate: 44_100, channels: 1 };
  const pcm = await decodePcm(file, format);
  if (!pcm.ok) throw new Error(pcm.message);
  const block = 4410;
  const out: number[] = [];
  for (let from = 0; from + block <= pcm.value.length; from += block) {
    let sum = 0;
    for (let i = from; i < from + block; i += 1) sum += pcm.value[i]! ** 2;
    // Floored at -60 dBFS: below that, a block is silence whatever its exact figure.
    out.push(Math.max(-60, 10 * Math.log10(sum / block / 32768 ** 2 + 1e-12)));
  }
  return out;
}

async function setUp() {
  engine = await startTestEngine();
  proxy = await startCountingProxy(engine.url);
  dir = await tempDir('dub-lines-');
  const speech = await espeakSpeech(
    dir,
    'en',
    'Hello and welcome. Today we talk about the weather.',
  );
  const video = await speechOverMusicVideo(dir, speech, 12, 'clip.mp4');
  const script = path.join(dir, 'clip.es.srt');
  const written = await writeSubtitleFile(script, SCRIPT, 'srt');
  if (!written.ok) throw new Error(written.message);
  const h = await queueFor(proxy.url, engine.key, path.join(dir, 'data'));
  cleanups.push(() => h.jobs.dispose());
  // The whole-clip dub the cell holds, made the way the batch sends it.
  const request = dubbingRequestSchema.parse({
    video,
    languages: ['es'],
    ducking: true,
    lipsync: false,
    subtitles: { es: { file: script } },
  });
  const form = dubbingForm(request);
  const submitted = await h.jobs.submit({
    type: 'dubbing',
    delivery: 'async',
    fields: form.fields,
    files: form.files,
    label: 'clip es',
  });
  if (!submitted.ok) throw new Error(submitted.error.message);
  const id = submitted.value.id;
  await waitUntil(() => ['succeeded', 'failed'].includes(h.jobs.get(id)?.stage ?? ''), 90_000);
  const dub = h.jobs.get(id)!.files.find((file) => file.role === 'outputs.es')?.path;
  if (!dub) throw new Error(`no dub: ${JSON.stringify(h.jobs.get(id)?.error)}`);
  const changed: string[] = [];
  const lines = new DubLines({
    jobs: h.jobs,
    track: (jobId) => h.queue.track({ line: jobId }),
    client: () =>
      new ApiClient({
        baseUrl: proxy!.url,
        getKey: async () => engine!.key,
        clientVersion: 'test',
      }),
    engine: () => 'local',
    onChanged: (file) => changed.push(file),
  });
  return { h, video, script, dub, lines, changed };
}

describe('Re-dubbing one line against the engine', () => {
  it('charges the stated price once, keeps the picture and the audio outside the window, and undoes', async () => {
    const { h, video, script, dub, lines, changed } = await setUp();
    const ref = {
      video,
      dub,
      script,
      language: 'es' as const,
      cueId: 'c2',
      text: 'Mañana lloverá en toda la ciudad.',
      ducking: true,
    };
    const quote = await lines.quote(ref);
    if (!quote.ok) throw new Error(quote.error.message);
    // Line 2 (4.5–7.0 s) padded by up to a second, never into line 1 or 3.
    expect(quote.value.startMs).toBeGreaterThanOrEqual(3000);
    expect(quote.value.endMs).toBeLessThanOrEqual(8500);
    expect(quote.value.seconds).toBeLessThanOrEqual(15);
    const originalMd5 = await md5(dub);
    const originalPicture = await videoStreamMd5(dub);
    const originalEnergy = await blockEnergy(dub);
    const before = (await engine!.get('/v1/account/usage?days=1')).body.summary;
    const postsBefore = proxy!.posts();

    const sent = await lines.redub(ref);
    if (!sent.ok) throw new Error(sent.error.message);
    expect(sent.value.quote.amountText).toBe(quote.value.amountText);
    // The harness's runner reports to the queue only, so the splice runs when the edits are read
    // (as after a restart): the same step the job's success starts in the app.
    const jobId = sent.value.edit.jobId!;
    await waitUntil(() => ['succeeded', 'failed'].includes(h.jobs.get(jobId)?.stage ?? ''), 90_000);
    expect(h.jobs.get(jobId)?.error).toBeUndefined();
    const listed = await lines.edits(dub);
    expect(changed).toEqual([dub]);
    expect(listed.ok && listed.value.edits.map((edit) => edit.state)).toEqual(['spliced']);

    // One new request at the engine, billed on ≤ 15 s, charged exactly the stated price.
    expect(proxy!.posts() - postsBefore).toBe(1);
    const after = (await engine!.get('/v1/account/usage?days=1')).body.summary;
    expect(after.total_requests - before.total_requests).toBe(1);
    expect(after.total_duration_seconds - before.total_duration_seconds).toBeLessThanOrEqual(15);
    expect((Number(after.total_cost) - Number(before.total_cost)).toFixed(4)).toBe(
      quote.value.amountText,
    );

    // The picture is the same packets and the length is unchanged.
    expect(await videoStreamMd5(dub)).toBe(originalPicture);
    const now = await probeMedia(dub);
    expect(now.ok && Math.abs(now.value.durationSeconds - 12)).toBeLessThan(0.1);
    // The audio changed around the line only (AAC re-encoding moves a block by a fraction of a dB).
    const energy = await blockEnergy(dub);
    expect(energy.length).toBe(originalEnergy.length);
    const window = {
      from: Math.floor(quote.value.startMs / 100),
      to: Math.ceil(quote.value.endMs / 100),
    };
    let changedInside = 0;
    energy.forEach((db, block) => {
      const inside = block >= window.from - 1 && block < window.to + 1;
      if (!inside) expect(Math.abs(db - originalEnergy[block]!)).toBeLessThan(1);
      else if (Math.abs(db - originalEnergy[block]!) > 1) changedInside += 1;
    });
    expect(changedInside).toBeGreaterThan(3);

    // Undo puts the kept file back: the original dub, byte for byte.
    const undone = await lines.undo(dub);
    expect(undone.ok && undone.value.edits).toEqual([]);
    expect(await md5(dub)).toBe(originalMd5);
    expect((await audioFormat(dub)).ok).toBe(true);
  }, 240_000);
});
