import { searchEndpoints, type SearchResponse } from '@fieldbook/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/call-endpoint';
import { useAuth } from '../../../lib/auth-provider';
import { searchKeys } from './keys';

export function search(query: string, { signal, limit }: { signal?: AbortSignal; limit?: number } = {}): Promise<SearchResponse> {
  return callEndpoint(searchEndpoints.search, { query: { query, limit }, signal });
}

export function searchQueryOptions(query: string) {
  return queryOptions({ queryKey: searchKeys.query(query), queryFn: ({ signal }) => search(query, { signal }) });
}

/** GET /api/search: idle until the (already debounced) query is non-empty after trimming (spec 001 §5). */
export function useSearch(query: string) {
  const { user } = useAuth();
  const trimmed = query.trim();
  return useQuery({ ...searchQueryOptions(trimmed), enabled: Boolean(user) && trimmed.length > 0 });
}
