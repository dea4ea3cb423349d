import { QUERY_ROOTS } from '../../../lib/query-roots';

/** Query keys of the schedule feature, under its root (a visit write makes all of them stale: invalidate.ts). */
export const scheduleKeys = {
  all: QUERY_ROOTS.schedule,
  range: (query: { from: string; to: string }) => [...scheduleKeys.all, 'visits', query] as const,
  job: (jobId: string) => [...scheduleKeys.all, 'job', jobId] as const,
  unscheduled: () => [...scheduleKeys.all, 'unscheduled'] as const,
  today: () => [...scheduleKeys.all, 'today'] as const,
  crews: () => [...scheduleKeys.all, 'crews'] as const,
  people: () => [...scheduleKeys.all, 'people'] as const,
  feed: () => [...scheduleKeys.all, 'feed'] as const,
};
