import { QUERY_ROOTS } from '../../../lib/query-roots';

/** Query keys of the photos' output (issue 35): a job's reports and galleries, and a client's gallery page. */
export const photoOutputKeys = {
  reports: (jobId: string) => [...QUERY_ROOTS.photos, 'reports', jobId] as const,
  galleries: (jobId: string) => [...QUERY_ROOTS.photos, 'galleries', jobId] as const,
  publicGallery: (token: string) => [...QUERY_ROOTS.photos, 'public-gallery', token] as const,
};
