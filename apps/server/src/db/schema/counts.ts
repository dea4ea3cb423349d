import { integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';

/**
 * Platform-owned (docs/ARCHITECTURE.md, table ownership): no feature writes this table — triggers on jobs, tasks and
 * documents do — and each of those features reads only its own entity's rows, through platform/workspace-counts.ts.
 */

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
