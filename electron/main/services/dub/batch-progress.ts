/** A dub batch's progress: ended jobs of all jobs started by batches in this run of the app. */
export interface BatchProgress {
  finished: number;
  total: number;
  failed: number;
}

export type BatchProgressSink = (progress: BatchProgress) => void;

/** What the platform shows: a taskbar fraction (null clears it), and a notice once at the end. */
export interface BatchProgressDisplay {
  setProgress(fraction: number | null): void;
  /** `failed`: requests that failed or were canceled (the notice's tone). */
  notify(title: string, body: string, failed: number): void;
}

/**
 * Turns batch progress into taskbar progress and one OS notification when the batch ends.
 * Plain logic (tested); main-services sends the notice through the one job notifier (notifications/job-notifier.ts).
 */
export function batchProgressSink(display: BatchProgressDisplay): BatchProgressSink {
  let notifiedAt = -1;
  return ({ finished, total, failed }) => {
    if (total === 0) return display.setProgress(null);
    if (finished < total) {
      notifiedAt = -1;
      return display.setProgress(finished / total);
    }
    display.setProgress(null);
    if (notifiedAt === total) return;
    notifiedAt = total;
    const done = total - failed;
    display.notify(
      'Dub batch finished',
      failed === 0
        ? `All ${total} dubbing request${total === 1 ? '' : 's'} finished.`
        : `${done} of ${total} requests finished; ${failed} failed or were canceled. Open Dub to retry them.`,
      failed,
    );
  };
}
