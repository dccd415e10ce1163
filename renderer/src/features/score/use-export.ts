import { useCallback, useState } from 'react';
import type { ExportRequest } from '../../../../shared/ipc/channels/media';
import type { ChannelResponse } from '../../../../shared/ipc/contract';
import { useApiEvent } from '../../bridge/events';
import { invokeResult } from '../../bridge/invoke';

export type ExportState =
  | { state: 'idle' }
  | { state: 'running'; exportId: string; stage: string; fraction: number }
  | { state: 'done'; result: ChannelResponse<'media:export'> }
  | { state: 'canceled' }
  | { state: 'failed'; code: string; message: string };

const STAGE_WORDS: Record<string, string> = {
  mixing: 'Mixing the lanes',
  measuring: 'Measuring loudness',
  muxing: 'Writing the file',
};

export function stageWords(stage: string): string {
  return STAGE_WORDS[stage] ?? 'Preparing';
}

/** One export at a time: start, progress from main's pushes, cancel, and the outcome. */
export function useExport() {
  const [state, setState] = useState<ExportState>({ state: 'idle' });

  useApiEvent('media:exportProgress', (event) =>
    setState((s) =>
      s.state === 'running' && s.exportId === event.exportId
        ? { ...s, stage: event.stage, fraction: event.fraction }
        : s,
    ),
  );

  const start = useCallback(async (request: ExportRequest) => {
    setState({ state: 'running', exportId: request.exportId, stage: 'preparing', fraction: 0 });
    const answer = await invokeResult('media:export', request);
    setState((s) => {
      if (s.state === 'canceled') return s;
      if (answer.ok) return { state: 'done', result: answer.value };
      return answer.error.code === 'canceled'
        ? { state: 'canceled' }
        : { state: 'failed', code: answer.error.code, message: answer.error.message };
    });
  }, []);

  const cancel = useCallback(async () => {
    if (state.state !== 'running') return;
    await invokeResult('media:exportCancel', { exportId: state.exportId });
    setState({ state: 'canceled' });
  }, [state]);

  return { state, start, cancel, reset: () => setState({ state: 'idle' }) };
}
