import { sql } from 'drizzle-orm';
import { index, pgTable, text } from 'drizzle-orm/pg-core';

/**
 * The search feature's table: the dictionary of its read model over jobs, tasks, documents and calls (filled by
 * triggers on those tables; read only by features/search, whose read model the assistant and group assistants use).
 */

/**
 * Every distinct word (3–40 letters/digits, lower-case, not all digits) of jobs', tasks', documents' and call
 * recordings' text, kept by triggers (migrations 0005_search_words, 0018_search_words_documents_calls). Misspelled
 * searches (and the assistant) look up similar words here by trigram and then run ordinary full-text search with
 * them: 'plumbng' → 'plumbing', 'skylite' → 'skylight'.
 */
export const searchWords = pgTable(
  'search_words',
  { word: text().primaryKey() },
  (t) => [index('search_words_word_trgm_idx').using('gin', sql`${t.word} gin_trgm_ops`)],
);
