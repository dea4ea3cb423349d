import { DOCUMENTS_PAGE_SIZE, documentEndpoints, type Document, type DocumentList } from '@fieldbook/contract';
import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/call-endpoint';
import { nextOffset } from '../../../lib/offset-pages';
import { invalidateAfter } from '../../../lib/query-roots';
import { documentKeys, type DocumentFilters } from './keys';

/** While any listed document is still processing, the list asks again every few seconds. */
const PROCESSING_POLL_MS = 3000;
const isProcessing = (docs: readonly Document[] | undefined) => Boolean(docs?.some((d) => d.status === 'processing'));

const documentsOf = (page: DocumentList) => page.documents;

/**
 * GET /api/documents with the manager's filters, in pages of DOCUMENTS_PAGE_SIZE (limit/offset): Load More asks for
 * the next page, never a bigger one (the server takes at most 200 a page).
 */
export function useDocuments(filters: DocumentFilters) {
  return useInfiniteQuery({
    queryKey: documentKeys.list(filters),
    initialPageParam: 0,
    queryFn: ({ pageParam, signal }) => callEndpoint(documentEndpoints.list, { query: { ...filters, limit: DOCUMENTS_PAGE_SIZE, offset: pageParam }, signal }),
    getNextPageParam: (_last, pages) => nextOffset(pages, DOCUMENTS_PAGE_SIZE, documentsOf),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.pages.some((page) => isProcessing(page.documents)) ? PROCESSING_POLL_MS : false),
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
