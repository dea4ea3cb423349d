import { bigint, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, ownerRef, updatedAt } from '../../db/schema/_columns';
import { users } from '../auth/auth.schema';
import { contacts } from '../contacts/contacts.schema';
import { jobs } from '../jobs/jobs.schema';
import { workspaces } from '../workspaces/workspaces.schema';

/** The work-requests feature's tables (issue 36; docs/ARCHITECTURE.md, table ownership). */

/**
 * A workspace's public "Request work" link: /r/<token>. A random token, not a signed link, so that an admin can reset
 * it (a new row value) and the old one stops working at once; it is shown on the contractor's own website, no secret.
 */
export const workRequestLinks = pgTable(
  'work_request_links',
  {
    workspaceId: uuid()
      .primaryKey()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    token: text().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('work_request_links_token_idx').on(t.token)],
);

export type WorkRequestRowStatus = 'new' | 'converted' | 'declined';

/** A homeowner's request for work, from the public link or the client hub; the office converts or declines it. */
export const workRequests = pgTable(
  'work_requests',
  {
    id: id(),
    workspaceId: ownerRef(() => workspaces.id),
    status: text().$type<WorkRequestRowStatus>().notNull().default('new'),
    source: text().$type<'link' | 'hub'>().notNull(),
    what: text().notNull(),
    address: text().notNull(),
    preferredTimes: text().notNull().default(''),
    name: text().notNull(),
    /** Ten digits (the contacts' rule). */
    phone: text().notNull(),
    email: text(),
    /** The hub's verified contact, or the contact "Create job" made or matched. */
    contactId: uuid().references(() => contacts.id, { onDelete: 'set null' }),
    jobId: uuid().references(() => jobs.id, { onDelete: 'set null' }),
    decidedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('work_requests_workspace_status_created_idx').on(t.workspaceId, t.status, t.createdAt.desc(), t.id.desc())],
);

/** A request's photo: the upload path's row (status 'uploading' while its blob is written), its original only. */
export const workRequestPhotos = pgTable(
  'work_request_photos',
  {
    id: id(),
    workspaceId: ownerRef(() => workspaces.id),
    requestId: ownerRef(() => workRequests.id),
    status: text().$type<'uploading' | 'ready'>().notNull(),
    /** work-requests/<workspace>/<id>. */
    storageKey: text().notNull(),
    contentType: text().notNull(),
    byteSize: bigint({ mode: 'number' }).notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('work_request_photos_request_idx').on(t.requestId, t.createdAt)],
);

/**
 * Proof-of-work challenges already spent: one use each. A row lives until its challenge expires (then it could not be
 * used anyway), so the table holds at most what the per-address and per-link limits let through in a challenge's life.
 */
export const workRequestChallenges = pgTable(
  'work_request_challenges',
  {
    /** SHA-256 of the challenge (hex). */
    key: text().primaryKey(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('work_request_challenges_expires_idx').on(t.expiresAt)],
);
