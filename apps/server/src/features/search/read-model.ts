import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/sql';
import { isGroupMemberSql, memberUserIdsSql } from '../groups';
import { jobVisitsTextSql } from '../schedule';
import { workspaceTimeZone } from '../workspaces';

/**
 * The search feature's read model over documents, calls (recordings and their transcripts), jobs, tasks and job
 * photos (their captions): the one
 * module, with search.service.ts (GET /api/search), that reads those four tables' searchable text for another
 * purpose than their owner's own screens (docs/ARCHITECTURE.md, table ownership). The assistant's retrieval and the
 * group assistants' training material come from here, so how work is found — the workspace lexeme, the GIN indexes,
 * the search_words dictionary, who may open which call — is written once. Every read is one statement.
 */

/** What the caller may read: their workspace; recordings their own (all of the workspace's for the admin). */
export type RetrievalScope = { workspaceId: string; userId: string; isAdmin: boolean; groupId: string | null };

/** A row found for a question, before its best passage is cut. `score` is the kind's own rank (≥ 0). */
export type WorkCandidate = {
  type: 'document' | 'recording' | 'job' | 'task' | 'photo';
  id: string;
  title: string | null;
  body: string | null;
  job_id: string | null;
  extra: string | null;
  score: number;
};

/** Each kind offers at most this many candidates, ranked by PostgreSQL, before passages are cut from them. */
const CANDIDATES_PER_KIND = 15;
/** A word found this many times (per table, counted no further) is too common to search by, given others. */
const COMMON_HITS = 1000;
/** How much of a long text (a document, a transcript) passages are looked for in. */
const TEXT_CHARS = 20_000;
/**
 * A date walk (the search's, search.service.ts, and the assistant's for common words) reads at most this many of a
 * kind's newest rows (its bound when a word is common only lately).
 */
export const RECENT_WINDOW = 5000;
/**
 * When every word of a question is common, a kind's candidates are ranked among its newest this many matches. Ranking
 * every match cost what the words' every row costs: "the invoice total for the roof repair" ranked all 20,000
 * documents and 60,000 calls holding "roof" — 445–726 ms a question on the benchmark data (issue 37, bench/README.md).
 */
const COMMON_CANDIDATES = 200;

/**
 * A kind's newest `rows` rows in `scope` (columns of its (…, created_at DESC NULLS LAST) index), aliased `alias`: where
 * a date walk starts (the search's probe and walks, and matchingRows below).
 */
export function newestRows(table: string, alias: string, scope: SQL, rows: number): SQL {
  const a = sql.raw(alias);
  return sql`(SELECT * FROM ${sql.raw(table)} ${a} WHERE ${scope} ORDER BY ${a}.created_at DESC NULLS LAST LIMIT ${rows}) ${a}`;
}

/**
 * A kind's rows holding the question's words (CTE q), aliased `alias`: every match through the GIN index; or, when
 * every word is common (q.common), its newest COMMON_CANDIDATES matches among the `scope`'s newest RECENT_WINDOW rows,
 * read on its (…, created_at DESC NULLS LAST) index and left as soon as they are found (the search's date walk,
 * search.service.ts; `ts_match_vq` is `@@` written as a function, which GIN cannot serve). `(SELECT common FROM q)`
 * is computed once, so only one of the two reads runs.
 */
function matchingRows(table: string, alias: string, scope: SQL, filter: SQL): SQL {
  const t = sql.raw(table);
  const a = sql.raw(alias);
  return sql`(SELECT ${a}.* FROM ${t} ${a}, q
      WHERE NOT (SELECT common FROM q) AND ${scope} AND ${filter} AND numnode(q.tsq) > 0 AND ${a}.search_vector @@ (q.tsq && q.wsq)
    UNION ALL
    (SELECT ${a}.* FROM ${newestRows(table, alias, scope, RECENT_WINDOW)}, q
      WHERE (SELECT common FROM q) AND ${filter} AND numnode(q.tsq) > 0 AND ts_match_vq(${a}.search_vector, q.tsq)
      ORDER BY ${a}.created_at DESC NULLS LAST LIMIT ${COMMON_CANDIDATES})) ${a}`;
}

/**
 * Documents, calls, jobs and tasks of the workspace that hold the question's words, ranked by PostgreSQL. A job's text
 * also names its scheduled visits (the schedule's `jobVisitsTextSql`, times in the workspace's zone), right after its
 * title, so a passage about the job ("when is the Lopez roof scheduled?") holds both.
 */
export async function workCandidates(db: Db, scope: RetrievalScope, terms: string[]): Promise<WorkCandidate[]> {
  const zone = await workspaceTimeZone(db, scope.workspaceId);
  const ws = `ws${scope.workspaceId.replaceAll('-', '')}`;
  // Calls: the caller's own; the workspace's for its admin (read on the matching date index when walked).
  const recordingScope = scope.isAdmin ? sql`r.workspace_id = ${scope.workspaceId}` : sql`r.user_id = ${scope.userId}`;
  const group = scope.groupId;
  const groupTasks = group ? sql`AND t.group_id = ${group}` : sql``;
  const groupJobs = group ? sql`AND EXISTS (SELECT 1 FROM tasks gt WHERE gt.job_id = j.id AND gt.group_id = ${group})` : sql``;
  const groupDocs = group ? sql`AND EXISTS (SELECT 1 FROM tasks gt WHERE gt.job_id = d.job_id AND gt.group_id = ${group})` : sql``;
  const groupCalls = group ? sql`AND ${isGroupMemberSql(group, sql`r.user_id`)}` : sql``;
  const groupPhotos = group ? sql`AND EXISTS (SELECT 1 FROM tasks gt WHERE gt.job_id = p.job_id AND gt.group_id = ${group})` : sql``;
  return queryRows<WorkCandidate>(
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
          + (SELECT count(*) FROM (SELECT 1 FROM tasks t WHERE t.search_vector @@ (wq.tsq && (SELECT wsq FROM wsq)) LIMIT ${COMMON_HITS}) a)
          + (SELECT count(*) FROM (SELECT 1 FROM photos p WHERE p.search_vector @@ (wq.tsq && (SELECT wsq FROM wsq)) LIMIT ${COMMON_HITS}) a) AS hits
        FROM expanded x CROSS JOIN LATERAL (SELECT to_tsquery('english', quote_literal(x.word)) AS tsq) wq
        WHERE numnode(wq.tsq) > 0),
      useful AS (
        SELECT word FROM freq WHERE hits < ${COMMON_HITS}
        UNION ALL SELECT word FROM freq WHERE hits >= ${COMMON_HITS} AND NOT EXISTS (SELECT 1 FROM freq WHERE hits > 0 AND hits < ${COMMON_HITS})),
      -- common: every word found is found COMMON_HITS times or more (matchingRows ranks only the newest matches).
      q AS (SELECT to_tsquery('english', coalesce(string_agg(quote_literal(word), ' | '), '')) AS tsq, ${ws}::tsquery AS wsq,
              NOT EXISTS (SELECT 1 FROM freq WHERE hits > 0 AND hits < ${COMMON_HITS}) AND EXISTS (SELECT 1 FROM freq WHERE hits >= ${COMMON_HITS}) AS common
            FROM useful)
      (SELECT 'document' AS type, d.id, d.name AS title, left(d.extracted_text, ${TEXT_CHARS}) AS body, d.job_id, d.document_type AS extra,
              ts_rank_cd(d.search_vector, q.tsq, 32)::float8 AS score
         FROM ${matchingRows('documents', 'd', sql`d.workspace_id = ${scope.workspaceId}`, sql`d.status <> 'uploading' ${groupDocs}`)}, q
        ORDER BY score DESC, d.created_at DESC LIMIT ${CANDIDATES_PER_KIND})
      UNION ALL
      (SELECT 'recording', r.id, r.file_name, left(r.transcript_text, ${TEXT_CHARS}), NULL, r.phone_number,
              ts_rank_cd(r.search_vector, q.tsq, 32)::float8
         FROM ${matchingRows('recordings', 'r', recordingScope, sql`r.workspace_id = ${scope.workspaceId} AND r.status = 'stored' ${groupCalls}`)}, q
        ORDER BY 7 DESC, r.created_at DESC LIMIT ${CANDIDATES_PER_KIND})
      UNION ALL
      (SELECT 'job', j.id, coalesce(j.title, j.client_name, j.property_address),
              concat_ws('. ', j.title, ${jobVisitsTextSql(sql`j.id`, zone)}, 'Client: ' || j.client_name, 'Property: ' || j.property_address, 'Claim number: ' || j.claim_number, 'Status: ' || j.status, j.description),
              j.id, j.client_name, ts_rank_cd(j.search_vector, q.tsq, 32)::float8
         FROM ${matchingRows('jobs', 'j', sql`j.workspace_id = ${scope.workspaceId}`, sql`true ${groupJobs}`)}, q
        ORDER BY 7 DESC, j.created_at DESC LIMIT ${CANDIDATES_PER_KIND})
      UNION ALL
      (SELECT 'task', t.id, t.description, concat_ws('. ', t.description, 'Status: ' || t.status, 'Priority: ' || t.priority, 'Due: ' || t.due_date::text), t.job_id, t.status,
              ts_rank_cd(t.search_vector, q.tsq, 32)::float8
         FROM ${matchingRows('tasks', 't', sql`t.workspace_id = ${scope.workspaceId}`, sql`true ${groupTasks}`)}, q
        ORDER BY 7 DESC, t.created_at DESC LIMIT ${CANDIDATES_PER_KIND})
      UNION ALL
      -- Job photos by caption (issue 35): the passage is the caption with its stage and when it was taken.
      (SELECT 'photo', p.id, left(p.caption, 100), concat_ws('. ', p.caption, 'Stage: ' || p.stage, 'Taken: ' || to_char(p.taken_at AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI "UTC"')), p.job_id, p.stage,
              ts_rank_cd(p.search_vector, q.tsq, 32)::float8
         FROM ${matchingRows('photos', 'p', sql`p.workspace_id = ${scope.workspaceId}`, sql`p.status <> 'uploading' ${groupPhotos}`)}, q
        ORDER BY 7 DESC, p.created_at DESC LIMIT ${CANDIDATES_PER_KIND})`,
  );
}

/** Starting points for the assistant's suggested questions: the newest job, document and transcribed call, and the open tasks. */
export type WorkHighlights = {
  job: { client: string | null; title: string | null } | null;
  document: { name: string } | null;
  call: { phone: string | null } | null;
  pendingTasks: number;
};

/** The workspace's newest job and processed or created document, the caller's newest transcribed call, and its pending tasks: one statement. */
export async function workHighlights(db: Db, opts: { workspaceId: string; userId: string }): Promise<WorkHighlights> {
  const [row] = await queryRows<{ job: WorkHighlights['job']; document: WorkHighlights['document']; call: WorkHighlights['call']; pending: number }>(
    db,
    sql`SELECT
      (SELECT json_build_object('client', j.client_name, 'title', j.title) FROM jobs j WHERE j.workspace_id = ${opts.workspaceId} ORDER BY j.created_at DESC LIMIT 1) AS job,
      (SELECT json_build_object('name', d.name) FROM documents d WHERE d.workspace_id = ${opts.workspaceId} AND d.status IN ('processed', 'created') ORDER BY d.created_at DESC LIMIT 1) AS document,
      (SELECT json_build_object('phone', r.phone_number) FROM recordings r
        WHERE r.user_id = ${opts.userId} AND r.transcription_status = 'done' AND r.phone_number IS NOT NULL ORDER BY r.created_at DESC LIMIT 1) AS call,
      (SELECT count(*)::int FROM tasks t WHERE t.workspace_id = ${opts.workspaceId} AND t.status = 'pending') AS pending`,
  );
  return { job: row?.job ?? null, document: row?.document ?? null, call: row?.call ?? null, pendingTasks: Number(row?.pending ?? 0) };
}

/** A call transcript or a document a group's assistant may learn from. */
export type TrainingSource = { type: 'recording' | 'document'; id: string; name: string; text: string; segments: string[] | null };

/**
 * A group's material, newest first, at most `limit` of each kind: transcribed calls recorded by its members in the
 * group's workspace, and the extracted text of documents of the jobs (or tasks) the group has tasks on.
 */
export async function groupTrainingSources(db: Db, group: { id: string; workspaceId: string }, limit: number): Promise<TrainingSource[]> {
  const [calls, docs] = await Promise.all([
    queryRows<{ id: string; name: string; text: string | null; segments: { text: string }[] | null }>(
      db,
      sql`SELECT r.id, r.file_name AS name, r.transcript_text AS text, r.transcript_segments AS segments FROM recordings r
          WHERE r.workspace_id = ${group.workspaceId} AND r.status = 'stored' AND r.transcription_status = 'done' AND r.transcript_text IS NOT NULL
            -- A transcript labelled a rough draft (the engine's confidence says most of it is likely wrong, e.g. the
            -- embedded engine on telephone-band audio) would teach the assistant garbage; unknown confidence is no evidence.
            AND coalesce((r.transcript_confidence ->> 'rough_draft')::boolean, false) = false
            -- Members' calls only: a group id on a call is the uploader's label, not a grant (a non-member's tag is no
            -- way into the group's assistant).
            AND r.user_id IN (${memberUserIdsSql(group.id)})
          ORDER BY r.created_at DESC LIMIT ${limit}`,
    ),
    queryRows<{ id: string; name: string; text: string | null }>(
      db,
      sql`SELECT d.id, d.name, d.extracted_text AS text FROM documents d
          WHERE d.workspace_id = ${group.workspaceId} AND d.extracted_text IS NOT NULL
            AND (d.job_id IN (SELECT t.job_id FROM tasks t WHERE t.group_id = ${group.id}) OR d.task_id IN (SELECT t.id FROM tasks t WHERE t.group_id = ${group.id}))
          ORDER BY d.created_at DESC LIMIT ${limit}`,
    ),
  ]);
  return [
    ...calls.map((c) => ({ type: 'recording' as const, id: c.id, name: c.name, text: c.text ?? '', segments: c.segments?.map((s) => s.text) ?? null })),
    ...docs.map((d) => ({ type: 'document' as const, id: d.id, name: d.name, text: d.text ?? '', segments: null })),
  ].filter((s) => s.text.trim());
}
