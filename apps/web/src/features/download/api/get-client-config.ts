import { settingsEndpoints } from '@fieldbook/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/call-endpoint';
import { downloadKeys } from './keys';

/** Public GET /api/client-config: where this deployment's Android app is downloaded from (null: nowhere). */
export const clientConfigQueryOptions = () =>
  queryOptions({
    queryKey: downloadKeys.clientConfig(),
    queryFn: ({ signal }) => callEndpoint(settingsEndpoints.clientConfig, { signal }),
    // The deployment's configuration does not change while the page is open.
    staleTime: Infinity,
  });

export const useClientConfig = () => useQuery(clientConfigQueryOptions());
