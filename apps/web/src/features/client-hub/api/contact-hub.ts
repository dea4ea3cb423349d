import { clientHubEndpoints } from '@fieldbook/contract';
import { useMutation } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/call-endpoint';

/** GET /api/contacts/:id/hub — a fresh link to the contact's hub (Copy link); asked on the click, never cached. */
export const useContactHubLink = (contactId: string) => useMutation({ mutationFn: () => callEndpoint(clientHubEndpoints.contactHub, { params: { id: contactId } }) });

/** POST /api/contacts/:id/hub/revoke — every link sent until now stops opening the hub. */
export const useRevokeContactHub = (contactId: string) => useMutation({ mutationFn: () => callEndpoint(clientHubEndpoints.revokeContactHub, { params: { id: contactId } }) });
