import { VISIT_STATUS_LABELS, type SearchNextVisit, type VisitStatus } from '@fieldbook/contract';

/**
 * A search hit's next visit as one line, in the workspace's wall clock as the server gave it:
 * 'Next visit: Thu 2026-03-12 · 08:00–11:00 · North crew' ('… · All day'; an on-the-way or started one says so).
 */
export function nextVisitText(visit: SearchNextVisit): string {
  const day = new Date(`${visit.local_date}T00:00:00Z`).toLocaleDateString('en-US', { weekday: 'short', timeZone: 'UTC' });
  const when = visit.all_day || !visit.start_time ? 'All day' : `${visit.start_time}–${visit.end_time ?? ''}`;
  const status = visit.status !== 'scheduled' && visit.status in VISIT_STATUS_LABELS ? ` (${VISIT_STATUS_LABELS[visit.status as VisitStatus].toLowerCase()})` : '';
  return [`Next visit: ${day} ${visit.local_date} · ${when}${status}`, ...(visit.crews.length ? [visit.crews.join(', ')] : [])].join(' · ');
}
