import { scheduleEndpoints, VISIT_STATUS_LABELS, type Today, type Visit, type VisitStatusBody } from '@fieldbook/contract';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/call-endpoint';
import { endpointRequest, isQueuedAnswer, sendOrQueue, type OfflineAppliers } from '../../../lib/offline/offline-queue';
import { invalidateScheduleViews } from './invalidate';
import { scheduleKeys } from './keys';

export type SetVisitStatusInput = { id: string; status: VisitStatusBody['status'] };

/** POST /api/visits/:id/status — On my way / Start / Complete. */
export function setVisitStatus({ id, status }: SetVisitStatusInput, idempotencyKey?: string): Promise<Visit> {
  return callEndpoint(scheduleEndpoints.setStatus, { params: { id }, body: { status }, ...(idempotencyKey ? { idempotencyKey } : {}) });
}

/** /today shows a status at once, the network or not (idempotent: the same status again changes nothing). */
function showStatus(queryClient: QueryClient, { id, status }: SetVisitStatusInput): void {
  queryClient.setQueryData<Today>(scheduleKeys.today(), (today) =>
    today ? { ...today, visits: today.visits.map((v) => (v.id === id && v.status !== status ? { ...v, status } : v)) } : today,
  );
}

/** The crew's status buttons: without a network the change waits in the offline queue and is sent once, with its key. */
export function useSetVisitStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    networkMode: 'always',
    mutationFn: (input: SetVisitStatusInput) =>
      sendOrQueue({
        write: { label: `Visit: ${VISIT_STATUS_LABELS[input.status]}`, request: endpointRequest('schedule.setStatus', { params: { id: input.id }, body: { status: input.status } }) },
        send: (key) => setVisitStatus(input, key),
        queued: () => ({ id: input.id, status: input.status }) as Visit,
      }),
    onMutate: (input) => showStatus(queryClient, input),
    // Queued: no refetch (offline it would bring the old status back from the last-seen copy).
    onSettled: (visit) => (isQueuedAnswer(visit) ? undefined : invalidateScheduleViews(queryClient)),
  });
}

/** A reopened app shows the statuses still waiting in the queue. */
export const scheduleOfflineAppliers: OfflineAppliers = {
  'schedule.setStatus': (queryClient, write) => {
    if (write.request.kind !== 'endpoint') return;
    const id = write.request.params?.id;
    const status = (write.request.body as { status?: SetVisitStatusInput['status'] } | undefined)?.status;
    if (id && status) showStatus(queryClient, { id, status });
  },
};
