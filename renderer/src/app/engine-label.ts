import type { EngineStatus, KeyStatus } from '../../../shared/ipc/settings';
import type { BadgeTone } from '../ui/Badge';

export interface EngineLabel {
  text: string;
  tone: BadgeTone;
  /** Longer explanation for the tooltip. */
  detail?: string;
}

function hostOf(url: string | undefined): string {
  if (!url) return 'custom URL';
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

/** What the status strip says about where requests go and whether they can be sent. */
export function engineLabel(
  status: EngineStatus | undefined,
  key: KeyStatus | undefined,
): EngineLabel {
  if (!status) return { text: 'Checking engine…', tone: 'neutral' };
  if (status.kind === 'local') {
    const detail = status.message;
    switch (status.state) {
      case 'running':
        return { text: 'Local engine running', tone: 'ok', ...(detail ? { detail } : {}) };
      case 'starting':
        return { text: 'Local engine starting…', tone: 'info', ...(detail ? { detail } : {}) };
      case 'crashed':
        return {
          text: 'Local engine crashed',
          tone: 'danger',
          detail: detail ?? 'It restarts by itself; see Settings.',
        };
      default:
        return { text: 'Local engine stopped', tone: 'warn', ...(detail ? { detail } : {}) };
    }
  }
  const host = hostOf(status.baseUrl);
  if (key && !key.configured)
    return { text: `${host} · key missing`, tone: 'warn', detail: 'Add an API key in Settings.' };
  return {
    text: `Custom service · ${host}`,
    tone: 'accent',
    ...(status.message ? { detail: status.message } : {}),
  };
}
