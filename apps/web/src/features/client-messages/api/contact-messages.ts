import { clientMessageEndpoints, type ContactOptOut, type UpdateContactOptOutBody } from '@fieldbook/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/call-endpoint';
import { clientMessageKeys } from './keys';

/** GET /api/contacts/:id/client-messages — the contact's automatic messages, newest first, a page at a time. */
export const useContactMessageLog = (contactId: string, limit: number) =>
  useQuery({
    queryKey: [...clientMessageKeys.contactLog(contactId), limit],
    queryFn: ({ signal }) => callEndpoint(clientMessageEndpoints.contactLog, { params: { id: contactId }, query: { limit }, signal }),
    placeholderData: (previous) => previous,
  });

/** GET /api/contacts/:id/message-opt-out — whether the contact's phone and email are opted out, and how. */
export const useContactOptOut = (contactId: string) =>
  useQuery({ queryKey: clientMessageKeys.contactOptOut(contactId), queryFn: ({ signal }) => callEndpoint(clientMessageEndpoints.contactOptOut, { params: { id: contactId }, signal }) });

/** PUT /api/contacts/:id/message-opt-out — the office records the client's wish (true: out, false: back in). */
export function useUpdateContactOptOut(contactId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateContactOptOutBody) => callEndpoint(clientMessageEndpoints.updateContactOptOut, { params: { id: contactId }, body }),
    onSuccess: (saved: ContactOptOut) => queryClient.setQueryData(clientMessageKeys.contactOptOut(contactId), saved),
  });
}
