/** A dub batch's progress: ended jobs of all jobs started by batches in this run of the app. */
export interface BatchProgress {
  finished: number;
  total: number;
  failed: number;
  /**
   * A start is still submitting requests: jobs already sent may all have ended (the local
   * engine is quick) while more are about to join, so the batch has not ended yet.
   */
  sending?: boolean;
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
  return ({ finished, total, failed, sending }) => {
    if (total === 0) return display.setProgress(null);
    // Told once sending is over: a notice per job that ended mid-start stacked copies.
    if (finished < total || sending) {
      notifiedAt = -1;
      return display.setProgress(finished / total);
    }
    display.setProgress(null);
    if (notifiedAt === total) return;
    notifiedAt = total;
    const done = total - failed;
    // Words that hold in Dub as well as elsewhere: the notice's Open goes to Dub.
    display.notify(
      'Dub batch finished',
      failed === 0
        ? `All ${total} dubbing request${total === 1 ? '' : 's'} finished.`
        : `${done} of ${total} requests finished; ${failed} failed or were canceled. Retry them with R in the Dub grid.`,
      failed,
    );
  };
}
