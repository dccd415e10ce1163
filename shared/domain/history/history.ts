/**
 * An immutable undo stack for one editor's document, shared by every editor. Each step keeps a
 * whole document value (documents are small and edits copy only what they change, so values
 * share structure), which makes undo exact without writing an inverse for every command.
 *
 * One user gesture is one step: a drag records once on pointer-up (the view previews with
 * `replacePresent` while dragging), and typing into one field coalesces: a record with the same
 * `coalesceKey` as the step just recorded, within COALESCE_WINDOW_MS of it, extends that step.
 */
export interface HistoryStep<T> {
  /** In `past`: the document before the step. In `future`: the document after it. */
  value: T;
  /** What the step did, for menus and the shortcuts sheet ("Undo Split segment"). */
  label: string;
  coalesceKey?: string;
  /** When the step was last extended (ms, the caller's clock), for coalescing. */
  at: number;
}

export interface History<T> {
  /** Undoable steps, oldest first; the last is the one undo takes back. */
  readonly past: readonly HistoryStep<T>[];
  readonly present: T;
  /** Undone steps; the last is the one redo brings back. */
  readonly future: readonly HistoryStep<T>[];
  readonly limit: number;
  /** True right after a record, so only an unbroken run of typing coalesces. */
  readonly open: boolean;
}

export const MIN_HISTORY_LIMIT = 100;
export const DEFAULT_HISTORY_LIMIT = 200;
/** Typing pauses shorter than this stay in the same undo step. */
export const COALESCE_WINDOW_MS = 1000;

/** A history at `present` with no steps; `limit` is raised to at least MIN_HISTORY_LIMIT. */
export function createHistory<T>(
  present: T,
  { limit = DEFAULT_HISTORY_LIMIT }: { limit?: number } = {},
): History<T> {
  const safe = Number.isFinite(limit)
    ? Math.max(MIN_HISTORY_LIMIT, Math.floor(limit))
    : DEFAULT_HISTORY_LIMIT;
  return { past: [], present, future: [], limit: safe, open: false };
}

export interface RecordOptions {
  label: string;
  /** Same key as the step just recorded, within the window: that step is extended (typing). */
  coalesceKey?: string;
  /** The caller's clock in ms (Date.now() in the app, plain numbers in tests). */
  at: number;
}

/**
 * Makes `next` the present as a new undoable step and clears redo. Recording the very value
 * that is already present is not a step. The oldest steps fall off beyond the limit.
 */
export function record<T>(history: History<T>, next: T, options: RecordOptions): History<T> {
  if (Object.is(next, history.present)) return history;
  const latest = history.past[history.past.length - 1];
  const extendsLatest =
    history.open &&
    latest !== undefined &&
    options.coalesceKey !== undefined &&
    latest.coalesceKey === options.coalesceKey &&
    options.at >= latest.at &&
    options.at - latest.at <= COALESCE_WINDOW_MS;
  if (extendsLatest) {
    const past = [
      ...history.past.slice(0, -1),
      { ...latest, label: options.label, at: options.at },
    ];
    return { ...history, past, present: next };
  }
  const step: HistoryStep<T> = { value: history.present, ...options };
  const past = [...history.past, step];
  return {
    past: past.length > history.limit ? past.slice(past.length - history.limit) : past,
    present: next,
    future: [],
    limit: history.limit,
    open: true,
  };
}

/**
 * Replaces the present without a step: the view's transient preview while dragging. Record the
 * gesture's result on pointer-up from the value before the drag, so it is one step.
 */
export function replacePresent<T>(history: History<T>, next: T): History<T> {
  return { ...history, present: next, open: false };
}

export function undo<T>(history: History<T>): History<T> {
  const step = history.past[history.past.length - 1];
  if (!step) return history;
  return {
    ...history,
    past: history.past.slice(0, -1),
    present: step.value,
    future: [...history.future, { ...step, value: history.present }],
    open: false,
  };
}

export function redo<T>(history: History<T>): History<T> {
  const step = history.future[history.future.length - 1];
  if (!step) return history;
  return {
    ...history,
    past: [...history.past, { ...step, value: history.present }],
    present: step.value,
    future: history.future.slice(0, -1),
    open: false,
  };
}

export const canUndo = <T>(history: History<T>): boolean => history.past.length > 0;
export const canRedo = <T>(history: History<T>): boolean => history.future.length > 0;
export const undoDepth = <T>(history: History<T>): number => history.past.length;
export const redoDepth = <T>(history: History<T>): number => history.future.length;
/** The label of the step undo would take back, or null. */
export const undoLabel = <T>(history: History<T>): string | null =>
  history.past[history.past.length - 1]?.label ?? null;
/** The label of the step redo would bring back, or null. */
export const redoLabel = <T>(history: History<T>): string | null =>
  history.future[history.future.length - 1]?.label ?? null;
