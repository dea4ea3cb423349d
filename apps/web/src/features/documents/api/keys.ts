import type { ListDocumentsQuery } from '@fieldbook/contract';
import { QUERY_ROOTS } from '../../../lib/query-roots';

export type DocumentFilters = Partial<Pick<ListDocumentsQuery, 'q' | 'status' | 'document_type' | 'job_id'>>;

/** Query keys of the documents feature. */
export const documentKeys = {
  all: QUERY_ROOTS.documents,
  list: (filters: DocumentFilters) => [...documentKeys.all, 'list', filters] as const,
  detail: (id: string) => [...documentKeys.all, 'detail', id] as const,
  content: (id: string) => [...documentKeys.all, 'content', id] as const,
};
