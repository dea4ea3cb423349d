import { UserSettingsSchema, type UpdateSettingsBody, type UserSettings } from '@fieldbook/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth-provider';
import { settingsKeys } from './get-settings';

export function updateSettings(body: UpdateSettingsBody): Promise<UserSettings> {
  return apiRequest(UserSettingsSchema, '/api/settings', { method: 'PUT', body });
}

export function useUpdateSettings() {
  const queryClient = useQueryClient();
  const { user } = useAuth();
  return useMutation({
    mutationFn: updateSettings,
    onSuccess: (saved) => queryClient.setQueryData(settingsKeys.me(user?.id), saved),
  });
}
