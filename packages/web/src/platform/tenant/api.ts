import type { TTenantLookupFailure, TUcTenant } from '@shetuan/shared/tenant';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../app/request';

export const tenantKeys = {
  all: ['tenant'] as const,
  lookup: (origin: string) => [...tenantKeys.all, 'lookup', origin] as const,
};

/** The tenant of the domain this page is opened on; fetched once per page load. */
export function useTenantLookup() {
  const origin = window.location.origin;
  return useQuery({
    queryKey: tenantKeys.lookup(origin),
    queryFn: ({ signal }) => apiGet<{ ucTenant: TUcTenant }>('/tenant/lookup', { domain: origin }, signal),
    select: (data) => data.ucTenant,
    staleTime: Number.POSITIVE_INFINITY,
    retry: (count, error) => count < 2 && !('data' in error && (error.data as TTenantLookupFailure | null)?.reason),
  });
}
