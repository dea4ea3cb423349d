import { z } from 'zod';
import { defineEndpoint } from './endpoint';

/** GET /api/search?query=…: a non-empty trimmed query (spec 001 §5); limit default 20, max 50. */
export const SearchQuerySchema = z.object({
  query: z.string({ error: 'Search query is required' }).trim().min(1, 'Search query is required').max(200),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});
export type SearchQuery = z.infer<typeof SearchQuerySchema>;

/**
 * Spec 001 §3 names document, task and other. Jobs stay a type of their own (a hit on a job opens the job, and the
 * screens colour and label it), so the set is job, task, document and other — other for any source a later
 * feature adds before it gets its own type; it opens its job when it has one.
 */
export const SearchResultTypeSchema = z.enum(['job', 'task', 'document', 'recording', 'other']);

/**
 * One hit. title: the job's title (else client name) or the task's description; excerpt: text around the matched
 * words with them wrapped in <b>…</b> (ts_headline); match_reason e.g. 'Matched "roof" in description' or
 * 'Similar to "plumbing"'; score 0–1 (shown as a percent).
 */
/**
 * A job hit's next visit (issue 34): the first not finished and not cancelled that has not ended, its date and
 * wall-clock times in the workspace's zone (null times: all day), so "Lopez" shows when the crew goes.
 */
export const SearchNextVisitSchema = z.object({
  id: z.uuid(),
  local_date: z.string(),
  all_day: z.boolean(),
  start_time: z.string().nullable(),
  end_time: z.string().nullable(),
  status: z.string(),
  crews: z.array(z.string()),
});
export type SearchNextVisit = z.infer<typeof SearchNextVisitSchema>;

export const SearchResultSchema = z.object({
  id: z.uuid(),
  type: SearchResultTypeSchema,
  title: z.string(),
  description: z.string().nullable(),
  excerpt: z.string(),
  match_reason: z.string(),
  score: z.number().min(0).max(1),
  status: z.string().nullable(),
  priority: z.string().nullable(),
  job_id: z.uuid().nullable(),
  task_id: z.uuid().nullable(),
  /** Jobs only: the job's next visit, or null when none is to come. */
  next_visit: SearchNextVisitSchema.nullable().optional(),
});
export type SearchResult = z.infer<typeof SearchResultSchema>;

/** summary e.g. 'Found 3 tasks and 1 job matching "roof"' or 'No results found for "roof"'. */
export const SearchResponseSchema = z.object({ success: z.literal(true), results: z.array(SearchResultSchema), summary: z.string() });
export type SearchResponse = z.infer<typeof SearchResponseSchema>;

export const searchEndpoints = {
  search: defineEndpoint({
    method: 'GET',
    path: '/api/search',
    access: 'workspace',
    summary: "Search the workspace's jobs and tasks (full text + similar words)",
    tags: ['search'],
    query: SearchQuerySchema,
    response: SearchResponseSchema,
  }),
};
