import { QUERY_ROOTS } from '../../../lib/query-roots';

export const recordingKeys = {
  all: QUERY_ROOTS.recordings,
  list: (userId: string | null) => [...QUERY_ROOTS.recordings, 'list', userId ?? 'mine'] as const,
  detail: (id: string) => [...QUERY_ROOTS.recordings, 'detail', id] as const,
  users: () => [...QUERY_ROOTS.recordings, 'users'] as const,
  consentNotice: () => [...QUERY_ROOTS.recordings, 'consent-notice'] as const,
};
