import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, ownerRef } from '../../db/schema/_columns';
import { users } from '../auth/auth.schema';
import { jobs } from '../jobs/jobs.schema';
import { workspaces } from '../workspaces/workspaces.schema';

/**
 * A shared gallery (issue 35): chosen photos of one job that a client opens by a signed link (platform/client-links.ts
 * GALLERY_LINKS) until `expires_at` — the link's own expiry, whole seconds, so the same link is made again from the row —
 * unless the office revoked it (`revoked_at`). The link opens these photos and no other.
 */
export const photoGalleries = pgTable(
  'photo_galleries',
  {
    id: id(),
    workspaceId: ownerRef(() => workspaces.id),
    jobId: ownerRef(() => jobs.id),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    label: text().notNull().default(''),
    photoIds: uuid().array().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    revokedAt: timestamp({ withTimezone: true }),
    viewedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('photo_galleries_job_created_idx').on(t.jobId, t.createdAt.desc())],
);
