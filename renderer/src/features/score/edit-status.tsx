import { useEffect } from 'react';
import { create } from 'zustand';

/** How long a message stays: long enough to read two lines, short enough not to go stale. */
const SHOW_MS = 6000;

/**
 * Why the last edit key did nothing (the playhead on an edge for +, nothing selected for
 * Delete…). A key that cannot act must say so, or the user presses it again and again. View
 * state, never an undo step; the next edit that works clears it.
 */
export const useEditStatus = create<{ message: string | null; shownAt: number }>()(() => ({
  message: null,
  shownAt: 0,
}));

export function showEditStatus(message: string): void {
  useEditStatus.setState({ message, shownAt: Date.now() });
}

export function clearEditStatus(): void {
  if (useEditStatus.getState().message !== null) useEditStatus.setState({ message: null });
}

/**
 * The message in the timeline's toolbar. The live region is always in the page, empty when
 * there is nothing to say, so screen readers announce each message as it appears.
 */
export function EditStatus() {
  const message = useEditStatus((s) => s.message);
  const shownAt = useEditStatus((s) => s.shownAt);
  useEffect(() => {
    if (message === null) return;
    const timer = setTimeout(clearEditStatus, SHOW_MS);
    return () => clearTimeout(timer);
  }, [message, shownAt]);
  return (
    <p className="score-edit-status small" data-testid="score-edit-status" role="status">
      {message}
    </p>
  );
}
