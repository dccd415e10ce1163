import { Notification, type BrowserWindow } from 'electron';
import type { BatchProgressDisplay } from '../services/dub/batch-progress';

/** Electron's side of a dub batch's progress: the taskbar/dock bar and an OS notification. */
export function electronBatchDisplay(window: () => BrowserWindow | null): BatchProgressDisplay {
  return {
    setProgress: (fraction) => window()?.setProgressBar(fraction ?? -1),
    notify: (title, body) => {
      if (Notification.isSupported()) new Notification({ title, body }).show();
    },
  };
}
