import { useEffect, useRef } from 'react';
import { reopenLastProject } from './open-project-store';

/**
 * Once the connection to main is open: back to the project that was open when the app last
 * ran (or before the page was reloaded), with its autosaved edits.
 */
export function useReopenLastProject(connected: boolean): void {
  const tried = useRef(false);
  useEffect(() => {
    if (!connected || tried.current) return;
    tried.current = true;
    void reopenLastProject().catch(() => undefined);
  }, [connected]);
}
