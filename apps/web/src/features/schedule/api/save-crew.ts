import { scheduleEndpoints, type CreateCrewBody, type Crew, type UpdateCrewBody } from '@fieldbook/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/call-endpoint';
import { scheduleKeys } from './keys';

export type SaveCrewInput = { id: string | null; body: CreateCrewBody & UpdateCrewBody };

/** POST /api/crews (a new crew) or PATCH /api/crews/:id (name, colour, members) — workspace admins. */
export function saveCrew({ id, body }: SaveCrewInput): Promise<Crew> {
  return id ? callEndpoint(scheduleEndpoints.updateCrew, { params: { id }, body }) : callEndpoint(scheduleEndpoints.createCrew, { body });
}

/** DELETE /api/crews/:id — its visits keep their people. */
export async function removeCrew(id: string): Promise<void> {
  await callEndpoint(scheduleEndpoints.removeCrew, { params: { id } });
}

// A crew's name and colour are on the board's rows and every visit's card: the whole schedule is stale after a change.
export function useSaveCrew() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveCrew, onSuccess: () => queryClient.invalidateQueries({ queryKey: scheduleKeys.all }) });
}

export function useRemoveCrew() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: removeCrew, onSuccess: () => queryClient.invalidateQueries({ queryKey: scheduleKeys.all }) });
}
