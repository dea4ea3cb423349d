import { ASSISTANT_NO_ANSWER, type AssistantSource } from '@fieldbook/contract';

const LABELS: Record<AssistantSource['type'], string> = { document: 'Document', recording: 'Call', job: 'Job', task: 'Task', contact: 'Contact', photo: 'Photo' };

/** A source as the answer and the model name it: its kind and its name ('Call “incoming_….m4a”'). */
export function sourceLabel(s: AssistantSource): string {
  const name = s.metadata.name ?? s.metadata.title ?? s.metadata.description ?? s.metadata.caption ?? '';
  return `${LABELS[s.type]}${name ? ` “${String(name)}”` : ''}`;
}

/**
 * Without a language model the answer is extractive: the best passages, quoted, each cited by its number in the
 * sources — never written text the sources do not hold. Nothing found says so.
 */
export function extractiveAnswer(sources: AssistantSource[]): string {
  if (sources.length === 0) return ASSISTANT_NO_ANSWER;
  const lines = sources.slice(0, 3).map((s, i) => {
    // A task's or a contact's passage starts with its name: the name is not said twice.
    const name = String(s.metadata.name ?? s.metadata.title ?? s.metadata.description ?? '');
    const label = name && s.content.startsWith(name) ? LABELS[s.type] : sourceLabel(s);
    return `[${i + 1}] ${label}: “${s.content}”`;
  });
  return ['Here is what your records say:', ...lines].join('\n\n');
}

/**
 * When the language model fails, the user still gets the cited passages, with one line saying why they are not a
 * written answer (`reason` from llmErrorReason: the API's status and message, never our internals).
 */
export function fallbackAnswer(reason: string, sources: AssistantSource[]): string {
  return `The language model could not be reached, so these are the passages themselves (${reason.replace(/\s+/g, ' ').trim()}).\n\n${extractiveAnswer(sources)}`;
}
