import type { Document, StoredDocumentStatus } from '@fieldbook/contract';

export const STATUS_LABELS: Record<StoredDocumentStatus, { label: string; color: string }> = {
  processing: { label: 'Processing', color: 'yellow' },
  processed: { label: 'Processed', color: 'green' },
  created: { label: 'Created', color: 'blue' },
  failed: { label: 'Processing failed', color: 'red' },
};

/** 'inspection_report' → 'Inspection Report'. */
export function documentTypeLabel(type: string): string {
  return type.replace(/[_-]+/g, ' ').replace(/\b\w/g, (c) => c.toUpperCase());
}

/** Spec 001 §2: download is offered when a document is created or processed. */
export const canDownload = (doc: Pick<Document, 'status' | 'storage_type'>) => doc.storage_type === 'server' && (doc.status === 'created' || doc.status === 'processed');

export function jobLabel(job: Document['job']): string | null {
  if (!job) return null;
  return job.client_name || job.title || job.property_address || 'Job';
}
