import { useCallback, useEffect, useRef, useState } from 'react';
import { invoke, errorMessage } from '../../bridge/invoke';
import { currentDocument, useScoreStore } from './score-store';

/** Autosave waits this long after the last edit (well inside the 30 s promise of docs/editing.md). */
export const AUTOSAVE_DELAY_MS = 2000;

export type SaveStatus =
  | { state: 'saved'; at?: number; autosave?: boolean }
  | { state: 'pending' }
  | { state: 'saving' }
  | { state: 'error'; message: string };

/**
 * Writes the open project: the autosave journal 2 s after the last edit, the file itself on an
 * explicit save (Ctrl+S). Read-only projects are never written.
 */
export function useProjectSaving(): { status: SaveStatus; saveNow: () => Promise<void> } {
  const revision = useScoreStore((s) => s.revision);
  const savedRevision = useScoreStore((s) => s.savedRevision);
  const readOnly = useScoreStore((s) => s.project?.readOnly ?? true);
  const [status, setStatus] = useState<SaveStatus>({ state: 'saved' });
  const inFlight = useRef<Promise<void> | null>(null);

  const write = useCallback(async (autosave: boolean) => {
    const state = useScoreStore.getState();
    const document = currentDocument(state, Date.now());
    if (!state.project || !document || state.project.readOnly) return;
    const revisionAtStart = state.revision;
    setStatus({ state: 'saving' });
    try {
      await inFlight.current;
      const task = invoke('project:save', { path: state.project.path, document, autosave }).then(
        ({ savedAt }) => {
          useScoreStore.getState().markSaved(revisionAtStart);
          setStatus({ state: 'saved', at: savedAt, autosave });
        },
      );
      inFlight.current = task.catch(() => undefined);
      await task;
    } catch (error) {
      setStatus({ state: 'error', message: errorMessage(error) });
    }
  }, []);

  useEffect(() => {
    if (readOnly || revision === savedRevision) return;
    const timer = window.setTimeout(() => void write(true), AUTOSAVE_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [revision, savedRevision, readOnly, write]);

  const saveNow = useCallback(() => write(false), [write]);
  // Edits newer than the last write show as pending until the autosave runs.
  const shown: SaveStatus =
    !readOnly && revision !== savedRevision && status.state === 'saved'
      ? { state: 'pending' }
      : status;
  return { status: shown, saveNow };
}
