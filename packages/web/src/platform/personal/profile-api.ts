import { useQuery, useQueryClient } from '@tanstack/react-query';
import { session } from '../../app/session';
import { type ApiBody, apiCall } from '../../app/typed-api';
import { authApi, authKeys } from '../auth/api';

/** Under authKeys.all: a new login or identity forgets them with the rest of the session's answers. */
export const profileKeys = {
  all: [...authKeys.all, 'profile'] as const,
  profile: (identityId: number | null) => [...profileKeys.all, 'data', identityId] as const,
  complete: (identityId: number | null, actingTenantId: number | null) =>
    [...profileKeys.all, 'required-complete', identityId, actingTenantId] as const,
};

/** The person's profile: the name and, for a member identity, the member fields and what is required. */
export function useMemberProfile() {
  return useQuery({
    queryKey: profileKeys.profile(session.identityId()),
    queryFn: () => apiCall.get('/auth/profile'),
    enabled: session.isLoggedIn(),
  });
}

/** Custom type 34's check (spec 000 §6): whether the member profile lacks a required field. */
export function useRequiredComplete() {
  return useQuery({
    queryKey: profileKeys.complete(session.identityId(), session.acting()?.tenantId ?? null),
    queryFn: authApi.requiredComplete,
    enabled: session.isLoggedIn() && Boolean(session.identityId()),
    staleTime: 5 * 60_000,
  });
}

/** Saves the profile; the profile, the check and the header's name are asked again. */
export function useSaveProfile() {
  const queryClient = useQueryClient();
  return async (values: ApiBody<'put', '/auth/profile'>) => {
    await apiCall.put('/auth/profile', { body: values });
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: profileKeys.all }),
      queryClient.invalidateQueries({ queryKey: authKeys.session() }),
    ]);
  };
}
