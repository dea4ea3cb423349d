import { scheduleEndpoints, type CheckVisitConflictsBody, type VisitConflict } from '@fieldbook/contract';
import { callEndpoint } from '../../../lib/call-endpoint';

/** POST /api/visits/conflicts — the overlaps a create or move would have (nothing is saved). */
export async function checkVisitConflicts(body: CheckVisitConflictsBody): Promise<VisitConflict[]> {
  return (await callEndpoint(scheduleEndpoints.checkConflicts, { body })).conflicts;
}
