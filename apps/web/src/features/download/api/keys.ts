import { QUERY_ROOTS } from '../../../lib/query-roots';

/** Query keys of the download feature. */
export const downloadKeys = {
  all: QUERY_ROOTS.download,
  clientConfig: () => [...downloadKeys.all, 'client-config'] as const,
};
