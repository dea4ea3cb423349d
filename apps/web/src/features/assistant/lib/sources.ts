import type { AssistantSource } from '@fieldbook/contract';

/** Similarity 0–1 as the relevance the sources panel shows: "87%". */
export function relevancePercent(similarity: number): string {
  return `${Math.round(Math.min(1, Math.max(0, similarity)) * 100)}%`;
}

/** What a source's type is called on screen. */
export const SOURCE_TYPE_LABELS: Record<AssistantSource['type'], string> = {
  document: 'Document',
  recording: 'Call recording',
  job: 'Job',
  task: 'Task',
  contact: 'Contact',
  photo: 'Photo',
};

// Ids (its own, its job's) are internal keys and the url is the Open link: none means anything to a reader as text.
const isHidden = (key: string) => key === 'id' || key === 'url' || key.endsWith('_id');

/** A source's metadata as label/value rows: empty values, ids and the url (the Open link) left out. */
export function metadataRows(metadata: AssistantSource['metadata']): Array<{ key: string; label: string; value: string }> {
  return Object.entries(metadata)
    .filter(([key, value]) => !isHidden(key) && value !== null && String(value).trim() !== '')
    .map(([key, value]) => ({ key, label: labelOf(key), value: String(value) }));
}

/** "document_type" → "Document type". */
function labelOf(key: string): string {
  const words = key.replace(/_/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Where the Open link goes: an in-app path only (the metadata comes from the server, but a link is a link). */
export function sourceHref(metadata: AssistantSource['metadata']): string | null {
  const url = metadata.url;
  return typeof url === 'string' && url.startsWith('/') && !url.startsWith('//') ? url : null;
}
