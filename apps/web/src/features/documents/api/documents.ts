import { documentEndpoints, type Document } from '@fieldbook/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/call-endpoint';
import { invalidateAfter } from '../../../lib/query-roots';
import { documentKeys, type DocumentFilters } from './keys';

/** While any listed document is still processing, the list asks again every few seconds. */
const PROCESSING_POLL_MS = 3000;
const isProcessing = (docs: readonly Document[] | undefined) => Boolean(docs?.some((d) => d.status === 'processing'));

/** GET /api/documents with the manager's filters. */
export function useDocuments(filters: DocumentFilters) {
  return useQuery({
    queryKey: documentKeys.list(filters),
    queryFn: ({ signal }) => callEndpoint(documentEndpoints.list, { query: filters, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (isProcessing(query.state.data?.documents) ? PROCESSING_POLL_MS : false),
  });
}

export function useDocument(id: string) {
  return useQuery({
    queryKey: documentKeys.detail(id),
    queryFn: ({ signal }) => callEndpoint(documentEndpoints.get, { params: { id }, signal }),
    refetchInterval: (query) => (query.state.data?.status === 'processing' ? PROCESSING_POLL_MS : false),
  });
}

function useDocumentWrite<V, R>(mutationFn: (vars: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => void invalidateAfter(queryClient, 'document') });
}

export const useDeleteDocument = () => useDocumentWrite((id: string) => callEndpoint(documentEndpoints.remove, { params: { id } }));
export const useRetryDocument = () => useDocumentWrite((id: string) => callEndpoint(documentEndpoints.retry, { params: { id } }));
