import { invokeResult } from '../../bridge/invoke';

/**
 * Saves that are still waiting on their autosave delay, written at once when the page is about
 * to go (docs/decisions/107-save-before-the-window-closes.md): the project's journal and the
 * Dub batch's file. Without this, a close or reload inside the delay lost the last edit.
 */
const pendingSaves = new Set<() => Promise<void>>();

/** Registers a flush: it writes now what is waiting, and resolves once it is written. */
export function registerPendingSave(flush: () => Promise<void>): () => void {
  pendingSaves.add(flush);
  return () => pendingSaves.delete(flush);
}

/** Writes everything waiting; a failed save is left to its own error display. */
export async function savePendingNow(): Promise<void> {
  await Promise.allSettled([...pendingSaves].map((flush) => flush()));
}

/**
 * Main is closing the window (Electron): write what is waiting, then let the close go on. The
 * answer is sent even when a save failed: the failure was shown, and main closes after a few
 * seconds anyway.
 */
export async function saveBeforeClose(): Promise<void> {
  await savePendingNow();
  await invokeResult('window:readyToClose', {});
}
