import { profileEndpoints, type Profile } from '@fieldbook/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/call-endpoint';
import { useAuth } from '../../../lib/auth-provider';

export const profileKeys = {
  all: ['profile'] as const,
  me: (userId: string | undefined) => [...profileKeys.all, userId ?? 'anonymous'] as const,
};

export function getProfile({ signal }: { signal?: AbortSignal } = {}): Promise<Profile> {
  return callEndpoint(profileEndpoints.get, { signal });
}

export function profileQueryOptions(userId: string | undefined) {
  return queryOptions({ queryKey: profileKeys.me(userId), queryFn: ({ signal }) => getProfile({ signal }), staleTime: 5 * 60_000 });
}

/** The signed-in user's profile (role, default_workspace_id, …); idle while signed out. */
export function useProfile() {
  const { user } = useAuth();
  return useQuery({ ...profileQueryOptions(user?.id), enabled: Boolean(user) });
}
