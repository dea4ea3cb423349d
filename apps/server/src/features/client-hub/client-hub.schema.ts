import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, ownerRef, updatedAt } from '../../db/schema/_columns';
import { users } from '../auth/auth.schema';
import { contacts } from '../contacts/contacts.schema';
import { jobs } from '../jobs/jobs.schema';
import { workspaces } from '../workspaces/workspaces.schema';

/**
 * The client hub's tables (issue 36; docs/ARCHITECTURE.md, table ownership). One hub per client contact of a
 * workspace, made the first time Fieldbook sends that contact something. Nothing is stored per link (a link is signed:
 * platform/client-links.ts); revoking is the hub's state — every link sent before `links_valid_after` answers "turned
 * off", and so does every session such a link gave.
 */
export const clientHubs = pgTable(
  'client_hubs',
  {
    id: id(),
    workspaceId: ownerRef(() => workspaces.id),
    contactId: ownerRef(() => contacts.id),
    /** Who the page tells the client to call: the member who last sent them something. */
    contractorId: uuid().references(() => users.id, { onDelete: 'set null' }),
    /** Links (and sessions) issued before this are refused; null: never revoked. */
    linksValidAfter: timestamp({ withTimezone: true }),
    // The one-time code of an old link's re-confirmation (platform/one-time-codes.ts keeps the rules).
    codeHash: text(),
    codeSentAt: timestamp({ withTimezone: true }),
    codeExpiresAt: timestamp({ withTimezone: true }),
    codeAttempts: integer().notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('client_hubs_workspace_contact_idx').on(t.workspaceId, t.contactId), index('client_hubs_contact_idx').on(t.contactId)],
);

/**
 * What a hub shows: the quotes and invoices sent to its contact (recorded by the send, so another contact's items on
 * the same job stay theirs), and the jobs they belong to (their visits show).
 */
export const clientHubItems = pgTable(
  'client_hub_items',
  {
    hubId: ownerRef(() => clientHubs.id),
    workspaceId: ownerRef(() => workspaces.id),
    kind: text().$type<'quote' | 'invoice'>().notNull(),
    itemId: uuid().notNull(),
    jobId: ownerRef(() => jobs.id),
    linkedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.hubId, t.kind, t.itemId] }),
    // A reminder finds the hub its invoice was sent through.
    index('client_hub_items_item_idx').on(t.workspaceId, t.kind, t.itemId, t.linkedAt.desc()),
    check('client_hub_items_kind_check', sql`${t.kind} in ('quote','invoice')`),
  ],
);
