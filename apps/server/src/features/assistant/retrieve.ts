import type { AssistantSource } from '@fieldbook/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/sql';
import { queryTerms, toSource, type Candidate, type RetrievalScope } from './passage';
import { contactCandidates } from './retrieve-contacts';

export type { RetrievalScope } from './passage';

/** Each kind offers at most this many candidates, ranked by PostgreSQL, before passages are cut from them. */
const CANDIDATES_PER_KIND = 15;
/** A word found this many times (per table, counted no further) is too common to search by, given others. */
const COMMON_HITS = 1000;
/** How much of a long text (a document, a transcript) passages are looked for in. */
const TEXT_CHARS = 20_000;

/**
 * Passages that answer `question`, best first, from everything the caller can open: documents (name and text),
 * call transcripts, jobs, tasks and contacts (retrieve-contacts.ts). PostgreSQL finds and ranks candidates — any of
 * the question's words (or, for a misspelled one, its nearest dictionary words by trigram) through the GIN indexes,
 * ts_rank_cd, newest first among equals — and the best passage of each is cut here (passage.ts). With a group: that group's tasks, their jobs and those jobs'
 * documents, the calls of the group's members and the contacts shared with it.
 */
export async function retrievePassages(db: Db, scope: RetrievalScope, question: string, limit = 5): Promise<AssistantSource[]> {
  const terms = queryTerms(question);
  if (terms.length === 0) return [];
  const [rows, contactRows] = await Promise.all([workCandidates(db, scope, terms), contactCandidates(db, scope, terms, question)]);
  return [...rows, ...contactRows]
    .map((c) => toSource(c, terms))
    .sort((a, b) => b.similarity - a.similarity)
    .slice(0, limit);
}

/** Documents, calls, jobs and tasks of the workspace that hold the question's words, ranked by PostgreSQL. */
function workCandidates(db: Db, scope: RetrievalScope, terms: string[]): Promise<Candidate[]> {
  const ws = `ws${scope.workspaceId.replaceAll('-', '')}`;
  const recordingOwner = scope.isAdmin ? sql`true` : sql`r.user_id = ${scope.userId}`;
  const group = scope.groupId;
  const groupTasks = group ? sql`AND t.group_id = ${group}` : sql``;
  const groupJobs = group ? sql`AND EXISTS (SELECT 1 FROM tasks gt WHERE gt.job_id = j.id AND gt.group_id = ${group})` : sql``;
  const groupDocs = group ? sql`AND EXISTS (SELECT 1 FROM tasks gt WHERE gt.job_id = d.job_id AND gt.group_id = ${group})` : sql``;
  const groupCalls = group ? sql`AND EXISTS (SELECT 1 FROM group_members gm WHERE gm.group_id = ${group} AND gm.user_id = r.user_id)` : sql``;
  return queryRows<Candidate>(
    db,
    sql`WITH terms AS (SELECT unnest(string_to_array(${terms.join(' ')}, ' ')) AS term),
      -- A word the dictionary does not know (a misspelling) brings its two nearest words by trigram.
      expanded AS (
        SELECT term AS word FROM terms
        UNION SELECT w.word FROM terms t CROSS JOIN LATERAL (
          SELECT word FROM search_words WHERE word % t.term AND length(t.term) >= 4 ORDER BY similarity(word, t.term) DESC, word LIMIT 2) w),
      -- How often each word occurs in the workspace, counted up to COMMON_HITS per table through the GIN indexes:
      -- a word that common ('roof' in a roofer's workspace) says little and makes ranking slow, so it is left out
      -- when a rarer word of the question is found at all (a misspelling that is found nowhere keeps the others).
      wsq AS (SELECT ${ws}::tsquery AS wsq),
      freq AS (
        SELECT x.word, wq.tsq,
          (SELECT count(*) FROM (SELECT 1 FROM documents d WHERE d.search_vector @@ (wq.tsq && (SELECT wsq FROM wsq)) LIMIT ${COMMON_HITS}) a)
          + (SELECT count(*) FROM (SELECT 1 FROM recordings r WHERE r.search_vector @@ (wq.tsq && (SELECT wsq FROM wsq)) LIMIT ${COMMON_HITS}) a)
          + (SELECT count(*) FROM (SELECT 1 FROM jobs j WHERE j.search_vector @@ (wq.tsq && (SELECT wsq FROM wsq)) LIMIT ${COMMON_HITS}) a)
          + (SELECT count(*) FROM (SELECT 1 FROM tasks t WHERE t.search_vector @@ (wq.tsq && (SELECT wsq FROM wsq)) LIMIT ${COMMON_HITS}) a) AS hits
        FROM expanded x CROSS JOIN LATERAL (SELECT to_tsquery('english', quote_literal(x.word)) AS tsq) wq
        WHERE numnode(wq.tsq) > 0),
      useful AS (
        SELECT word FROM freq WHERE hits < ${COMMON_HITS}
        UNION ALL SELECT word FROM freq WHERE hits >= ${COMMON_HITS} AND NOT EXISTS (SELECT 1 FROM freq WHERE hits > 0 AND hits < ${COMMON_HITS})),
      q AS (SELECT to_tsquery('english', coalesce(string_agg(quote_literal(word), ' | '), '')) AS tsq, ${ws}::tsquery AS wsq FROM useful)
      (SELECT 'document' AS type, d.id, d.name AS title, left(d.extracted_text, ${TEXT_CHARS}) AS body, d.job_id, d.document_type AS extra,
              ts_rank_cd(d.search_vector, q.tsq, 32)::float8 AS score
         FROM documents d, q
        WHERE d.workspace_id = ${scope.workspaceId} AND d.status <> 'uploading' AND numnode(q.tsq) > 0 AND d.search_vector @@ (q.tsq && q.wsq) ${groupDocs}
        ORDER BY score DESC, d.created_at DESC LIMIT ${CANDIDATES_PER_KIND})
      UNION ALL
      (SELECT 'recording', r.id, r.file_name, left(r.transcript_text, ${TEXT_CHARS}), NULL, r.phone_number,
              ts_rank_cd(r.search_vector, q.tsq, 32)::float8
         FROM recordings r, q
        WHERE r.workspace_id = ${scope.workspaceId} AND r.status = 'stored' AND ${recordingOwner} AND numnode(q.tsq) > 0 AND r.search_vector @@ (q.tsq && q.wsq) ${groupCalls}
        ORDER BY 7 DESC, r.created_at DESC LIMIT ${CANDIDATES_PER_KIND})
      UNION ALL
      (SELECT 'job', j.id, coalesce(j.title, j.client_name, j.property_address),
              concat_ws('. ', j.title, 'Client: ' || j.client_name, 'Property: ' || j.property_address, 'Claim number: ' || j.claim_number, 'Status: ' || j.status, j.description),
              j.id, j.client_name, ts_rank_cd(j.search_vector, q.tsq, 32)::float8
         FROM jobs j, q
        WHERE j.workspace_id = ${scope.workspaceId} AND numnode(q.tsq) > 0 AND j.search_vector @@ (q.tsq && q.wsq) ${groupJobs}
        ORDER BY 7 DESC, j.created_at DESC LIMIT ${CANDIDATES_PER_KIND})
      UNION ALL
      (SELECT 'task', t.id, t.description, concat_ws('. ', t.description, 'Status: ' || t.status, 'Priority: ' || t.priority, 'Due: ' || t.due_date::text), t.job_id, t.status,
              ts_rank_cd(t.search_vector, q.tsq, 32)::float8
         FROM tasks t, q
        WHERE t.workspace_id = ${scope.workspaceId} AND numnode(q.tsq) > 0 AND t.search_vector @@ (q.tsq && q.wsq) ${groupTasks}
        ORDER BY 7 DESC, t.created_at DESC LIMIT ${CANDIDATES_PER_KIND})`,
  );
}
