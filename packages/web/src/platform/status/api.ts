import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../app/request';

export interface ServiceHealth {
  status: 'ok';
  database: 'pglite' | 'postgres';
  serverTime: string;
}

export const statusKeys = {
  all: ['status'] as const,
  health: () => [...statusKeys.all, 'health'] as const,
};

export function useServiceHealth() {
  return useQuery({
    queryKey: statusKeys.health(),
    queryFn: ({ signal }) => apiGet<ServiceHealth>('/health', {}, signal),
    refetchInterval: 30_000,
  });
}
