import type { SearchQuery, SearchResponse, SearchResult } from '@fieldbook/contract';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Actor } from '../../platform/auth-guard';
import { requireWorkspace } from '../../platform/auth-guard';
import { queryRows } from '../jobs/sql';
import { explainMatch, searchSummary, type SearchField } from './search-text';

type Hit = {
  type: 'job' | 'task';
  id: string;
  title: string | null;
  client_name: string | null;
  property_address: string | null;
  claim_number: string | null;
  description: string | null;
  status: string | null;
  priority: string | null;
  job_id: string | null;
  score: number;
  total: number;
};

/** The job text the trigram index covers (the same expression as jobs_search_trgm_idx, so the index applies). */
const JOB_TRGM_TEXT = sql`(coalesce(j.client_name, '') || ' ' || coalesce(j.property_address, '') || ' ' || coalesce(j.title, '') || ' ' || coalesce(j.claim_number, ''))`;

/**
 * Full-text hits score 0.75–1 (ts_rank normalised by rank/(rank+1)); similar-word hits score
 * 0.8 × word_similarity, so a misspelling ranks below an exact match of the same word.
 */
function hitsQuery(opts: { workspaceId: string; text: string; limit: number; fuzzy: boolean }): SQL {
  const { workspaceId, text, limit, fuzzy } = opts;
  const jobFts = sql`(j.search_vector @@ q.tsq)`;
  const taskFts = sql`(t.search_vector @@ q.tsq)`;
  const jobScore = fuzzy
    ? sql`greatest(CASE WHEN ${jobFts} THEN 0.75 + 0.25 * ts_rank(j.search_vector, q.tsq, 32) ELSE 0 END, 0.8 * word_similarity(${text}, ${JOB_TRGM_TEXT}))`
    : sql`0.75 + 0.25 * ts_rank(j.search_vector, q.tsq, 32)`;
  const taskScore = fuzzy
    ? sql`greatest(CASE WHEN ${taskFts} THEN 0.75 + 0.25 * ts_rank(t.search_vector, q.tsq, 32) ELSE 0 END, 0.8 * word_similarity(${text}, t.description))`
    : sql`0.75 + 0.25 * ts_rank(t.search_vector, q.tsq, 32)`;
  const jobMatch = fuzzy ? sql`(${jobFts} OR ${text} <% ${JOB_TRGM_TEXT})` : jobFts;
  const taskMatch = fuzzy ? sql`(${taskFts} OR ${text} <% t.description)` : taskFts;
  return sql`WITH q AS (SELECT websearch_to_tsquery('english', ${text}) AS tsq)
    (SELECT 'job' AS type, j.id, j.title, j.client_name, j.property_address, j.claim_number, j.description, j.status,
            NULL::text AS priority, j.id AS job_id, (${jobScore})::float8 AS score, (count(*) OVER ())::int AS total
       FROM jobs j, q WHERE j.workspace_id = ${workspaceId} AND ${jobMatch}
       ORDER BY score DESC, j.created_at DESC LIMIT ${limit})
    UNION ALL
    (SELECT 'task', t.id, NULL, NULL, NULL, NULL, t.description, t.status, t.priority, t.job_id,
            (${taskScore})::float8, (count(*) OVER ())::int
       FROM tasks t, q WHERE t.workspace_id = ${workspaceId} AND ${taskMatch}
       ORDER BY 11 DESC, t.created_at DESC LIMIT ${limit})`;
}

function fieldsOf(hit: Hit): SearchField[] {
  if (hit.type === 'task') return [{ label: 'description', text: hit.description }];
  return [
    { label: 'title', text: hit.title },
    { label: 'client name', text: hit.client_name },
    { label: 'address', text: hit.property_address },
    { label: 'claim number', text: hit.claim_number },
    { label: 'description', text: hit.description },
  ];
}

function toResult(hit: Hit, text: string): SearchResult {
  const { excerpt, match_reason } = explainMatch(text, fieldsOf(hit));
  const title =
    hit.type === 'job'
      ? hit.title || hit.client_name || hit.property_address || 'Untitled job'
      : (hit.description ?? '').length > 100
        ? `${hit.description!.slice(0, 100)}…`
        : (hit.description ?? '');
  return {
    id: hit.id,
    type: hit.type,
    title,
    description: hit.description,
    excerpt,
    match_reason,
    score: Math.min(1, Math.max(0, Math.round(hit.score * 1000) / 1000)),
    status: hit.status,
    priority: hit.priority,
    job_id: hit.job_id,
    task_id: hit.type === 'task' ? hit.id : null,
  };
}

/**
 * Searches the caller's workspace's jobs and tasks (documents join once they exist). Full text first (cheap,
 * GIN on the tsvector columns); only when that finds fewer than `limit` hits does a second statement add
 * trigram word-similarity matches, which is what finds 'plumbing' for 'plumbng'.
 */
export async function searchWork(opts: { db: Db; actor: Actor; query: SearchQuery }): Promise<SearchResponse> {
  const workspaceId = requireWorkspace(opts.actor);
  const text = opts.query.query;
  const limit = opts.query.limit;
  let hits = await queryRows<Hit>(opts.db, hitsQuery({ workspaceId, text, limit, fuzzy: false }));
  const totalOf = (type: Hit['type']) => hits.find((h) => h.type === type)?.total ?? 0;
  if (totalOf('job') + totalOf('task') < limit) {
    hits = await queryRows<Hit>(opts.db, hitsQuery({ workspaceId, text, limit, fuzzy: true }));
  }
  const results = hits
    .map((h) => ({ ...h, score: Number(h.score) }))
    .sort((a, b) => b.score - a.score)
    .slice(0, limit)
    .map((h) => toResult(h, text));
  return { success: true, results, summary: searchSummary(text, { jobs: totalOf('job'), tasks: totalOf('task') }) };
}
