import { GROUP_ASSISTANT_MESSAGES, groupAssistantEndpoints } from '@fieldbook/contract';
import { useMutation } from '@tanstack/react-query';
import { ApiRequestError } from '../../../lib/api-client';
import { callEndpoint } from '../../../lib/call-endpoint';
import { exportFileName } from '../lib/training-examples';

/** Refused because the group has none (spec 002 §5): the server says so with a 409, an empty list says the same. */
export class NoExamplesToExportError extends Error {
  constructor() {
    super(GROUP_ASSISTANT_MESSAGES.noExamplesToExport);
  }
}

function saveJson(name: string, data: unknown): void {
  const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** GET /api/group-assistants/:groupId/examples/export, saved as training-examples-{groupId}.json (spec 002 §7). */
export async function exportExamples(groupId: string): Promise<number> {
  let rows;
  try {
    rows = await callEndpoint(groupAssistantEndpoints.exportExamples, { params: { groupId }, timeoutMs: 30_000 });
  } catch (err) {
    if (err instanceof ApiRequestError && err.status === 409) throw new NoExamplesToExportError();
    throw err;
  }
  if (rows.length === 0) throw new NoExamplesToExportError();
  // The rows themselves, as the specification downloads them.
  saveJson(exportFileName(groupId), rows);
  return rows.length;
}

export function useExportExamples() {
  return useMutation({ mutationFn: exportExamples });
}
