import { QUERY_ROOTS } from '../../../lib/query-roots';
/** Query keys of the contacts feature. */
export const contactKeys = {
  all: QUERY_ROOTS.contacts,
  lists: () => [...contactKeys.all, 'list'] as const,
  // Without a group: the plain list (seeded under this key by tests); with one, the invite list without its members.
  list: (q = '', notInGroup?: string) => (notInGroup ? ([...contactKeys.lists(), q, { notInGroup }] as const) : ([...contactKeys.lists(), q] as const)),
  pages: (q = '') => [...contactKeys.all, 'pages', q] as const,
  byPhone: (phones: readonly string[]) => [...contactKeys.all, 'by-phone', ...phones] as const,
  details: () => [...contactKeys.all, 'detail'] as const,
  detail: (id: string) => [...contactKeys.details(), id] as const,
  groups: () => [...contactKeys.all, 'contact-groups'] as const,
};
