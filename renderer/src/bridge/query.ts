import {
  useMutation,
  useQuery,
  type UseMutationOptions,
  type UseQueryOptions,
} from '@tanstack/react-query';
import type { ChannelRequest, ChannelResponse, RequestChannel } from '../../../shared/ipc/contract';
import { invoke, type InvokeError } from './invoke';

/** `[channel]` for requests without fields, `[channel, request]` otherwise. */
export function queryKeyFor<C extends RequestChannel>(
  channel: C,
  request?: ChannelRequest<C>,
): readonly unknown[] {
  const empty = !request || (typeof request === 'object' && Object.keys(request).length === 0);
  return empty ? [channel] : [channel, request];
}

type QueryOptions<C extends RequestChannel> = Omit<
  UseQueryOptions<ChannelResponse<C>, InvokeError, ChannelResponse<C>, readonly unknown[]>,
  'queryKey' | 'queryFn'
>;

/** A read of main's state through one channel, cached under `queryKeyFor(channel, request)`. */
export function useApiQuery<C extends RequestChannel>(
  channel: C,
  request: ChannelRequest<C>,
  options: QueryOptions<C> = {},
) {
  return useQuery({
    queryKey: queryKeyFor(channel, request),
    queryFn: () => invoke(channel, request),
    ...options,
  });
}

/** A change through one channel; errors arrive as InvokeError. */
export function useApiMutation<C extends RequestChannel, TContext = unknown>(
  channel: C,
  options: Omit<
    UseMutationOptions<ChannelResponse<C>, InvokeError, ChannelRequest<C>, TContext>,
    'mutationFn'
  > = {},
) {
  return useMutation({
    mutationFn: (request: ChannelRequest<C>) => invoke(channel, request),
    ...options,
  });
}
