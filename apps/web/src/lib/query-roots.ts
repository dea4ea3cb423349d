import type { QueryClient } from '@tanstack/react-query';

/**
 * The root query key of each feature's cache, and — in one place — which cached views a write changes. Features
 * build their keys under their root (features/<x>/api/keys.ts); after a write they call `invalidateAfter`, so no
 * feature needs to know another's keys.
 */
export const QUERY_ROOTS = {
  jobs: ['jobs'],
  tasks: ['tasks'],
  contacts: ['contacts'],
  home: ['home'],
  dashboard: ['dashboard'],
  search: ['search'],
  workspaces: ['workspaces'],
  groups: ['groups'],
  download: ['download'],
  documents: ['documents'],
  recordings: ['recordings'],
  groupAssistants: ['group-assistants'],
  quotes: ['quotes'],
  invoices: ['invoices'],
  photos: ['photos'],
  notifications: ['notifications'],
  schedule: ['schedule'],
} as const;

type Root = keyof typeof QUERY_ROOTS;

/**
 * What each kind of write makes stale. Jobs embed their tasks; the home and the fast dashboard count and list jobs
 * and tasks; task lists carry assignee names and job cards phone-like client names resolved from contacts.
 */
export const STALE_AFTER: Record<'job' | 'task' | 'contact' | 'group' | 'document' | 'quote' | 'invoice' | 'notification' | 'visit', readonly Root[]> = {
  job: ['jobs', 'home', 'dashboard', 'search'],
  task: ['tasks', 'jobs', 'home', 'dashboard', 'search'],
  contact: ['contacts', 'tasks', 'jobs', 'home'],
  // Contacts show the groups they are shared with (gone with a deleted group or a removed member); tasks and the
  // fast dashboard show group names; the group assistants table lists the groups by name and description.
  group: ['groups', 'contacts', 'tasks', 'dashboard', 'groupAssistants'],
  // Job cards show their documents by status; the home lists recent ones and counts them; search finds them.
  document: ['documents', 'jobs', 'home', 'dashboard', 'search'],
  // A quote write changes the job's quotes panel and the quote itself.
  quote: ['quotes'],
  // An invoice write changes the job's invoices panel and the invoice itself.
  invoice: ['invoices'],
  // A new notification tells of a change made elsewhere (a client approved a quote, opened an invoice): what it is about is
  // stale too; reading one changes only the notifications.
  notification: ['notifications', 'quotes', 'documents', 'invoices'],
  // A visit write changes the board, the tray, the job's visits and /today; search finds a job by its visits.
  visit: ['schedule', 'search'],
};

export function invalidateAfter(queryClient: QueryClient, change: keyof typeof STALE_AFTER): Promise<unknown> {
  return Promise.all(STALE_AFTER[change].map((root) => queryClient.invalidateQueries({ queryKey: QUERY_ROOTS[root] })));
}
