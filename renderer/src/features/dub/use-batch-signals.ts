import { useEffect, useRef } from 'react';
import type { BatchProgress } from '../../../../shared/domain/dub';

/**
 * Tells the user how the batch is doing when they look elsewhere: the document title carries the
 * progress while it runs (browser mode's taskbar). The end of the batch is told by main's job
 * notifier (the OS in Electron, a toast in browser mode: app/Toasts.tsx).
 */
export function useBatchSignals(progress: BatchProgress, running: boolean): void {
  const original = useRef(document.title);

  useEffect(() => {
    const base = original.current;
    if (running && progress.started > 0) {
      document.title = `Dub ${Math.round(progress.fraction * 100)}% · ${base}`;
    } else document.title = base;
    return () => {
      document.title = base;
    };
  }, [running, progress.fraction, progress.started]);
}
