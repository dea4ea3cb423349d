import { endOfLocalDay, startOfLocalDay, type PhotoStage } from '@fieldbook/contract';
import type { PhotoFilters } from '../api/keys';

/** What the filter bar holds: a stage, an author, and calendar days (YYYY-MM-DD) in the workspace's zone. */
export type PhotoFilterValues = { stage: PhotoStage | ''; authorId: string; fromDay: string; toDay: string };
export const NO_FILTERS: PhotoFilterValues = { stage: '', authorId: '', fromDay: '', toDay: '' };

const isDay = (s: string) => /^\d{4}-\d{2}-\d{2}$/.test(s);

/**
 * The list's query: `from` is the first instant of the first day, `to` the first instant after the last day (the
 * server's range is from ≤ taken_at < to), both in the workspace's zone, so a day means the workspace's day.
 */
export function filtersToQuery(values: PhotoFilterValues, timeZone: string): PhotoFilters {
  const query: PhotoFilters = {};
  if (values.stage) query.stage = values.stage;
  if (values.authorId) query.author_id = values.authorId;
  try {
    if (isDay(values.fromDay)) query.from = startOfLocalDay(values.fromDay, timeZone).toISOString();
    if (isDay(values.toDay)) query.to = new Date(endOfLocalDay(values.toDay, timeZone).getTime() + 1).toISOString();
  } catch {
    // A day the calendar does not have (typed by hand): no bound rather than a refused request.
  }
  return query;
}
