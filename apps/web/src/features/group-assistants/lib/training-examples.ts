import type { ExampleStatus, TrainingExample } from '@fieldbook/contract';

export type ExampleFilter = 'all' | ExampleStatus;

/** Best first: the highest quality, then the newest (the server's order; kept after local edits). */
export function sortBestFirst(items: readonly TrainingExample[]): TrainingExample[] {
  return [...items].sort((a, b) => b.quality_score - a.quality_score || b.created_at.localeCompare(a.created_at));
}

export function countByStatus(items: readonly TrainingExample[]): Record<ExampleFilter, number> {
  const counts: Record<ExampleFilter, number> = { all: items.length, pending: 0, approved: 0, rejected: 0 };
  for (const e of items) counts[e.status] += 1;
  return counts;
}

export function filterExamples(items: readonly TrainingExample[], filter: ExampleFilter): TrainingExample[] {
  return filter === 'all' ? [...items] : items.filter((e) => e.status === filter);
}

export const SOURCE_LABELS: Record<TrainingExample['source_type'], string> = { recording: 'Call recording', document: 'Document', manual: 'Written by hand' };
export const EXAMPLE_STATUS_COLORS: Record<ExampleStatus, string> = { pending: 'yellow', approved: 'green', rejected: 'red' };
export const EXAMPLE_STATUS_LABELS: Record<ExampleStatus, string> = { pending: 'Pending', approved: 'Approved', rejected: 'Rejected' };

/** The downloaded file's name (spec 002 §7). */
export const exportFileName = (groupId: string) => `training-examples-${groupId}.json`;
