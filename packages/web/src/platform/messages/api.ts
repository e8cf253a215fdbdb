import type { TMessage } from '@shetuan/shared/messages';
import { useQuery } from '@tanstack/react-query';
import { apiCall } from '../../app/typed-api';

export const messageKeys = {
  all: ['messages'] as const,
  latest: () => [...messageKeys.all, 'latest'] as const,
  detail: (id: number) => [...messageKeys.all, 'detail', id] as const,
  settings: () => [...messageKeys.all, 'settings'] as const,
};

/** The bell polls every 30 s, so new messages show without a reload. */
export const BELL_POLL_MS = 30_000;

export function useLatestMessages() {
  return useQuery({
    queryKey: messageKeys.latest(),
    queryFn: () => apiCall.get('/messages/latest', {}, { persistent: true }),
    refetchInterval: BELL_POLL_MS,
  });
}

export const detailPath = (m: Pick<TMessage, 'wid' | 'id'>) => `/messagePlatformDetail?wid=${m.wid}&id=${m.id}`;
