import type { AssistantSource } from '@fieldbook/contract';

export type { RetrievalScope } from '../search';

/** A row PostgreSQL found for a question, before its best passage is cut. `score` is the kind's own rank (≥ 0). */
export type Candidate = {
  type: AssistantSource['type'];
  id: string;
  title: string | null;
  body: string | null;
  job_id: string | null;
  extra: string | null;
  /** A contact's email (null for the other kinds). */
  email?: string | null;
  score: number;
};

/** The question's words, lower case, as tsquery-safe terms (letters and digits). */
export function queryTerms(question: string): string[] {
  return [...new Set(question.toLowerCase().match(/[a-z0-9]+/g) ?? [])].filter((w) => w.length >= 2 && w.length <= 40).slice(0, 30);
}

/** Sentences of a text (or its lines), for cutting a passage. */
function sentences(text: string): string[] {
  return text
    .split(/(?<=[.!?])\s+|\n+/)
    .map((s) => s.trim())
    .filter(Boolean);
}

/**
 * PostgreSQL's English stop words (the Snowball list its `english` configuration drops): a question's "what", "on"
 * or "doing" find nothing, so a passage is not measured by whether it holds them.
 */
export const STOP_WORDS = new Set(
  ('i me my myself we our ours ourselves you your yours yourself yourselves he him his himself she her hers herself it its itself they them their ' +
    'theirs themselves what which who whom this that these those am is are was were be been being have has had having do does did doing a an the and ' +
    'but if or because as until while of at by for with about against between into through during before after above below to from up down in out on ' +
    'off over under again further then once here there when where why how all any both each few more most other some such no nor not only own same so ' +
    'than too very can will just don should now').split(' '),
);

/** A term matches a word when one starts with the other's first five letters (a cheap stand-in for stemming). */
const stemOf = (w: string) => w.slice(0, Math.max(4, Math.min(5, w.length)));

/**
 * The best passage of a candidate: the window of up to three sentences holding most of the question's distinct
 * words (stop words aside). Its similarity (0–1) weighs the share of those words it holds with PostgreSQL's rank.
 */
export function toSource(c: Candidate, terms: string[]): AssistantSource {
  const text = [c.title && c.type === 'document' ? `${c.title}.` : null, c.body].filter(Boolean).join(' ');
  const parts = sentences(text).slice(0, 400);
  const stems = terms.filter((t) => t.length >= 3 && !STOP_WORDS.has(t)).map(stemOf);
  const hits = (s: string) => {
    const words = s.toLowerCase().match(/[a-z0-9]+/g) ?? [];
    return new Set(stems.filter((st) => words.some((w) => w.startsWith(st) || st.startsWith(w.slice(0, 5))))).size;
  };
  // The window holding most of the question's distinct words; among those, the one where they come up most often —
  // a FAQ's question line alone ties with the question and its answer, and the answer is what was asked for.
  const perSentence = parts.map(hits);
  let best = { start: 0, count: -1, total: -1 };
  for (let i = 0; i < Math.max(parts.length, 1); i++) {
    const count = hits(parts.slice(i, i + 3).join(' '));
    const total = perSentence.slice(i, i + 3).reduce((a, b) => a + b, 0);
    if (count > best.count || (count === best.count && total > best.total)) best = { start: i, count, total };
  }
  const passage = parts.slice(best.start, best.start + 3).join(' ').slice(0, 700) || (c.title ?? '');
  const coverage = stems.length ? Math.max(0, best.count) / stems.length : 0;
  const rank = Number(c.score) / (Number(c.score) + 0.1);
  const similarity = Math.round(Math.min(1, 0.65 * coverage + 0.35 * rank) * 1000) / 1000;
  return { type: c.type, similarity, content: passage, metadata: metadataOf(c) };
}

/** What the widget needs to name and open the source (`url` is the screen that shows it). */
function metadataOf(c: Candidate): Record<string, string | number | null> {
  switch (c.type) {
    case 'document':
      return { id: c.id, name: c.title, document_type: c.extra, job_id: c.job_id, url: `/documents/${c.id}` };
    case 'recording':
      return { id: c.id, name: c.title, phone_number: c.extra, url: `/recordings?id=${c.id}` };
    case 'job':
      return { id: c.id, title: c.title, client_name: c.extra, url: `/jobs/${c.id}` };
    case 'task':
      return { id: c.id, description: c.title, status: c.extra, job_id: c.job_id, url: `/tasks/${c.id}` };
    case 'contact':
      return { id: c.id, name: c.title, phone_number: c.extra, email: c.email ?? null, url: '/contacts' };
    case 'photo':
      return { id: c.id, caption: c.title, stage: c.extra, job_id: c.job_id, url: `/jobs/${c.job_id}?photo=${c.id}` };
  }
}
