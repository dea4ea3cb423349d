import { sql } from 'drizzle-orm';
import { boolean, date, index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './_columns';
import { users } from './auth';
import { workspaces } from './workspaces';

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
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('jobs_workspace_created_idx').on(t.workspaceId, t.createdAt.desc(), t.id),
    index('jobs_workspace_status_created_idx').on(t.workspaceId, t.status, t.createdAt.desc()),
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
    groupId: uuid(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('tasks_workspace_created_idx').on(t.workspaceId, t.createdAt.desc(), t.id),
    index('tasks_workspace_status_created_idx').on(t.workspaceId, t.status, t.createdAt.desc()),
    index('tasks_job_idx').on(t.jobId, t.createdAt.desc()),
    index('tasks_workspace_assignee_idx').on(t.workspaceId, t.assignedTo),
    index('tasks_description_trgm_idx').using('gin', sql`${t.description} gin_trgm_ops`),
  ],
);

/** Contacts belong to their owner; owners share them with groups (shared_contacts, with the groups issue). */
export const contacts = pgTable(
  'contacts',
  {
    id: id(),
    ownerId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    /** Digits only, exactly 10. */
    phoneNumber: text().notNull(),
    email: text(),
    notes: text(),
    role: text(),
    emailOptIn: boolean().notNull().default(false),
    smsOptIn: boolean().notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('contacts_owner_name_idx').on(t.ownerId, t.name), index('contacts_owner_phone_idx').on(t.ownerId, t.phoneNumber)],
);
