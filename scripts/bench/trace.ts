// Chromium traces for the renderer figures (timeline drag, Subtitles typing and scrolling).
import type { Page } from '@playwright/test';

export interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  /** The thread's CPU time in the event (µs), when the trace has it. */
  tdur?: number;
  tid: number;
  pid: number;
  args?: { name?: string; data?: { type?: string } };
}

/** Every trace event of the browser while `work` runs, recorded over CDP. */
export async function traceWhile(
  page: Page,
  categories: readonly string[],
  work: () => Promise<void>,
): Promise<TraceEvent[]> {
  const cdp = await page.context().newCDPSession(page);
  const events: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', ({ value }) =>
    events.push(...(value as unknown as TraceEvent[])),
  );
  await cdp.send('Tracing.start', {
    categories: categories.join(','),
    transferMode: 'ReportEvents',
  });
  try {
    await work();
  } finally {
    const done = new Promise<void>((resolve) =>
      cdp.once('Tracing.tracingComplete', () => resolve()),
    );
    await cdp.send('Tracing.end');
    await done;
    await cdp.detach();
  }
  return events;
}

/** Durations (ms) of the top-level tasks on the renderer's main thread. */
export function mainThreadTaskMs(events: readonly TraceEvent[]): number[] {
  const main = events.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  return events
    .filter(
      (e) =>
        e.ph === 'X' &&
        (e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask') &&
        (!main || (e.tid === main.tid && e.pid === main.pid)),
    )
    .map((e) => (e.dur ?? 0) / 1000);
}
