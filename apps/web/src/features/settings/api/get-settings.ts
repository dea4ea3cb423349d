import { settingsEndpoints, type UserSettings } from '@fieldbook/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/call-endpoint';
import { useAuth } from '../../../lib/auth-provider';

export const settingsKeys = {
  all: ['settings'] as const,
  me: (userId: string | undefined) => [...settingsKeys.all, userId ?? 'anonymous'] as const,
};

export function getSettings({ signal }: { signal?: AbortSignal } = {}): Promise<UserSettings> {
  return callEndpoint(settingsEndpoints.get, { signal });
}

export function settingsQueryOptions(userId: string | undefined) {
  return queryOptions({ queryKey: settingsKeys.me(userId), queryFn: ({ signal }) => getSettings({ signal }) });
}

export function useSettings() {
  const { user } = useAuth();
  return useQuery({ ...settingsQueryOptions(user?.id), enabled: Boolean(user) });
}
