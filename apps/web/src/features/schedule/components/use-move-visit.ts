import type { UpdateVisitBody, BoardVisit } from '@fieldbook/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiRequestError } from '../../../lib/api-client';
import { invalidateScheduleViews } from '../api/invalidate';
import { useUpdateVisit } from '../api/update-visit';

export type MoveRequest = { visit: BoardVisit; body: Omit<UpdateVisitBody, 'version' | 'confirm_overlap'> };
export type PendingOverlap = { request: MoveRequest; message: string; conflicts: string[] };

/** Whether a 409 is the overlap one (its details name confirm_overlap), not a stale version. */
export function overlapOf(err: unknown): { message: string; conflicts: string[] } | null {
  if (!(err instanceof ApiRequestError) || err.status !== 409) return null;
  const details = (err.details ?? []).filter((d) => d.field === 'confirm_overlap');
  return details.length > 0 ? { message: err.message, conflicts: details.map((d) => d.message) } : null;
}

/**
 * A move or reassignment (the board's drop and the Move visit dialog): PATCH with the version the board had. An overlap
 * 409 waits for the user's confirmation (`overlap`, then `confirm()`); a stale version's 409 shows the server's message
 * ("This visit was changed by someone else…") as `notice` and reloads the board.
 */
export function useMoveVisit() {
  const queryClient = useQueryClient();
  const update = useUpdateVisit();
  const [overlap, setOverlap] = useState<PendingOverlap | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const move = async (request: MoveRequest, confirmOverlap = false): Promise<boolean> => {
    setNotice(null);
    try {
      await update.mutateAsync({ id: request.visit.id, body: { ...request.body, version: request.visit.version, confirm_overlap: confirmOverlap } });
      setOverlap(null);
      return true;
    } catch (err) {
      const found = overlapOf(err);
      if (found) {
        setOverlap({ request, ...found });
        return false;
      }
      setOverlap(null);
      setNotice(err instanceof Error ? err.message : String(err));
      if (err instanceof ApiRequestError && err.status === 409) void invalidateScheduleViews(queryClient);
      return false;
    }
  };

  return {
    move,
    isMoving: update.isPending,
    overlap,
    confirm: () => (overlap ? move(overlap.request, true) : Promise.resolve(false)),
    dismissOverlap: () => setOverlap(null),
    notice,
    dismissNotice: () => setNotice(null),
  };
}
