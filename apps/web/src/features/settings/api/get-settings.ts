import { UserSettingsSchema, type UserSettings } from '@fieldbook/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth-provider';

export const settingsKeys = {
  all: ['settings'] as const,
  me: (userId: string | undefined) => [...settingsKeys.all, userId ?? 'anonymous'] as const,
};

export function getSettings({ signal }: { signal?: AbortSignal } = {}): Promise<UserSettings> {
  return apiRequest(UserSettingsSchema, '/api/settings', { signal });
}

export function settingsQueryOptions(userId: string | undefined) {
  return queryOptions({ queryKey: settingsKeys.me(userId), queryFn: ({ signal }) => getSettings({ signal }) });
}

export function useSettings() {
  const { user } = useAuth();
  return useQuery({ ...settingsQueryOptions(user?.id), enabled: Boolean(user) });
}
