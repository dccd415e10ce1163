import { useEffect, useState } from 'react';
import { errorMessage } from '../../bridge/invoke';
import { registerPendingSave } from '../../editor/project';
import { useDubBatch } from './batch-store';
import { reopenBatch, saveBatch } from './batch-project';

/** Autosave waits this long after the last change to the batch. */
const AUTOSAVE_DELAY_MS = 1000;

/**
 * Reopens the batch's project once, then saves every change into its `dub` part, so a restart
 * shows the batch where it was. A close or reload inside the delay saves at once
 * (save-before-leaving.ts). Returns the last save error, if any.
 */
export function useBatchProject(): { ready: boolean; error: string | null } {
  const [ready, setReady] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const revision = useDubBatch((s) => s.revision);

  useEffect(() => {
    void reopenBatch().finally(() => setReady(true));
  }, []);

  useEffect(() => {
    if (!ready || revision === 0) return;
    // An explicit save: the batch has no Save button, and main reads the file on dub:start.
    const save = () =>
      saveBatch(false).then(
        () => setError(null),
        (cause: unknown) => setError(errorMessage(cause)),
      );
    let waiting = true;
    const timer = window.setTimeout(() => {
      waiting = false;
      void save();
    }, AUTOSAVE_DELAY_MS);
    const unregister = registerPendingSave(async () => {
      if (!waiting) return;
      waiting = false;
      window.clearTimeout(timer);
      await save();
    });
    return () => {
      window.clearTimeout(timer);
      unregister();
    };
  }, [ready, revision]);

  return { ready, error };
}
