import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useEffectEvent } from 'react';
import type { Job } from '../../../shared/domain/jobs/job';
import type { EventChannel, EventPayload } from '../../../shared/ipc/contract';
import { api, onConnectionChange } from './api';
import { upsertJob } from './jobs-cache';
import { queryKeyFor } from './query';
import { streamChunks } from './stream-chunks';

/** Subscribes to one push channel for the life of the component (latest listener wins). */
export function useApiEvent<E extends EventChannel>(
  channel: E,
  listener: (payload: EventPayload<E>) => void,
): void {
  const onPayload = useEffectEvent(listener);
  useEffect(() => api().on(channel, (payload) => onPayload(payload)), [channel]);
}

/**
 * Keeps react-query's cache in step with main's pushes: jobs are merged into `['jobs:list']`,
 * engine changes replace `['engine:status']`, stream bytes go to the chunk store, and after a
 * reconnect everything is refetched because pushes may have been missed.
 */
export function useServerSync(): void {
  const client = useQueryClient();
  useEffect(() => {
    const offJobs = api().on('jobs:changed', (job) => {
      client.setQueryData<Job[]>(queryKeyFor('jobs:list'), (list) => upsertJob(list, job));
    });
    const offEngine = api().on('engine:changed', (status) => {
      client.setQueryData(queryKeyFor('engine:status'), status);
    });
    const offChunks = api().on('stream:chunk', (chunk) => streamChunks.push(chunk));
    const offConnection = onConnectionChange((info) => {
      if (info.state === 'open' && info.reopened) void client.invalidateQueries();
    });
    return () => {
      offJobs();
      offEngine();
      offChunks();
      offConnection();
    };
  }, [client]);
}
