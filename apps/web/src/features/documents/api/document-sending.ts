import { documentSendingEndpoints as endpoints, type EndpointBody, type GeneratedDocumentType } from '@fieldbook/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/call-endpoint';
import { invalidateAfter } from '../../../lib/query-roots';

/** Writing a PDF for a long job takes longer than a list read; POSTs are never retried on a timeout. */
const GENERATE_TIMEOUT_MS = 30_000;

/** A new document shows in the Document Manager, on its job's card and on the home. */
function useDocumentChange<V, R>(mutationFn: (vars: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => void invalidateAfter(queryClient, 'document') });
}

export const useGenerateJobDocument = () =>
  useDocumentChange((v: { jobId: string; docType: GeneratedDocumentType; body: EndpointBody<typeof endpoints.generateForJob> }) =>
    callEndpoint(endpoints.generateForJob, { params: { id: v.jobId }, query: { doc_type: v.docType }, body: v.body, timeoutMs: GENERATE_TIMEOUT_MS }),
  );

export const useGenerateTaskDocument = () =>
  useDocumentChange((v: { taskId: string; body: EndpointBody<typeof endpoints.generateForTask> }) =>
    callEndpoint(endpoints.generateForTask, { params: { id: v.taskId }, body: v.body, timeoutMs: GENERATE_TIMEOUT_MS }),
  );

/** Sending changes no cached view (the outbox is the server's). */
export const useSendDocument = () =>
  useMutation({ mutationFn: (v: { id: string; body: EndpointBody<typeof endpoints.send> }) => callEndpoint(endpoints.send, { params: { id: v.id }, body: v.body, timeoutMs: 15_000 }) });

export const useSendTaskNotification = () =>
  useMutation({ mutationFn: (body: EndpointBody<typeof endpoints.notify>) => callEndpoint(endpoints.notify, { body, timeoutMs: 15_000 }) });
