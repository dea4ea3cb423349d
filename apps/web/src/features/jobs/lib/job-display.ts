import type { JobDocuments } from '@fieldbook/contract';

const DATE_FORMAT = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

/**
 * "Nov 22, 2026" for a timestamp (local time) or a 'YYYY-MM-DD' date (read as that calendar day, whatever
 * the time zone); '' when missing or unreadable.
 */
export function formatDate(value: string | null | undefined): string {
  if (!value) return '';
  const dateOnly = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const date = dateOnly ? new Date(Number(dateOnly[1]), Number(dateOnly[2]) - 1, Number(dateOnly[3])) : new Date(value);
  return Number.isNaN(date.getTime()) ? '' : DATE_FORMAT.format(date);
}

/** Counts per column for the jobs table's Documents cell. */
export function documentCounts(documents: JobDocuments): { needed: number; created: number; processed: number } {
  return { needed: documents.needed.length, created: documents.created.length, processed: documents.processed.length };
}
