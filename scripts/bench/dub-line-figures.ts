import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { startTestEngine } from '../../engine/testing/harness';
import { makeTestVideo } from '../../engine/testing/media';
import { espeakSpeech, speechOverMusicVideo } from '../../engine/speech/__tests__/media-fixtures';
import { dubbingForm, dubbingRequestSchema } from '../../shared/api/requests/dubbing';
import { writeSubtitleFile } from '../../shared/node/subtitles';
import { ApiClient } from '../../electron/main/services/api-client/api-client';
import { queueFor, waitUntil } from '../../electron/main/services/dub/__tests__/queue-harness';
import { cutWindow } from '../../electron/main/services/dub-lines/dub-audio';
import { DubLines } from '../../electron/main/services/dub-lines/dub-lines';
import { spliceDubFile } from '../../electron/main/services/dub-lines/splice-file';
import { formatRow, ratio, since } from './measure';

/** A dubbing job through the runner, waited for; returns its `outputs.es` file. */
async function dubThrough(
  jobs: Awaited<ReturnType<typeof queueFor>>['jobs'],
  video: string,
  script: string,
): Promise<string> {
  const form = dubbingForm(
    dubbingRequestSchema.parse({
      video,
      languages: ['es'],
      ducking: true,
      lipsync: false,
      subtitles: { es: { file: script } },
    }),
  );
  const job = await jobs.submit({ type: 'dubbing', delivery: 'async', ...form, label: 'bench' });
  if (!job.ok) throw new Error(job.error.message);
  const id = job.value.id;
  await waitUntil(() => ['succeeded', 'failed'].includes(jobs.get(id)?.stage ?? ''), 120_000);
  const out = jobs.get(id)?.files.find((file) => file.role === 'outputs.es')?.path;
  if (!out) throw new Error(`dub failed: ${jobs.get(id)?.error?.message ?? 'no output'}`);
  return out;
}

/**
 * Re-dub of one line on the local engine, click to playable (the job, the splice and the edit
 * log), against the window's dub alone; and the splice of a 5-minute dub on its own.
 */
export async function dubLineFigures(workDir: string): Promise<string[]> {
  const dir = join(workDir, 'dub-lines');
  await mkdir(dir, { recursive: true });
  const engine = await startTestEngine();
  try {
    const speech = await espeakSpeech(
      dir,
      'en',
      'Hello and welcome. Today we talk about the weather.',
    );
    const video = await speechOverMusicVideo(dir, speech, 12, 'clip.mp4');
    const script = join(dir, 'clip.es.srt');
    const cues = [
      { id: 'c1', startMs: 500, endMs: 3000, text: 'Hola y bienvenidos.' },
      { id: 'c2', startMs: 4500, endMs: 7000, text: 'Hoy hablamos del tiempo.' },
      { id: 'c3', startMs: 8500, endMs: 11_000, text: 'Gracias por mirar.' },
    ];
    await writeSubtitleFile(script, cues, 'srt');
    const h = await queueFor(engine.url, engine.key, join(dir, 'data'), 2, false, 50);
    try {
      const dub = await dubThrough(h.jobs, video, script);
      const lines = new DubLines({
        jobs: h.jobs,
        track: (id) => h.queue.track({ line: id }),
        client: () =>
          new ApiClient({
            baseUrl: engine.url,
            getKey: async () => engine.key,
            clientVersion: 'bench',
          }),
        engine: () => 'local',
        onChanged: () => undefined,
      });
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

      // The window's dub alone: the same clip and one-cue script, straight through the runner.
      const windowClip = join(dir, 'window.mp4');
      await cutWindow(video, quote.value.startMs, quote.value.endMs, windowClip);
      const oneCue = join(dir, 'line.es.srt');
      await writeSubtitleFile(
        oneCue,
        [{ ...cues[1]!, startMs: 4500 - quote.value.startMs, endMs: 7000 - quote.value.startMs }],
        'srt',
      );
      const aloneStart = performance.now();
      const windowDub = await dubThrough(h.jobs, windowClip, oneCue);
      const alone = since(aloneStart);

      // Click to playable: re-dub sent, job done, spliced into the dub and logged.
      const clickStart = performance.now();
      const sent = await lines.redub(ref);
      if (!sent.ok) throw new Error(sent.error.message);
      const jobId = sent.value.edit.jobId!;
      await waitUntil(
        () => ['succeeded', 'failed'].includes(h.jobs.get(jobId)?.stage ?? ''),
        120_000,
      );
      const listed = await lines.edits(dub);
      if (!listed.ok || listed.value.edits[0]?.state !== 'spliced')
        throw new Error('the re-dub was not spliced');
      const click = since(clickStart);

      // Splice alone into a 5-minute dub (decode, splice, AAC encode, mux, rename).
      const long = await makeTestVideo({ seconds: 300, dir, name: 'five-minutes.mp4' });
      const spliceStart = performance.now();
      const spliced = await spliceDubFile({
        previous: long,
        windowDub,
        startMs: 120_000,
        endMs: 120_000 + (quote.value.endMs - quote.value.startMs),
        target: join(dir, 'five-minutes.dub.mp4'),
      });
      if (!spliced.ok) throw new Error(spliced.message);
      const splice = since(spliceStart);
      return [
        formatRow('Dub line: window dub alone', `${alone.toFixed(2)} s`),
        formatRow(
          'Dub line: re-dub, click to playable',
          `${click.toFixed(2)} s`,
          ratio(click, alone),
          '≤ 3×',
        ),
        formatRow('Dub line: splice into a 5-minute dub', `${splice.toFixed(2)} s`, '≤ 2 s'),
      ];
    } finally {
      await h.jobs.dispose();
    }
  } finally {
    await engine.close();
  }
}
