import { settingsEndpoints } from '@fieldbook/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from './call-endpoint';

/** The query key of the deployment's client config (public GET /api/client-config). */
export const CLIENT_CONFIG_QUERY_KEY = ['client-config'] as const;

/** The deployment's client config: the APK's URL and the app-store listings (null: not offered). */
export const clientConfigQueryOptions = () =>
  queryOptions({
    queryKey: CLIENT_CONFIG_QUERY_KEY,
    queryFn: ({ signal }) => callEndpoint(settingsEndpoints.clientConfig, { signal }),
    // The deployment's configuration does not change while the page is open.
    staleTime: Infinity,
  });

export const useClientConfig = () => useQuery(clientConfigQueryOptions());
