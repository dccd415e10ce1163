import type { CellState, CellPlan } from '../../../../shared/domain/dub';
import type { Job } from '../../../../shared/domain/jobs/job';
import { formatAgo } from '../../lib/format';
import type { BadgeTone } from '../../ui/Badge';

/** How a cell state reads in the grid: a short word and the badge tone. */
export const STATE_LABEL: Record<CellState, { text: string; tone: BadgeTone }> = {
  blocked: { text: 'Blocked', tone: 'danger' },
  skipped: { text: 'Left out', tone: 'neutral' },
  ready: { text: 'Ready', tone: 'accent' },
  queued: { text: 'Queued', tone: 'info' },
  submitting: { text: 'Sending', tone: 'info' },
  uploading: { text: 'Uploading', tone: 'info' },
  submitted: { text: 'Waiting', tone: 'info' },
  processing: { text: 'Dubbing', tone: 'info' },
  streaming: { text: 'Streaming', tone: 'info' },
  downloading: { text: 'Saving', tone: 'info' },
  succeeded: { text: 'Done', tone: 'ok' },
  failed: { text: 'Failed', tone: 'danger' },
  canceled: { text: 'Canceled', tone: 'neutral' },
};

/** The one line a cell shows under its badge: the first blocking or warning reason. */
export function cellReason(cell: CellPlan): string | null {
  const reason =
    cell.reasons.find((r) => r.level === 'blocked') ?? cell.reasons.find((r) => r.level === 'warn');
  return reason ? reason.message : null;
}

export const ACTIVE_STATES: readonly CellState[] = [
  'queued',
  'submitting',
  'uploading',
  'submitted',
  'processing',
  'streaming',
  'downloading',
];

/** `12.3` -> "0:12". */
export function elapsedText(ms: number): string {
  const seconds = Math.max(0, Math.round(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/**
 * The drawer's progress line: state, elapsed time, when main last asked the service about a
 * running job (as the Jobs list says it: a stalled poll is told from a slow task), and the error.
 */
export function progressText(state: CellState, job: Job, now: number): string {
  const parts = [STATE_LABEL[state].text];
  if (job.startedAt) parts.push(`${elapsedText((job.finishedAt ?? now) - job.startedAt)} elapsed`);
  if (ACTIVE_STATES.includes(state) && job.lastPollAt !== undefined)
    parts.push(`last checked ${formatAgo(job.lastPollAt, now)}`);
  if (job.error) parts.push(job.error.message);
  return parts.join(' · ');
}
