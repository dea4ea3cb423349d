import { contactEndpoints, type CreateContactGroupBody } from '@fieldbook/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/call-endpoint';
import { contactKeys } from './keys';

/** GET /api/contact-groups: the caller's named contact lists, each with its contacts (the picker's groups). */
export function useContactGroups() {
  return useQuery({ queryKey: contactKeys.groups(), queryFn: ({ signal }) => callEndpoint(contactEndpoints.listGroups, { signal }) });
}

/** POST /api/contact-groups. */
export function useCreateContactGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateContactGroupBody) => callEndpoint(contactEndpoints.createGroup, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contactKeys.groups() }),
  });
}
