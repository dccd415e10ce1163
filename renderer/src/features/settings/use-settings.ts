import { useQueryClient } from '@tanstack/react-query';
import type { KeyStatus, Settings } from '../../../../shared/ipc/settings';
import { queryKeyFor, useApiMutation, useApiQuery } from '../../bridge/query';

/** Settings and a mutation that writes main's answer back into the cache. */
export function useSettings() {
  const client = useQueryClient();
  const settings = useApiQuery('settings:get', {});
  const update = useApiMutation('settings:update', {
    onSuccess: (next: Settings) => {
      client.setQueryData(queryKeyFor('settings:get'), next);
      // Where requests go may have changed.
      void client.invalidateQueries({ queryKey: queryKeyFor('engine:status') });
      void client.invalidateQueries({ queryKey: queryKeyFor('account:services') });
      void client.invalidateQueries({ queryKey: ['account:usage'] });
    },
  });
  return { settings, update };
}

export function useKeyStatus() {
  const client = useQueryClient();
  const status = useApiQuery('key:status', {});
  const onSuccess = (next: KeyStatus) => {
    client.setQueryData(queryKeyFor('key:status'), next);
    void client.invalidateQueries({ queryKey: queryKeyFor('account:services') });
  };
  const set = useApiMutation('key:set', { onSuccess });
  const clear = useApiMutation('key:clear', { onSuccess });
  return { status, set, clear };
}
