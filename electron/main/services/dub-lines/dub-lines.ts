import { createHash, randomUUID } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { voiceFor, type CapabilityTable } from '../../../../shared/api/capabilities';
import { LANGUAGE_NAMES, type LanguageCode } from '../../../../shared/api/languages';
import { dubbingForm, dubbingRequestSchema } from '../../../../shared/api/requests/dubbing';
import { estimateCharge } from '../../../../shared/domain/billing/estimate';
import { lineWindow, quietSpans } from '../../../../shared/domain/dub/lines';
import type { Job } from '../../../../shared/domain/jobs/job';
import type { LineQuote } from '../../../../shared/ipc/channels/dub-lines';
import { fail, ok, type Result } from '../../../../shared/ipc/result';
import { readSubtitleFile, writeSubtitleFile } from '../../../../shared/node/subtitles';
import type { ApiClient } from '../api-client/api-client';
import type { JobRunner } from '../job-runner/job-runner';
import { probeMedia } from '../media/probe';
import { audioFormat, cutWindow, decodePcm } from './dub-audio';
import {
  editsFolder,
  keepPrevious,
  keptFile,
  readEdits,
  writeEdits,
  type LineEdit,
} from './edits-log';
import { restoreDubFile, spliceDubFile } from './splice-file';

export interface DubLinesOptions {
  jobs: Pick<JobRunner, 'submit' | 'get' | 'list'>;
  /** Counts a re-dub job as the Dub queue's, so a 402 on it pauses the queue (its banner). */
  track: (jobId: string) => void;
  client: () => ApiClient | null;
  engine: () => 'local' | 'remote';
  capabilities?: () => Promise<CapabilityTable | null>;
  /** A dub file changed (spliced or undone) or one of its edits changed state. */
  onChanged: (dub: string) => void;
}

/** One line of one finished cell: which dub, from which video and approved script. */
export interface LineRef {
  video: string;
  dub: string;
  script: string;
  language: LanguageCode;
  cueId: string;
  text: string;
  ducking: boolean;
}

interface Window {
  startMs: number;
  endMs: number;
  cue: { id: string; startMs: number; endMs: number; text: string };
  clip: string;
}

/**
 * Re-dubbing single lines of a finished dub (docs/dubbing.md "Re-dub one line"): the window
 * and its exact price before the click, one request through the job runner (ledger and
 * Idempotency-Key) and the Dub queue (402 pause), the splice into the dub once the job succeeds,
 * and undo from the kept previous file. Each dub's steps run one at a time.
 */
export class DubLines {
  private readonly chains = new Map<string, Promise<unknown>>();
  /** Re-dub job id -> its dub file. */
  private readonly watching = new Map<string, string>();

  constructor(private readonly options: DubLinesOptions) {}

  /** The window of the line and what re-dubbing it costs, before anything is sent. */
  async quote(ref: LineRef): Promise<Result<LineQuote>> {
    const window = await this.window(ref);
    if (!window.ok) return window;
    const probed = await probeMedia(window.value.clip);
    if (!probed.ok) return probed;
    const client = this.options.client();
    if (!client)
      return fail(
        'engine_unavailable',
        'The service is not reachable yet. Wait a moment, or check Settings.',
        {
          retryable: true,
        },
      );
    const account = await client.getServices();
    if (!account.ok)
      return fail(account.error.kind, account.error.message, {
        retryable: account.error.retryable,
      });
    const charge = estimateCharge(
      { type: 'dubbing', seconds: probed.value.durationSeconds, languages: 1, scripts: true },
      account.value,
    );
    return ok({
      startMs: window.value.startMs,
      endMs: window.value.endMs,
      seconds: probed.value.durationSeconds,
      amount: charge.amount,
      amountText: charge.amount.toFixed(4),
      explanation: charge.explanation,
    });
  }

  /** Sends the one-cue re-dub of a line; the splice follows when its job succeeds. */
  async redub(ref: LineRef): Promise<Result<{ edit: LineEdit; quote: LineQuote }>> {
    if (!ref.text.trim())
      return fail('line_empty', 'The line has no words. Type what it should say, then re-dub.', {
        field: 'text',
      });
    const quote = await this.quote(ref);
    if (!quote.ok) return quote;
    const window = await this.window(ref);
    if (!window.ok) return window;
    const id = randomUUID().slice(0, 8);
    const script = path.join(editsFolder(ref.dub), `line-${id}.${ref.language}.srt`);
    const written = await writeSubtitleFile(script, [window.value.cue], 'srt');
    if (!written.ok) return fail('line_script_failed', written.message);
    const edit: LineEdit = {
      id,
      cueId: ref.cueId,
      text: ref.text.trim(),
      startMs: window.value.startMs,
      endMs: window.value.endMs,
      clip: window.value.clip,
      script,
      language: ref.language,
      ducking: ref.ducking,
      amount: quote.value.amount,
      state: 'pending',
    };
    // Logged before the job exists: after a crash the job is found by its clip, not sent twice.
    return this.serial(ref.dub, async () => {
      await writeEdits(ref.dub, [...(await readEdits(ref.dub)), edit]);
      const sent = await this.send(ref.dub, edit);
      if (!sent.ok) return sent;
      return ok({ edit: sent.value, quote: quote.value });
    });
  }

  /** The dub's edits (finishing any a crash or restart left between steps) and its version. */
  async edits(dub: string): Promise<Result<{ edits: LineEdit[]; version: number }>> {
    await this.serial(dub, () => this.recover(dub));
    return this.settle(dub);
  }

  /** Puts back the dub as it was before its last spliced edit (the kept file, not re-made). */
  async undo(dub: string): Promise<Result<{ edits: LineEdit[]; version: number }>> {
    const undone = await this.serial(dub, async (): Promise<Result<null>> => {
      const edits = await readEdits(dub);
      const last = edits.map((edit) => edit.state).lastIndexOf('spliced');
      if (last < 0) return fail('nothing_to_undo', 'No line edit of this dub is left to undo.');
      const edit = edits[last]!;
      const kept = keptFile(dub, edit);
      try {
        await restoreDubFile(kept, dub);
      } catch (error) {
        return fail(
          'undo_failed',
          `The previous audio could not be put back (${(error as Error).message}); the dub is as it was.`,
        );
      }
      await writeEdits(
        dub,
        edits.filter((other) => other.id !== edit.id),
      );
      await fs.rm(kept, { force: true });
      return ok(null);
    });
    if (!undone.ok) return undone;
    this.options.onChanged(dub);
    return this.listing(dub);
  }

  /** Every job change passes here (from the runner's onChange). */
  jobChanged(job: Job): void {
    const dub = this.watching.get(job.id);
    if (!dub) return;
    if (job.stage === 'succeeded') void this.settle(dub);
    else if (job.stage === 'failed' || job.stage === 'canceled')
      void this.serial(dub, () =>
        this.mark(dub, job.id, job.error?.message ?? 'The re-dub was canceled.'),
      ).then(() => this.options.onChanged(dub));
  }

  /** Splices every edit whose job has succeeded, in the order they finish. */
  private async settle(dub: string): Promise<Result<{ edits: LineEdit[]; version: number }>> {
    const changed = await this.serial(dub, async () => {
      let spliced = false;
      for (const edit of await readEdits(dub)) {
        if (edit.state === 'spliced' || !edit.jobId) continue;
        this.watching.set(edit.jobId, dub);
        const job = this.options.jobs.get(edit.jobId);
        if (job?.stage !== 'succeeded') continue;
        const output = job.files.find((file) => file.role === `outputs.${edit.language}`);
        if (!output) {
          await this.mark(dub, edit.jobId, 'The service answered without the dubbed window.');
          continue;
        }
        const kept = keptFile(dub, edit);
        await keepPrevious(dub, kept);
        const result = await spliceDubFile({
          previous: kept,
          windowDub: output.path,
          startMs: edit.startMs,
          endMs: edit.endMs,
          target: dub,
        });
        const edits = await readEdits(dub);
        const rest = edits.filter((other) => other.id !== edit.id);
        if (result.ok) {
          // Spliced edits stay in splice order, so undo takes back the most recent one.
          const lastSpliced = rest.map((other) => other.state).lastIndexOf('spliced');
          const done: LineEdit = { ...edit, state: 'spliced' };
          delete done.error;
          rest.splice(lastSpliced + 1, 0, done);
          await writeEdits(dub, rest);
        } else {
          await fs.rm(kept, { force: true });
          await writeEdits(
            dub,
            edits.map((other) =>
              other.id === edit.id ? { ...other, state: 'failed', error: result.message } : other,
            ),
          );
        }
        spliced = true;
      }
      return spliced;
    });
    if (changed) this.options.onChanged(dub);
    return this.listing(dub);
  }

  private async listing(dub: string): Promise<Result<{ edits: LineEdit[]; version: number }>> {
    const stat = await fs.stat(dub).catch(() => null);
    if (!stat) return fail('dub_missing', 'The dubbed video is gone; dub the cell again.');
    return ok({ edits: await readEdits(dub), version: Math.round(stat.mtimeMs) });
  }

  /** A pending edit with no job id: its job, if one was sent before a crash, else a new send. */
  private async recover(dub: string): Promise<void> {
    for (const edit of await readEdits(dub)) {
      if (edit.state !== 'pending' || edit.jobId) continue;
      await this.send(dub, edit);
    }
  }

  private async send(dub: string, edit: LineEdit): Promise<Result<LineEdit>> {
    const existing = this.options.jobs
      .list()
      .find((job) => job.request.type === 'dubbing' && job.request.files.video === edit.clip);
    let jobId = existing?.id;
    if (!jobId) {
      const request = dubbingRequestSchema.safeParse({
        video: edit.clip,
        languages: [edit.language],
        ducking: edit.ducking,
        lipsync: false,
        subtitles: { [edit.language]: { file: edit.script } },
        export_srt: false,
      });
      if (!request.success) return fail('invalid_request', request.error.issues[0]!.message);
      const form = dubbingForm(request.data);
      const job = await this.options.jobs.submit({
        type: 'dubbing',
        delivery: 'async',
        fields: form.fields,
        files: form.files,
        label: `Re-dub line ${edit.cueId} (${LANGUAGE_NAMES[edit.language as LanguageCode] ?? edit.language})`,
      });
      if (!job.ok) return job;
      jobId = job.value.id;
    }
    this.watching.set(jobId, dub);
    this.options.track(jobId);
    const sent: LineEdit = { ...edit, jobId };
    await writeEdits(
      dub,
      (await readEdits(dub)).map((other) => (other.id === edit.id ? sent : other)),
    );
    return ok(sent);
  }

  private async mark(dub: string, jobId: string, message: string): Promise<void> {
    const edits = await readEdits(dub);
    await writeEdits(
      dub,
      edits.map((edit) =>
        edit.jobId === jobId && edit.state !== 'spliced'
          ? { ...edit, state: 'failed', error: message }
          : edit,
      ),
    );
  }

  /** The window of a line, its clip cut once per window (the price is read from the clip). */
  private async window(ref: LineRef): Promise<Result<Window>> {
    if (this.options.engine() === 'local') {
      const table = await this.options.capabilities?.();
      const voice = table ? voiceFor(table, ref.language) : null;
      if (voice && !voice.available)
        return fail(
          'no_offline_voice',
          `The local engine cannot speak ${LANGUAGE_NAMES[ref.language] ?? ref.language} offline (${voice.reason ?? 'no voice'}), so this line cannot be re-dubbed here: nothing was sent or charged. ${voice.fix ?? 'Switch to the cloud service in Settings.'}`,
        );
    }
    const read = await readSubtitleFile(ref.script, { language: ref.language });
    if (!read.ok) return fail(read.error.code, read.error.message);
    const probed = await probeMedia(ref.dub);
    if (!probed.ok) return probed;
    const durationMs = Math.round(probed.value.durationSeconds * 1000);
    const line = read.value.cues.find((cue) => cue.id === ref.cueId);
    // Quiet stretches of the dub around the line, so the window's edges can fall in them.
    const around = line ? Math.max(0, line.startMs - 1500) : 0;
    const quiet = await this.quietAround(ref.dub, around, line ? line.endMs + 1500 - around : 0);
    const window = lineWindow(read.value.cues, ref.cueId, ref.text, durationMs, quiet);
    if (!window.ok) return fail(window.code, window.message);
    const { startMs, endMs } = window.value;
    const key = createHash('sha1')
      .update(`${ref.video}\u0000${startMs}\u0000${endMs}`)
      .digest('hex')
      .slice(0, 12);
    const clip = path.join(editsFolder(ref.dub), `window-${key}.mp4`);
    const exists = await fs.stat(clip).catch(() => null);
    if (!exists) {
      await fs.mkdir(editsFolder(ref.dub), { recursive: true });
      const temporary = `${clip}.${randomUUID().slice(0, 8)}.mp4`;
      const cut = await cutWindow(ref.video, startMs, endMs, temporary);
      if (!cut.ok) {
        await fs.rm(temporary, { force: true });
        return fail('window_cut_failed', cut.message);
      }
      await fs.rename(temporary, clip);
    }
    return ok({ startMs, endMs, cue: window.value.cue, clip });
  }

  private async quietAround(dub: string, startMs: number, durationMs: number) {
    if (durationMs <= 0) return [];
    const format = await audioFormat(dub);
    if (!format.ok) return [];
    const pcm = await decodePcm(dub, format.value, { startMs, durationMs });
    if (!pcm.ok) return [];
    return quietSpans(pcm.value, format.value.channels, format.value.sampleRate).map((span) => ({
      startMs: span.startMs + startMs,
      endMs: span.endMs + startMs,
    }));
  }

  private serial<T>(dub: string, step: () => Promise<T>): Promise<T> {
    const previous = this.chains.get(dub) ?? Promise.resolve();
    const next = previous.then(step, step);
    this.chains.set(
      dub,
      next.catch(() => undefined),
    );
    return next;
  }
}
