import { sql } from 'drizzle-orm';
import { customType, date, index, integer, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './_columns';
import { users } from './auth';
import { groups } from './groups';
import { workspaces } from './workspaces';

export const DEFAULT_DOCUMENT_TYPES = ['contract', 'estimate', 'invoice', 'permit', 'inspection_report'];

/** PostgreSQL's full-text document type (drizzle has no built-in for it). */
export const tsvector = customType<{ data: string }>({
  dataType: () => 'tsvector',
});

/**
 * The lexeme 'ws<workspace id without dashes>' in a row's search vector. A search ANDs it into the query
 * (search.service.ts), so GIN intersects posting lists inside the index: cost follows the caller's matches,
 * not every tenant's. Plain sql.raw: it names the row's own column inside a generated-column expression.
 */
export const WORKSPACE_LEXEME_SQL = sql.raw(`array_to_tsvector(ARRAY['ws' || replace("workspace_id"::text, '-', '')])`);

/** Jobs belong to a workspace and are shared by its members. */
export const jobs = pgTable(
  'jobs',
  {
    id: id(),
    workspaceId: uuid()
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    clientName: text(),
    propertyAddress: text(),
    claimNumber: text(),
    status: text().$type<'active' | 'pending' | 'in progress' | 'completed' | 'cancelled'>().notNull().default('active'),
    title: text(),
    description: text(),
    dueDate: date({ mode: 'string' }),
    metadata: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    documentTypes: jsonb().$type<string[]>().notNull().default(DEFAULT_DOCUMENT_TYPES),
    /**
     * Full-text search document (english): title and client weigh most, then address and claim, then description.
     * Plus one workspace lexeme (WORKSPACE_LEXEME_SQL), so the GIN index answers "these words in this workspace"
     * without visiting other tenants' matching rows.
     */
    searchVector: tsvector()
      .notNull()
      .generatedAlwaysAs(
        sql`setweight(to_tsvector('english'::regconfig, coalesce("title", '') || ' ' || coalesce("client_name", '')), 'A') || setweight(to_tsvector('english'::regconfig, coalesce("property_address", '') || ' ' || coalesce("claim_number", '')), 'B') || setweight(to_tsvector('english'::regconfig, coalesce("description", '')), 'C') || ${WORKSPACE_LEXEME_SQL}`,
      ),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('jobs_workspace_created_idx').on(t.workspaceId, t.createdAt.desc(), t.id),
    index('jobs_workspace_status_created_idx').on(t.workspaceId, t.status, t.createdAt.desc()),
    // The Standard home and the optimized home's activeJobs: not completed, by due date (undated last).
    index('jobs_workspace_open_due_idx')
      .on(t.workspaceId, t.dueDate.asc().nullsLast(), t.createdAt.desc())
      .where(sql`${t.status} <> 'completed'`),
    index('jobs_search_vector_idx').using('gin', t.searchVector),
    index('jobs_search_trgm_idx').using(
      'gin',
      sql`(coalesce(${t.clientName}, '') || ' ' || coalesce(${t.propertyAddress}, '') || ' ' || coalesce(${t.title}, '') || ' ' || coalesce(${t.claimNumber}, '')) gin_trgm_ops`,
    ),
  ],
);

/** Tasks belong to a job (and so to its workspace). workspace_id is denormalised for tenant filtering. */
export const tasks = pgTable(
  'tasks',
  {
    id: id(),
    workspaceId: uuid()
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    jobId: uuid()
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    description: text().notNull(),
    /** A contact's phone (10 digits), or null for unassigned. */
    assignedTo: text(),
    status: text().$type<'pending' | 'in progress' | 'completed'>().notNull().default('pending'),
    priority: text().$type<'low' | 'medium' | 'high'>().notNull().default('medium'),
    dueDate: date({ mode: 'string' }),
    documentId: uuid(),
    /** A group of the task's workspace (checked by the tasks service); a deleted group leaves its tasks ungrouped. */
    groupId: uuid().references(() => groups.id, { onDelete: 'set null' }),
    searchVector: tsvector()
      .notNull()
      .generatedAlwaysAs(sql`to_tsvector('english'::regconfig, "description") || ${WORKSPACE_LEXEME_SQL}`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('tasks_workspace_created_idx').on(t.workspaceId, t.createdAt.desc(), t.id),
    index('tasks_workspace_status_created_idx').on(t.workspaceId, t.status, t.createdAt.desc()),
    index('tasks_job_idx').on(t.jobId, t.createdAt.desc()),
    index('tasks_workspace_assignee_idx').on(t.workspaceId, t.assignedTo),
    index('tasks_group_created_idx').on(t.groupId, t.createdAt.desc()),
    index('tasks_description_trgm_idx').using('gin', sql`${t.description} gin_trgm_ops`),
    index('tasks_search_vector_idx').using('gin', t.searchVector),
  ],
);

/**
 * Row counts of jobs and tasks per workspace and status, kept exact by statement-level triggers (migration
 * 0003_work_counts). Why: every list answers a `total`, and counting 100k tasks per request costs milliseconds
 * of database CPU — more than the whole page query. No foreign key: a cascading workspace delete fires the
 * triggers after the workspace row is gone.
 */
export const workspaceCounts = pgTable(
  'workspace_counts',
  {
    workspaceId: uuid().notNull(),
    entity: text().$type<'jobs' | 'tasks' | 'documents'>().notNull(),
    status: text().notNull(),
    count: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.entity, t.status] })],
);

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
