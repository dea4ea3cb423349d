import { sql } from 'drizzle-orm';
import { date, index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, tsvector, updatedAt, WORKSPACE_LEXEME_SQL } from '../../db/schema/_columns';
import { users } from '../auth/auth.schema';
import { workspaces } from '../workspaces/workspaces.schema';

/** The jobs feature's tables (docs/ARCHITECTURE.md, table ownership): only the jobs feature reads and writes them. */

export const DEFAULT_DOCUMENT_TYPES = ['contract', 'estimate', 'invoice', 'permit', 'inspection_report'];

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
