import { promises as fs } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Job } from '../../../../shared/domain/jobs/job';
import { readSubtitleFile } from '../../../../shared/node/subtitles';
import { writeEdits, type LineEdit } from '../dub-lines/edits-log';
import { copyResults, exportItems } from './export-results';

const SRT = [
  '1\n00:00:00,000 --> 00:00:02,000\nBuenos días a todos.\n',
  '2\n00:00:02,000 --> 00:00:04,000\nHace mucho calor hoy.\n',
].join('\n');

let dir: string | undefined;
afterEach(async () => {
  if (dir) await fs.rm(dir, { recursive: true, force: true });
  dir = undefined;
});

/** A finished dub job's results on disk, as the job runner leaves them. */
async function finishedJob(): Promise<{ job: Job; dub: string; srt: string }> {
  dir = await fs.mkdtemp(path.join(tmpdir(), 'dub-export-'));
  const dub = path.join(dir, 'results', 'dub-es.mp4');
  const srt = path.join(dir, 'results', 'dub-es.srt');
  await fs.mkdir(path.dirname(dub), { recursive: true });
  await fs.writeFile(dub, 'the dubbed video');
  await fs.writeFile(srt, SRT);
  const job = {
    id: 'job-1',
    stage: 'succeeded',
    files: [
      { role: 'outputs.es', path: dub },
      { role: 'subtitles.es', path: srt },
    ],
  } as unknown as Job;
  return { job, dub, srt };
}

const edit = (over: Partial<LineEdit>): LineEdit => ({
  id: 'e1',
  cueId: 'c2',
  text: 'Hace frío esta noche.',
  startMs: 1500,
  endMs: 4000,
  clip: 'window.mp4',
  script: 'line.es.srt',
  language: 'es',
  ducking: true,
  amount: 0.5,
  state: 'spliced',
  ...over,
});

describe('Export all', () => {
  it('writes the .srt with the words of lines re-dubbed since the service wrote it', async () => {
    const { job, dub, srt } = await finishedJob();
    // Two edits of line 2 (the last one is in the audio) and one of line 1 not spliced yet.
    await writeEdits(dub, [
      edit({ id: 'e1', text: 'Hace fresco.' }),
      edit({ id: 'e2' }),
      edit({ id: 'e3', cueId: 'c1', text: 'Hola.', state: 'pending' }),
    ]);
    const folder = path.join(dir!, 'export');
    const written = await copyResults(
      folder,
      exportItems({ '/in/clip.mp4#scripted': 'job-1' }, () => job),
    );
    expect(written.map((file) => path.basename(file)).sort()).toEqual([
      'clip.es.mp4',
      'clip.es.srt',
    ]);

    const exported = await readSubtitleFile(path.join(folder, 'clip.es.srt'));
    if (!exported.ok) throw new Error(exported.error.message);
    expect(exported.value.cues.map((cue) => [cue.startMs, cue.endMs, cue.text])).toEqual([
      [0, 2000, 'Buenos días a todos.'],
      [2000, 4000, 'Hace frío esta noche.'],
    ]);
    expect(await fs.readFile(path.join(folder, 'clip.es.mp4'), 'utf8')).toBe('the dubbed video');
    // The job's own file is left as the service wrote it (undo and the drawer read it).
    expect(await fs.readFile(srt, 'utf8')).toBe(SRT);
  });

  it('copies the .srt as it is when no line was re-dubbed', async () => {
    const { job } = await finishedJob();
    const folder = path.join(dir!, 'export');
    await copyResults(
      folder,
      exportItems({ '/in/clip.mp4#scripted': 'job-1' }, () => job),
    );
    expect(await fs.readFile(path.join(folder, 'clip.es.srt'), 'utf8')).toBe(SRT);
  });
});
