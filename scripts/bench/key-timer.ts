// Keystroke timing for the Subtitles editor figures (docs/subtitles.md, "Measuring typing").
import { chromium, type Browser, type Page } from '@playwright/test';
import { traceWhile, type TraceEvent } from './trace';

/** What the figures type: a phrase with accents, 45 key presses. */
export const TYPED = ' y además hay que llevar los papeles firmados';

/**
 * Chromium's flags that stop tying frames to the display's vsync. The default headless
 * Chromium draws at most one frame per 16.7 ms, so a key press waits 0–16.7 ms for its frame
 * whatever the page does; with these the wait for a frame shrinks (check the bare textarea's
 * unthrottled figure: it is the floor the flags leave).
 */
export const UNTHROTTLED_FLAGS = ['--disable-gpu-vsync', '--disable-frame-rate-limit'];

export function launchChromium(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', ...extraArgs],
  });
}

/**
 * Installs, on the page it runs in, a timer per typed character: from keydown (capture, before
 * any handler) to a task after the next frame (requestAnimationFrame, then setTimeout 0, which
 * runs once style, layout and paint of that frame are done), in window.__keys. Playwright types
 * a character that is not on the US keyboard ("á") as inserted text with no keydown, so text
 * input that no keydown came before starts a timer of its own.
 */
export const KEY_TIMER = `(() => {
  window.__keys = [];
  let keyed = false;
  const time = () => {
    const t0 = performance.now();
    requestAnimationFrame(() => setTimeout(() => window.__keys.push(performance.now() - t0), 0));
  };
  document.addEventListener('keydown', () => { keyed = true; time(); }, true);
  document.addEventListener('beforeinput', () => { if (!keyed) time(); keyed = false; }, true);
})()`;

export async function readKeys(page: Page): Promise<number[]> {
  return (await page.evaluate('window.__keys')) as number[];
}

/**
 * Main-thread work per typed character while `type` runs under a CDP trace (ms): the CPU time
 * of the renderer's main thread in its top-level tasks from one character's keydown (or text
 * input, for one typed without a keydown) to the next, so everything
 * a key causes (its events, React, QC, the frame's style, layout and paint, the timers it set)
 * and none of the idle wait for vsync. CPU time rather than wall time, so other processes on a
 * shared machine do not stretch it. Keys come every 30 ms or more, so each window holds one
 * key's work and nothing else the page does on its own.
 */
export async function keyWork(page: Page, type: () => Promise<void>): Promise<number[]> {
  const events = await traceWhile(page, ['devtools.timeline', 'toplevel'], async () => {
    await type();
    await page.waitForTimeout(100); // the last key's frame
  });
  // The typed page's main thread: the one that dispatched the keydowns (the trace holds every
  // renderer of the browser, and another page's may come first).
  const isKeydown = (e: TraceEvent) =>
    e.ph === 'X' && e.name === 'EventDispatch' && e.args?.data?.type === 'keydown';
  // A character typed as inserted text ("á") has no keydown; its beforeinput opens its window.
  const isInput = (e: TraceEvent) =>
    e.ph === 'X' &&
    e.name === 'EventDispatch' &&
    (e.args?.data?.type === 'keydown' || e.args?.data?.type === 'beforeinput');
  const counts = new Map<string, number>();
  for (const e of events.filter(isKeydown))
    counts.set(`${e.pid}:${e.tid}`, (counts.get(`${e.pid}:${e.tid}`) ?? 0) + 1);
  const thread = [...counts].sort((a, b) => b[1] - a[1])[0]?.[0];
  const onMain = events.filter((e) => e.ph === 'X' && `${e.pid}:${e.tid}` === thread);
  const inputs = onMain
    .filter(isInput)
    .map((e) => e.ts)
    .sort((a, b) => a - b);
  const tasks = onMain.filter((e) => e.name === 'ThreadControllerImpl::RunTask');
  const end = Math.max(...onMain.map((e) => e.ts + (e.dur ?? 0)));
  // Each character's window opens with the task that dispatched its keydown, or its
  // beforeinput when no keydown came first (a keydown's beforeinput is in the same task).
  const starts = [
    ...new Set(
      inputs.map(
        (at) => tasks.find((task) => task.ts <= at && task.ts + (task.dur ?? 0) >= at)?.ts ?? at,
      ),
    ),
  ];
  return starts.map((start, i) => {
    const stop = starts[i + 1] ?? end;
    // A task is the key's whose start falls in its window; its CPU time (wall without it).
    const busy = tasks
      .filter((task) => task.ts >= start && task.ts < stop)
      .reduce((sum, task) => sum + (task.tdur ?? task.dur ?? 0), 0);
    return busy / 1000;
  });
}

/**
 * The same keystrokes typed into a bare textarea in the same browser: the wait for the next
 * frame alone, so the editor's figure reads as "this much over the browser's own floor".
 */
export async function bareTextareaKeys(
  browser: Browser,
): Promise<{ keys: number[]; work: number[] }> {
  const page = await browser.newPage();
  try {
    await page.setContent('<textarea aria-label="floor" rows="3" cols="60"></textarea>');
    await page.evaluate(KEY_TIMER);
    await page.locator('textarea').click();
    await page.keyboard.type(TYPED, { delay: 30 });
    const keys = await readKeys(page);
    const work = await keyWork(page, () => page.keyboard.type(TYPED, { delay: 30 }));
    return { keys, work };
  } finally {
    await page.close();
  }
}
