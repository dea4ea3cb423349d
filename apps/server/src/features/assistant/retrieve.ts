import type { AssistantSource } from '@fieldbook/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/sql';

/** What the caller may read: their workspace; recordings their own (all of the workspace's for the admin). */
export type RetrievalScope = { workspaceId: string; userId: string; isAdmin: boolean; groupId: string | null };

type Candidate = { type: AssistantSource['type']; id: string; title: string | null; body: string | null; job_id: string | null; extra: string | null; score: number };

/** Each kind offers at most this many candidates, ranked by PostgreSQL, before passages are cut from them. */
const CANDIDATES_PER_KIND = 15;
/** A word found this many times (per table, counted no further) is too common to search by, given others. */
const COMMON_HITS = 1000;
/** How much of a long text (a document, a transcript) passages are looked for in. */
const TEXT_CHARS = 20_000;

/** The question's words, lower case, as tsquery-safe terms (letters and digits). */
export function queryTerms(question: string): string[] {
  return [...new Set(question.toLowerCase().match(/[a-z0-9]+/g) ?? [])].filter((w) => w.length >= 2 && w.length <= 40).slice(0, 30);
}

/**
 * Passages that answer `question`, best first, from everything the caller can open: documents (name and text),
 * call transcripts, jobs and tasks. PostgreSQL finds and ranks candidates — any of the question's words (or, for a
 * misspelled one, its nearest dictionary words by trigram) through the GIN indexes, ts_rank_cd, newest first among
 * equals — and the best passage of each is cut here. With a group: that group's tasks, their jobs and those jobs'
 * documents, and the calls of the group's members.
 */
export async function retrievePassages(db: Db, scope: RetrievalScope, question: string, limit = 5): Promise<AssistantSource[]> {
  const terms = queryTerms(question);
  if (terms.length === 0) return [];
  const ws = `ws${scope.workspaceId.replaceAll('-', '')}`;
  const recordingOwner = scope.isAdmin ? sql`true` : sql`r.user_id = ${scope.userId}`;
  const group = scope.groupId;
  const groupTasks = group ? sql`AND t.group_id = ${group}` : sql``;
  const groupJobs = group ? sql`AND EXISTS (SELECT 1 FROM tasks gt WHERE gt.job_id = j.id AND gt.group_id = ${group})` : sql``;
  const groupDocs = group ? sql`AND EXISTS (SELECT 1 FROM tasks gt WHERE gt.job_id = d.job_id AND gt.group_id = ${group})` : sql``;
  const groupCalls = group ? sql`AND EXISTS (SELECT 1 FROM group_members gm WHERE gm.group_id = ${group} AND gm.user_id = r.user_id)` : sql``;
  const rows = await queryRows<Candidate>(
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
  return rows
    .map((c) => toSource(c, terms))
    .sort((a, b) => b.similarity - a.similarity)
    .slice(0, limit);
}

/** Sentences of a text (or its lines), for cutting a passage. */
function sentences(text: string): string[] {
  return text
    .split(/(?<=[.!?])\s+|\n+/)
    .map((s) => s.trim())
    .filter(Boolean);
}

/** A term matches a word when one starts with the other's first five letters (a cheap stand-in for stemming). */
const stemOf = (w: string) => w.slice(0, Math.max(4, Math.min(5, w.length)));

/**
 * The best passage of a candidate: the window of up to three sentences holding most of the question's distinct
 * words. Its similarity (0–1) weighs the share of the question's words it holds with PostgreSQL's rank.
 */
function toSource(c: Candidate, terms: string[]): AssistantSource {
  const text = [c.title && c.type === 'document' ? `${c.title}.` : null, c.body].filter(Boolean).join(' ');
  const parts = sentences(text).slice(0, 400);
  const stems = terms.filter((t) => t.length >= 3).map(stemOf);
  const hits = (s: string) => {
    const words = s.toLowerCase().match(/[a-z0-9]+/g) ?? [];
    return new Set(stems.filter((st) => words.some((w) => w.startsWith(st) || st.startsWith(w.slice(0, 5))))).size;
  };
  let best = { start: 0, count: -1 };
  for (let i = 0; i < Math.max(parts.length, 1); i++) {
    const count = hits(parts.slice(i, i + 3).join(' '));
    if (count > best.count) best = { start: i, count };
  }
  const passage = parts.slice(best.start, best.start + 3).join(' ').slice(0, 700) || (c.title ?? '');
  const coverage = stems.length ? Math.max(0, best.count) / stems.length : 0;
  const rank = Number(c.score) / (Number(c.score) + 0.1);
  const similarity = Math.round(Math.min(1, 0.65 * coverage + 0.35 * rank) * 1000) / 1000;
  return { type: c.type, similarity, content: passage, metadata: metadataOf(c) };
}

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
  }
}

