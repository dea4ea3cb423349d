import { settingsEndpoints, type UpdateSettingsBody, type UserSettings } from '@fieldbook/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/call-endpoint';
import { useAuth } from '../../../lib/auth-provider';
import { settingsKeys } from './get-settings';

export function updateSettings(body: UpdateSettingsBody): Promise<UserSettings> {
  return callEndpoint(settingsEndpoints.update, { body });
}

export function useUpdateSettings() {
  const queryClient = useQueryClient();
  const { user } = useAuth();
  return useMutation({
    mutationFn: updateSettings,
    onSuccess: (saved) => queryClient.setQueryData(settingsKeys.me(user?.id), saved),
  });
}
