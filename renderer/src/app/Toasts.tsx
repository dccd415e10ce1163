import { useEffect, useState } from 'react';
import type { Notice, NoticeTarget } from '../../../shared/ipc/channels/notifications';
import { hostLink } from '../bridge/api';
import { useApiEvent } from '../bridge/events';
import { goTo } from './routes';
import { useToastWords } from './toast-words';

/** How long a toast stays when nobody looks at it (hover or focus keeps it). */
const TOAST_MS = 12_000;
const MAX_TOASTS = 4;

/**
 * Opens what a notice is about: the job's row in Jobs (scrolled to and focused), or Dub. The
 * Electron notification's click arrives as notifications:open and lands here too.
 */
export function openNoticeTarget(target: NoticeTarget): void {
  goTo(target.screen);
  if (target.screen !== 'jobs') return;
  // The Jobs list renders after the hash changes; look for the row on the next frames.
  let tries = 0;
  const find = () => {
    const row = document.querySelector<HTMLElement>(`[data-job-id="${CSS.escape(target.jobId)}"]`);
    if (row) {
      row.tabIndex = -1;
      row.scrollIntoView({ block: 'center' });
      row.focus();
    } else if (tries++ < 30) requestAnimationFrame(find);
  };
  requestAnimationFrame(find);
}

/**
 * The in-app side of the job notifier (docs/dubbing.md "Notifications"): in browser mode every
 * notice main sends becomes a toast with the same words and an Open button. In Electron the OS
 * shows them, so only the click (notifications:open) is handled here.
 */
export function Toasts() {
  const [toasts, setToasts] = useState<Notice[]>([]);
  const browser = hostLink().mode === 'browser';

  useApiEvent('notifications:show', (notice) => {
    if (!browser) return;
    setToasts((shown) =>
      shown.some((t) => t.id === notice.id) ? shown : [...shown, notice].slice(-MAX_TOASTS),
    );
  });
  useApiEvent('notifications:open', (target) => openNoticeTarget(target));

  const dismiss = (id: string) => setToasts((shown) => shown.filter((t) => t.id !== id));

  return (
    <div className="toasts" role="status" aria-live="polite" data-testid="toast-region">
      {toasts.map((notice) => (
        <Toast key={notice.id} notice={notice} onDismiss={() => dismiss(notice.id)} />
      ))}
    </div>
  );
}

function Toast({ notice, onDismiss }: { notice: Notice; onDismiss(): void }) {
  const [held, setHeld] = useState(false);
  // Retold by the screen that already shows the result: nothing to open elsewhere.
  const retold = useToastWords((s) =>
    notice.target.screen === 'jobs' ? s.byJob[notice.target.jobId] : undefined,
  );
  useEffect(() => {
    if (held) return;
    const timer = window.setTimeout(onDismiss, TOAST_MS);
    return () => window.clearTimeout(timer);
  }, [held, onDismiss]);
  return (
    <div
      className={`toast toast--${notice.tone}`}
      data-testid="toast"
      data-target={notice.target.screen}
      onMouseEnter={() => setHeld(true)}
      onMouseLeave={() => setHeld(false)}
      onFocus={() => setHeld(true)}
      onBlur={() => setHeld(false)}
    >
      <strong className="toast__title">{notice.title}</strong>
      <span className="toast__body">{retold ?? notice.body}</span>
      <span className="row">
        {retold === undefined && (
          <button
            type="button"
            className="btn btn--small"
            data-testid="toast-open"
            onClick={() => {
              openNoticeTarget(notice.target);
              onDismiss();
            }}
          >
            Open
          </button>
        )}
        <button
          type="button"
          className="btn btn--small btn--ghost"
          aria-label={`Dismiss: ${notice.title}`}
          onClick={onDismiss}
        >
          Dismiss
        </button>
      </span>
    </div>
  );
}
