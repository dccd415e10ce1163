import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Job } from '../../../../shared/domain/jobs/job';
import {
  pendingRequests,
  requestLabel,
  type DubBatchPlan,
  type RequestPlan,
} from '../../../../shared/domain/dub';
import { upsertJob } from '../../bridge/jobs-cache';
import { invoke } from '../../bridge/invoke';
import { queryKeyFor } from '../../bridge/query';
import { useDubBatch } from './batch-store';

const ACTIVE: readonly Job['stage'][] = [
  'queued',
  'submitting',
  'uploading',
  'submitted',
  'processing',
  'downloading',
  'streaming',
];

/** Error codes of a 402: more requests would fail the same way, so the whole queue pauses. */
/** Requests whose POST is on its way: a re-render must not send them a second time. */
const inFlight = new Set<string>();

const PAYMENT_CODES = ['insufficient_balance', 'trial_exhausted', 'payment_required'];

export const isPaymentError = (job: Job | undefined) =>
  !!job?.error && (PAYMENT_CODES.includes(job.error.code) || job.error.kind === 'payment');

/**
 * Feeds the batch's requests to the job runner a few at a time (the account's concurrency
 * limit) while the batch is running: the runner already paces, retries 429s and survives a
 * restart per job; the batch only decides what to send next and stops on a 402.
 */
export function useBatchRunner(
  plan: DubBatchPlan,
  jobs: ReadonlyMap<string, Job>,
  concurrency: number | undefined,
): void {
  const client = useQueryClient();
  const running = useDubBatch((s) => s.running);
  const runs = useDubBatch((s) => s.runs);
  useEffect(() => {
    if (!running) return;
    const ran = Object.values(runs).map((id) => jobs.get(id));
    if (ran.some(isPaymentError)) {
      useDubBatch.getState().pause('payment');
      return;
    }
    const active = ran.filter((job) => job && ACTIVE.includes(job.stage)).length;
    const next = pendingRequests(plan, runs)
      .filter((request) => !inFlight.has(request.key))
      .slice(0, Math.max(0, (concurrency ?? 2) - active - inFlight.size));
    if (next.length === 0) {
      if (active === 0 && inFlight.size === 0) useDubBatch.getState().finish();
      return;
    }
    let canceled = false;
    void (async () => {
      for (const request of next) {
        if (canceled || !useDubBatch.getState().running) return;
        inFlight.add(request.key);
        try {
          const job = await submitRequest(request);
          client.setQueryData<Job[]>(queryKeyFor('jobs:list'), (list) => upsertJob(list, job));
          useDubBatch.getState().recordRun(request.key, job.id);
        } finally {
          inFlight.delete(request.key);
        }
      }
    })().catch((error: unknown) => {
      useDubBatch.getState().pause('error', error instanceof Error ? error.message : String(error));
    });
    return () => {
      canceled = true;
    };
  }, [running, runs, jobs, plan, concurrency, client]);
}

function submitRequest(request: RequestPlan): Promise<Job> {
  return invoke('jobs:submit', {
    type: 'dubbing',
    delivery: 'async',
    fields: request.form.fields,
    files: request.form.files,
    label: requestLabel(request).slice(0, 200),
  });
}
