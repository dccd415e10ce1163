import { useEffect, useRef } from 'react';
import type { BatchProgress } from '../../../../shared/domain/dub';
import { hostLink } from '../../bridge/api';

/**
 * Tells the user how the batch is doing when they look elsewhere: the document title carries the
 * progress while it runs (browser mode's taskbar), and a Notification says when it is done.
 * In Electron, main drives the taskbar and the OS notification itself, so only the title moves.
 */
export function useBatchSignals(progress: BatchProgress, running: boolean): void {
  const original = useRef(document.title);
  const notified = useRef(progress.done);

  useEffect(() => {
    const base = original.current;
    if (running && progress.started > 0) {
      document.title = `Dub ${Math.round(progress.fraction * 100)}% · ${base}`;
    } else document.title = base;
    return () => {
      document.title = base;
    };
  }, [running, progress.fraction, progress.started]);

  useEffect(() => {
    if (!progress.done) {
      notified.current = false;
      return;
    }
    if (notified.current) return;
    notified.current = true;
    if (hostLink().mode !== 'browser' || typeof Notification === 'undefined') return;
    const failed = (progress.counts.failed ?? 0) + (progress.counts.canceled ?? 0);
    const body = `${progress.counts.succeeded ?? 0} cells dubbed${failed ? `, ${failed} failed or canceled` : ''}.`;
    const show = () => new Notification('Dub batch finished', { body });
    if (Notification.permission === 'granted') show();
    else if (Notification.permission !== 'denied')
      void Notification.requestPermission().then((permission) => {
        if (permission === 'granted') show();
      });
  }, [progress.done, progress.counts]);
}
