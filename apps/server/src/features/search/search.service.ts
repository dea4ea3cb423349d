import { cleanClientName, isPhoneLike, type PhoneContact, type SearchNextVisit, type SearchQuery, type SearchResponse, type SearchResult } from '@fieldbook/contract';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Actor } from '../../platform/auth-guard';
import { requireWorkspace } from '../../platform/auth-guard';
import { shapedStatement } from '../../db/sql';
import { findContactsByPhone } from '../contacts';
import { findNextVisitsOfJobs } from '../schedule';
import { workspaceTimeZone } from '../workspaces';
import { explainMatch, QueryTerms, searchSummary, words, type SearchField, type SimilarWords } from './search-text';
import { newestRows, RECENT_WINDOW } from './read-model';

type Hit = {
  type: Kind;
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
  /** The similar-word search's: each term's dictionary words it searched with, most similar first (JSON text); else null. */
  similar_words: string | null;
};

/** The workspace lexeme every search vector carries (WORKSPACE_LEXEME_SQL in db/schema/_columns.ts). */
function workspaceLexeme(workspaceId: string): string {
  return `ws${workspaceId.replaceAll('-', '')}`;
}

/**
 * Each kind's matches are ranked among at most this many candidates, and counted up to this many (the summary then
 * says "200+"). Why: a common word's matches can only all be found through its GIN posting list, whose cost follows
 * the word's every row ("roof" in 8,000 of a workspace's tasks: ~3 ms a kind to list, ~35 ms a search over five
 * kinds); its newest CANDIDATES matches are found by walking the date index and stopping (issue 37).
 */
export const CANDIDATES = 200;

/** A kind's newest this many rows are read first to tell a common word from a rare one (a few tenths of a ms). */
export const PROBE_ROWS = 200;

/**
 * A word in at least this many of the probe's rows (4%) is common: its candidates come from the date walk, which at
 * that share finds CANDIDATES matches within RECENT_WINDOW rows (4% of 5,000 = 200).
 */
export const PROBE_COMMON = 8;

/**
 * A word rare lately (under 4% of the probe) but with CANDIDATES matches or more is ranked among its newest this many
 * (a page holds at most 50): at its share the walk reads 50 / share rows, where 200 would read the whole window
 * ("plumbing" in 4% of the benchmark's tasks: 8 ms for 200, issue 37).
 */
export const OLD_CANDIDATES = 50;

/** How much of a document's extracted text the excerpt is looked for in (the matched words are usually early). */
const DOCUMENT_EXCERPT_SOURCE_CHARS = 20_000;

/**
 * The CTEs of one kind (rows aliased `a`, words from CTE q; `filter` is the kind's conditions, `scope` the columns
 * of its (…, created_at DESC NULLS LAST) index). Each candidate carries its score, so only the page's rows are read
 * again for their columns.
 * - `<kind>_probe`: how many of the scope's newest PROBE_ROWS rows match;
 * - `<kind>_walk` (a common word): the newest CANDIDATES matches among the newest RECENT_WINDOW rows, walking the date
 *   index and stopping there (`ts_match_vq` is `@@` written as a function, which GIN cannot serve);
 * - `<kind>_gin` (a rare word, or a common one the walk found fewer than CANDIDATES of): up to CANDIDATES matches
 *   through the GIN index, in no order — all of them when fewer;
 * - `<kind>_walk_old` (a word rare lately with CANDIDATES matches or more): the walk, for the newest OLD_CANDIDATES;
 * - `<kind>_candidates` and `<kind>_n` (the count, at most CANDIDATES) from whichever of these answered.
 * An empty tsquery (only stop words) matches nothing: `'' && wsq` would be the whole workspace.
 */
function candidateCtes(kind: string, table: string, filter: SQL, scope: SQL, score: (vector: SQL) => SQL): SQL {
  const t = sql.raw(table);
  const name = (part: string) => sql.raw(`${kind}_${part}`);
  // The walks read the scope's rows by its index, so the workspace lexeme (for GIN) is not needed there.
  const matches = sql`numnode(q.tsq) > 0 AND ts_match_vq(a.search_vector, q.tsq)`;
  const newest = (rows: number) => newestRows(table, 'a', scope, rows);
  const columns = sql`a.id, a.created_at, (${score(sql`a.search_vector`)})::float8 AS score`;
  const walk = (when: SQL, candidates: number) =>
    sql`SELECT ${columns} FROM ${newest(RECENT_WINDOW)}, q WHERE ${when} AND ${filter} AND ${matches} ORDER BY a.created_at DESC NULLS LAST LIMIT ${candidates}`;
  const common = sql`(SELECT n FROM ${name('probe')}) >= ${PROBE_COMMON}`;
  const walked = sql`(SELECT count(*) FROM ${name('walk')})`;
  const found = sql`(SELECT count(*) FROM ${name('gin')})`;
  return sql`${name('probe')} AS MATERIALIZED (SELECT count(*)::int AS n FROM ${newest(PROBE_ROWS)}, q WHERE ${filter} AND ${matches}),
    ${name('walk')} AS MATERIALIZED (${walk(common, CANDIDATES)}),
    ${name('gin')} AS MATERIALIZED (
      SELECT ${columns} FROM ${t} a, q WHERE ${walked} < ${CANDIDATES} AND ${filter} AND numnode(q.tsq) > 0 AND a.search_vector @@ (q.tsq && q.wsq) LIMIT ${CANDIDATES}),
    ${name('walk_old')} AS MATERIALIZED (${walk(sql`NOT ${common} AND ${found} >= ${CANDIDATES}`, OLD_CANDIDATES)}),
    ${name('candidates')} AS (
      SELECT * FROM ${name('walk')} WHERE ${walked} >= ${CANDIDATES} OR ${found} >= ${CANDIDATES}
      UNION ALL SELECT * FROM ${name('gin')} WHERE ${found} < ${CANDIDATES}
      UNION ALL SELECT * FROM ${name('walk_old')}),
    ${name('n')} AS (SELECT CASE WHEN ${walked} >= ${CANDIDATES} THEN ${CANDIDATES} ELSE ${found} END::int AS n)`;
}

/** A kind's best `limit` candidates, best first (ties: newest first), as `m` with id, created_at and score. */
function best(kind: string, limit: number): SQL {
  return sql`(SELECT id, created_at, score FROM ${sql.raw(`${kind}_candidates`)} ORDER BY score DESC, created_at DESC LIMIT ${limit}) m`;
}

/** The kinds of work a search finds, each ranked and counted on its own; equal scores keep this order. */
const KINDS = ['job', 'task', 'document', 'recording', 'photo'] as const;
type Kind = (typeof KINDS)[number];

/**
 * The kinds each of a search's concurrent statements reads (issue 37). One statement runs on one PostgreSQL backend,
 * one core: with every kind in it, a search's latency was the sum of the kinds' walks ("roof" 11.8 ms, "plumbng"'s
 * similar words 14.1 ms median on the benchmark data, two thirds of it tasks and jobs). Tasks, ten a job, are about as
 * much work as the other kinds together, so they get a statement of their own and the two run side by side on two
 * pool connections. At saturation it costs one more round trip and the tsquery made twice; the rows read are the same.
 */
const KIND_GROUPS: readonly (readonly Kind[])[] = [['task'], ['job', 'document', 'recording', 'photo']];

/**
 * The `kinds` of work matching the tsquery of CTE `q` (columns tsq and wsq; the similar-word search adds sim) in the
 * workspace, best first, with the number of matches of each kind (up to CANDIDATES).
 * `@@ (tsq && wsq)` lets GIN intersect the words with the workspace inside the index; the workspace_id conditions
 * stay, because a row's text could hold another workspace's lexeme.
 */
function hitsFromQuery(opts: { cte: SQL; similarWords: SQL; kinds: readonly Kind[]; workspaceId: string; recordings: RecordingsShape; userId: string; limit: number; score: (vector: SQL) => SQL }): SQL {
  const { cte, similarWords, workspaceId, limit, score } = opts;
  const inWorkspace = sql`a.workspace_id = ${workspaceId}`;
  // Recordings: the caller's own; an admin's search finds the workspace's (spec 001 §6).
  const recordingScope = opts.recordings === 'all' ? inWorkspace : sql`a.user_id = ${opts.userId}`;
  const recordingFilter = opts.recordings === 'all' ? inWorkspace : sql`${recordingScope} AND ${inWorkspace}`;
  const kinds: Record<Kind, { ctes: SQL; page: SQL }> = {
    job: {
      ctes: candidateCtes('job', 'jobs', inWorkspace, inWorkspace, score),
      page: sql`SELECT 'job' AS type, j.id, j.title, j.client_name, j.property_address, j.claim_number, j.description, j.status,
            NULL::text AS priority, j.id AS job_id, m.score, (SELECT n FROM job_n) AS total, ${similarWords} AS similar_words
       FROM ${best('job', limit)} JOIN jobs j ON j.id = m.id`,
    },
    task: {
      ctes: candidateCtes('task', 'tasks', inWorkspace, inWorkspace, score),
      page: sql`SELECT 'task' AS type, t.id, NULL AS title, NULL AS client_name, NULL AS property_address, NULL AS claim_number, t.description, t.status,
            t.priority, t.job_id, m.score, (SELECT n FROM task_n) AS total, ${similarWords} AS similar_words
       FROM ${best('task', limit)} JOIN tasks t ON t.id = m.id`,
    },
    document: {
      ctes: candidateCtes('document', 'documents', sql`${inWorkspace} AND a.status <> 'uploading'`, inWorkspace, score),
      page: sql`SELECT 'document', d.id, d.name, NULL, NULL, NULL, left(d.extracted_text, ${DOCUMENT_EXCERPT_SOURCE_CHARS}), d.status, NULL, d.job_id, m.score, (SELECT n FROM document_n), ${similarWords}
       FROM ${best('document', limit)} JOIN documents d ON d.id = m.id`,
    },
    recording: {
      ctes: candidateCtes('recording', 'recordings', sql`${recordingFilter} AND a.status = 'stored'`, recordingScope, score),
      page: sql`SELECT 'recording', r.id, r.file_name, NULL, NULL, r.phone_number, left(r.transcript_text, ${DOCUMENT_EXCERPT_SOURCE_CHARS}), r.transcription_status, NULL, NULL, m.score, (SELECT n FROM recording_n), ${similarWords}
       FROM ${best('recording', limit)} JOIN recordings r ON r.id = m.id`,
    },
    photo: {
      ctes: candidateCtes('photo', 'photos', sql`${inWorkspace} AND a.status <> 'uploading'`, inWorkspace, score),
      page: sql`SELECT 'photo', p.id, NULL, NULL, NULL, NULL, p.caption, p.stage, NULL, p.job_id, m.score, (SELECT n FROM photo_n), ${similarWords}
       FROM ${best('photo', limit)} JOIN photos p ON p.id = m.id`,
    },
  };
  const parts = opts.kinds.map((kind) => kinds[kind]);
  return sql`WITH ${cte},
    ${sql.join(parts.map((p) => p.ctes), sql`,\n    `)}
    ${sql.join(parts.map((p) => sql`(${p.page})`), sql`\n    UNION ALL\n    `)}`;
}

const NO_VISITS: ReadonlyMap<string, SearchNextVisit> = new Map();

/** Which of the caller's recordings a search reads: the workspace's (an admin) or their own. */
type RecordingsShape = 'all' | 'own';

/** What changes a search statement's text: exact or similar words, whose recordings, the page size, the kinds (KIND_GROUPS' index). */
type SearchShape = { words: 'exact' | 'similar'; recordings: RecordingsShape; limit: number; group: number };

/** A search's values, each a parameter: the words (the query, or the similar search's terms space-separated). */
type SearchValues = { words: string; workspaceId: string; workspaceLexeme: string; userId: string };

/**
 * Exact words (english stemming, websearch syntax): score 0.75–1 by ts_rank normalised as rank/(rank+1).
 * Similar words: each query term becomes (its 3 most similar dictionary words, trigram similarity ≥ 0.3), the
 * terms are ANDed, and full-text search runs with that. Scores stay below exact hits: (0.5 + 0.25 × rank) × the
 * weakest term's similarity.
 * Built once per shape (db/sql.ts shapedStatement): the statement is long, and building it cost a search ~2 ms of
 * the server's CPU every time (issue 37).
 */
const searchHits = shapedStatement<SearchShape, SearchValues, Hit>((shape, v) => {
  const common = { kinds: KIND_GROUPS[shape.group]!, workspaceId: v.workspaceId, recordings: shape.recordings, userId: v.userId, limit: shape.limit };
  if (shape.words === 'exact') {
    return hitsFromQuery({
      ...common,
      cte: sql`q AS (SELECT websearch_to_tsquery('english', ${v.words}) AS tsq, ${v.workspaceLexeme}::tsquery AS wsq)`,
      similarWords: sql`NULL::text`,
      score: (vector) => sql`0.75 + 0.25 * ts_rank(${vector}, q.tsq, 32)`,
    });
  }
  return hitsFromQuery({
    ...common,
    cte: sql`terms AS (SELECT DISTINCT term FROM unnest(string_to_array(${v.words}, ' ')) AS term),
      alternatives AS (
        SELECT t.term, w.word, similarity(w.word, t.term) AS sim FROM terms t
        CROSS JOIN LATERAL (SELECT word FROM search_words WHERE word % t.term ORDER BY similarity(word, t.term) DESC, word LIMIT 3) w),
      per_term AS (SELECT term, '(' || string_agg(word, ' | ') || ')' AS alternative, max(sim) AS best,
                          array_agg(word ORDER BY sim DESC, word) AS words FROM alternatives GROUP BY term),
      q AS (SELECT to_tsquery('english', string_agg(alternative, ' & ')) AS tsq, min(best) AS sim,
                   ${v.workspaceLexeme}::tsquery AS wsq, json_object_agg(term, words)::text AS similar_words FROM per_term)`,
    similarWords: sql`(SELECT similar_words FROM q)`,
    score: (vector) => sql`(0.5 + 0.25 * ts_rank(${vector}, q.tsq, 32)) * q.sim`,
  });
});

function fieldsOf(hit: Hit): SearchField[] {
  if (hit.type === 'task') return [{ label: 'description', text: hit.description }];
  if (hit.type === 'photo') return [{ label: 'caption', text: hit.description }];
  if (hit.type === 'document') return [{ label: 'name', text: hit.title }, { label: 'text', text: hit.description }];
  if (hit.type === 'recording') return [{ label: 'name', text: hit.title }, { label: 'phone', text: hit.claim_number }, { label: 'transcript', text: hit.description }];
  return [
    { label: 'title', text: hit.title },
    { label: 'client name', text: hit.client_name },
    { label: 'address', text: hit.property_address },
    { label: 'claim number', text: hit.claim_number },
    { label: 'description', text: hit.description },
  ];
}

function toResult(hit: Hit, query: QueryTerms, contacts: readonly PhoneContact[], nextVisits: ReadonlyMap<string, SearchNextVisit>): SearchResult {
  const { excerpt, match_reason } = explainMatch(query, fieldsOf(hit));
  // A job photo is an 'other' hit (the contract's type for a later feature's source): it opens its job.
  if (hit.type === 'photo') {
    const caption = hit.description ?? '';
    const title = `Photo: ${caption.length > 100 ? `${caption.slice(0, 100)}…` : caption}`;
    const score = Math.min(1, Math.max(0, Math.round(hit.score * 1000) / 1000));
    return { id: hit.id, type: 'other', title, description: caption.slice(0, 300), excerpt, match_reason, score, status: hit.status, priority: null, job_id: hit.job_id, task_id: null };
  }
  // A job's title, else its client name after the clean-up rule (spec 001 §5), as every screen shows it (the rule
  // only for a job without a title: it tests the name with three patterns).
  const title =
    hit.type === 'job'
      ? hit.title || (hit.client_name?.trim() ? cleanClientName(hit.client_name, contacts) : null) || hit.property_address || 'Untitled job'
      : hit.type === 'document' || hit.type === 'recording'
        ? (hit.title ?? (hit.type === 'document' ? 'Document' : 'Recording'))
        : (hit.description ?? '').length > 100
        ? `${hit.description!.slice(0, 100)}…`
        : (hit.description ?? '');
  return {
    id: hit.id,
    type: hit.type,
    title,
    description: hit.type === 'document' || hit.type === 'recording' ? (hit.description?.slice(0, 300) ?? null) : hit.description,
    excerpt,
    match_reason,
    score: Math.min(1, Math.max(0, Math.round(hit.score * 1000) / 1000)),
    status: hit.status,
    priority: hit.priority,
    job_id: hit.job_id,
    task_id: hit.type === 'task' ? hit.id : null,
    // A job's next visit (issue 34); on other kinds undefined, which the answer's JSON leaves out. Made here with the
    // rest: set afterwards it added a property to each finished object (a new shape each, ~4 µs a search).
    next_visit: hit.type === 'job' ? (nextVisits.get(hit.id) ?? null) : undefined,
  };
}

/**
 * Searches the caller's workspace's jobs, tasks, documents (name and extracted text), job photos (caption) and their recordings (name, phone, transcript). Exact words first (GIN on
 * the tsvector columns); only when that finds fewer than `limit` hits does a second statement search with
 * similar dictionary words, which is what finds 'plumbing' for 'plumbng'.
 */
export async function searchWork(opts: { db: Db; actor: Actor; query: SearchQuery; now?: Date }): Promise<SearchResponse> {
  const workspaceId = requireWorkspace(opts.actor);
  const text = opts.query.query;
  const limit = opts.query.limit;
  const recordings: RecordingsShape = opts.actor.role === 'admin' ? 'all' : 'own';
  const values = { workspaceId, workspaceLexeme: workspaceLexeme(workspaceId), userId: opts.actor.userId };
  // Each group of kinds in its own statement, side by side (KIND_GROUPS).
  const search = async (words: SearchShape['words'], searched: string) =>
    (await Promise.all(KIND_GROUPS.map((_, group) => searchHits(opts.db, { words, recordings, limit, group }, { ...values, words: searched })))).flat();
  const exact = await search('exact', text);
  let hits = exact;
  const totals = { job: 0, task: 0, document: 0, recording: 0, photo: 0 };
  // Every row of a kind carries its total: read where the kind changes (the rows come kind by kind), not at every
  // row — a row's type is a string pg made, not the literal, so each `totals[type]` looks it up by its characters.
  for (let i = 0; i < exact.length; i++) if (i === 0 || exact[i]!.type !== exact[i - 1]!.type) totals[exact[i]!.type] = exact[i]!.total;
  const terms = [...new Set(words(text).filter((w) => w.length >= 3 && w.length <= 40))];
  let similarWords: SimilarWords = {};
  if (totals.job + totals.task + totals.document + totals.recording + totals.photo < limit && terms.length > 0) {
    const similar = await search('similar', terms.join(' '));
    // Every row of that search carries the same words (one value of the statement): read once.
    const carried = similar.find((h) => h.similar_words)?.similar_words;
    if (carried) similarWords = JSON.parse(carried) as SimilarWords;
    // The similar-word search is (nearly) a superset of the exact one; keep each row once, with its best score.
    const byId = new Map(exact.map((h) => [h.id, h]));
    for (let i = 0; i < similar.length; i++) {
      const h = similar[i]!;
      if (i === 0 || h.type !== similar[i - 1]!.type) totals[h.type] = Math.max(totals[h.type], h.total);
      const seen = byId.get(h.id);
      if (!seen || Number(seen.score) < Number(h.score)) byId.set(h.id, h);
    }
    hits = [...byId.values()];
  }
  // The rows are this search's own (parsed for it): scored in place rather than copied.
  for (const h of hits) h.score = Number(h.score);
  // Ties by kind with KINDS.indexOf, which compares: a row's type is a string pg made, and a lookup keyed by it (an
  // object of the kinds' places) finds it by its characters in V8's string table at every comparison (issue 37).
  const top = hits.sort((a, b) => b.score - a.score || KINDS.indexOf(a.type) - KINDS.indexOf(b.type)).slice(0, limit);
  // Phone-like client names show as the caller's contact of that number: one lookup for the page's phones.
  const phones = top.flatMap((h) => (h.type === 'job' && !h.title && h.client_name && isPhoneLike(h.client_name) ? [h.client_name] : []));
  const { contacts } = phones.length ? await findContactsByPhone({ db: opts.db, actor: opts.actor, phones }) : { contacts: [] };
  // Job hits show their next visit (issue 34: "Lopez" tells when the crew goes): one statement for the page's jobs.
  const jobIds = top.filter((h) => h.type === 'job').map((h) => h.id);
  let nextVisits = NO_VISITS;
  if (jobIds.length > 0) {
    const timeZone = await workspaceTimeZone(opts.db, workspaceId);
    nextVisits = await findNextVisitsOfJobs(opts.db, { workspaceId, jobIds, timeZone, now: opts.now ?? new Date() });
  }
  const query = new QueryTerms(text, similarWords);
  const results = top.map((h) => toResult(h, query, contacts, nextVisits));
  return { success: true, results, summary: searchSummary(text, { jobs: totals.job, tasks: totals.task, documents: totals.document, recordings: totals.recording, photos: totals.photo }, CANDIDATES) };
}
