import { sql } from 'drizzle-orm';
import { date, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, ownerRef, tsvector, updatedAt, WORKSPACE_LEXEME_SQL } from '../../db/schema/_columns';
import { users } from '../auth/auth.schema';
import { groups } from '../groups/groups.schema';
import { jobs } from '../jobs/jobs.schema';
import { workspaces } from '../workspaces/workspaces.schema';

/** The tasks feature's tables (docs/ARCHITECTURE.md, table ownership): only the tasks feature reads and writes them. */

/** Tasks belong to a job (and so to its workspace). workspace_id is denormalised for tenant filtering. */
export const tasks = pgTable(
  'tasks',
  {
    id: id(),
    workspaceId: ownerRef(() => workspaces.id),
    jobId: ownerRef(() => jobs.id),
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
