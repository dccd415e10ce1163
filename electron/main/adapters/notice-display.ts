import { Notification, type BrowserWindow } from 'electron';
import type { NoticeDisplay } from '../services/notifications/job-notifier';

/**
 * Electron's side of the job notifier: the taskbar/dock progress bar and OS notifications whose
 * click brings the window forward and tells the page what to open (`notifications:open`).
 */
export function electronNoticeDisplay(window: () => BrowserWindow | null): NoticeDisplay {
  return {
    setProgress: (fraction) => window()?.setProgressBar(fraction ?? -1),
    show: (notice) => {
      if (!Notification.isSupported()) return;
      const shown = new Notification({ title: notice.title, body: notice.body });
      shown.on('click', () => {
        const target = window();
        if (!target) return;
        if (target.isMinimized()) target.restore();
        target.focus();
        target.webContents.send('notifications:open', notice.target);
      });
      shown.show();
    },
  };
}
