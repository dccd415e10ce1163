import type { Job } from '../../../../shared/domain/jobs/job';
import { isTerminal } from '../../../../shared/domain/jobs/job';
import type { TaskType } from '../../../../shared/api/task-types';
import type { Notice } from '../../../../shared/ipc/channels/notifications';

/** What the platform shows (Electron's adapter): the taskbar/dock fraction and an OS notice. */
export interface NoticeDisplay {
  setProgress(fraction: number | null): void;
  show(notice: Notice): void;
}

export interface JobNotifierOptions {
  /** Sends the notice to the renderer (its toast in browser mode). */
  emit(notice: Notice): void;
  /** Electron only; browser mode has none. */
  display?: NoticeDisplay;
  /** Jobs of a Dub batch: told once for the whole batch, not one by one. */
  isBatchJob(job: Job): boolean;
}

/** What each kind of job is called in a notice. */
const KIND_NAMES: Record<TaskType, string> = {
  text_to_music: 'Music',
  video_to_music: 'Music',
  video_to_video_music: 'Music on the video',
  text_to_sfx: 'Sound effects',
  video_to_sfx: 'Sound effects',
  video_to_video_sfx: 'Sound effects on the video',
  video_to_sound: 'Video to sound',
  video_to_video_sound: 'Video to sound',
  audio_ducking: 'Ducking',
  dubbing: 'Dub',
  video_analysis: 'Analysis',
  proofread: 'Proofread',
};

/**
 * One notifier for every long job (docs/dubbing.md "Notifications"): a job seen running in this
 * run of the app that ends raises one notice (jobs that had ended before the app started stay
 * quiet), and the taskbar shows the share of ended jobs among those in flight. Dub batches come
 * in through `batch()` and are told once per batch.
 */
export class JobNotifier {
  /** Jobs seen before they ended, in this run: id -> ended yet. */
  private readonly watched = new Map<string, boolean>();
  private batchFraction: { finished: number; total: number } | null = null;

  constructor(private readonly options: JobNotifierOptions) {}

  jobChanged(job: Job): void {
    if (this.options.isBatchJob(job)) {
      if (this.watched.delete(job.id)) this.showProgress();
      return;
    }
    const ended = isTerminal(job.stage);
    const seen = this.watched.get(job.id);
    if (!ended) {
      this.watched.set(job.id, false);
      return this.showProgress();
    }
    if (seen !== false) return; // never seen running, or already told
    this.watched.set(job.id, true);
    if (job.stage !== 'canceled') this.notify(noticeFor(job));
    this.showProgress();
  }

  /** A Dub batch's progress (its ended and total requests): taskbar share only. */
  batchProgress(finished: number, total: number): void {
    this.batchFraction = total > 0 && finished < total ? { finished, total } : null;
    this.showProgress();
  }

  notify(notice: Notice): void {
    this.options.emit(notice);
    this.options.display?.show(notice);
  }

  private showProgress(): void {
    const states = [...this.watched.values()];
    let finished = states.filter(Boolean).length;
    let total = states.length;
    if (finished === total) {
      // Everything single has ended: start the next count from zero.
      this.watched.clear();
      finished = total = 0;
    }
    if (this.batchFraction) {
      finished += this.batchFraction.finished;
      total += this.batchFraction.total;
    }
    this.options.display?.setProgress(total === 0 ? null : finished / total);
  }
}

export function noticeFor(job: Job): Notice {
  const kind = KIND_NAMES[job.request.type];
  const ok = job.stage === 'succeeded';
  return {
    id: `job:${job.id}:${job.stage}`,
    title: ok ? `${kind} ready` : `${kind} failed`,
    body: ok
      ? `${job.request.label} finished. Open it in Jobs.`
      : `${job.request.label}: ${job.error?.message ?? 'the job failed.'} Open Jobs to retry it.`,
    tone: ok ? 'success' : 'danger',
    target: { screen: 'jobs', jobId: job.id },
  };
}
