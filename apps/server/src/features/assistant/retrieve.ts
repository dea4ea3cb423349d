import type { AssistantSource } from '@fieldbook/contract';
import type { Db } from '../../db/client';
import { contactCandidates } from '../contacts';
import { workCandidates, type RetrievalScope } from '../search';
import { queryTerms, STOP_WORDS, toSource } from './passage';

export type { RetrievalScope } from '../search';

/**
 * Passages that answer `question`, best first, from everything the caller can open: documents (name and text),
 * call transcripts, jobs, tasks and contacts (the contacts feature's contactCandidates). PostgreSQL finds and ranks candidates — any of
 * the question's words (or, for a misspelled one, its nearest dictionary words by trigram) through the GIN indexes,
 * ts_rank_cd, newest first among equals — and the best passage of each is cut here (passage.ts). With a group: that group's tasks, their jobs and those jobs'
 * documents, the calls of the group's members and the contacts shared with it.
 */
export async function retrievePassages(db: Db, scope: RetrievalScope, question: string, limit = 5): Promise<AssistantSource[]> {
  const terms = queryTerms(question);
  if (terms.length === 0) return [];
  // Words that say something about a person: not English stop words ('the', 'is'), three characters or more.
  const personWords = terms.filter((t) => t.length >= 3 && !STOP_WORDS.has(t));
  // The search feature's read model over documents, calls, jobs and tasks; the contacts feature's own contacts.
  // Both searches at once, each on a connection of the pool: `db` is never a transaction here — the assistant's
  // question then goes to the model, which rules its endpoints out of a request transaction (docs/adding-a-feature.md
  // §4), and nothing calls this inside a db.transaction. Were that to change, run them one after the other.
  const [rows, contactRows] = await Promise.all([workCandidates(db, scope, terms), contactCandidates(db, scope, personWords, question)]);
  return [...rows, ...contactRows]
    .map((c) => toSource(c, terms))
    .sort((a, b) => b.similarity - a.similarity)
    .slice(0, limit);
}
