import type { PhotoReportStatus } from '@fieldbook/contract';
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, ownerRef, updatedAt } from '../../db/schema/_columns';
import { users } from '../auth/auth.schema';
import { jobs } from '../jobs/jobs.schema';
import { workspaces } from '../workspaces/workspaces.schema';

/**
 * A photo report asked for on a job (issue 35): which photos, in the order chosen, and the report job's state. The row
 * is the job (platform/jobs.ts): 'pending' is due work; 'done' names the document the PDF was stored as — under the
 * report's own id, so a retried run finds the stored document instead of adding a second.
 */
export const photoReports = pgTable(
  'photo_reports',
  {
    id: id(),
    workspaceId: ownerRef(() => workspaces.id),
    jobId: ownerRef(() => jobs.id),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    title: text().notNull(),
    photoIds: uuid().array().notNull(),
    status: text().$type<PhotoReportStatus>().notNull().default('pending'),
    error: text(),
    documentId: uuid(),
    attempts: integer().notNull().default(0),
    nextAttemptAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('photo_reports_job_created_idx').on(t.jobId, t.createdAt.desc()),
    index('photo_reports_queue_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
  ],
);
