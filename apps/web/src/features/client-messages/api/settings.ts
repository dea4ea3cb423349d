import { clientMessageEndpoints, type ClientMessageSettings, type UpdateClientMessageSettingsBody } from '@fieldbook/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/call-endpoint';
import { clientMessageKeys } from './keys';

/** GET /api/client-message-settings — the rules, quiet hours, the workspace's zone, the invoice reminders, can_edit. */
export const useClientMessageSettings = () =>
  useQuery({ queryKey: clientMessageKeys.settings(), queryFn: ({ signal }) => callEndpoint(clientMessageEndpoints.settings, { signal }) });

/** PUT /api/client-message-settings — the workspace's admins save the rules (a 400 names the field it refuses). */
export function useUpdateClientMessageSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateClientMessageSettingsBody) => callEndpoint(clientMessageEndpoints.updateSettings, { body }),
    onSuccess: (saved: ClientMessageSettings) => queryClient.setQueryData(clientMessageKeys.settings(), saved),
  });
}
