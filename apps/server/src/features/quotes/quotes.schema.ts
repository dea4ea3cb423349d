import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, jsonb, pgTable, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, ownerRef, updatedAt } from '../../db/schema/_columns';
import { users } from '../auth/auth.schema';
import { documents } from '../documents/documents.schema';
import { jobs } from '../jobs/jobs.schema';
import { workspaces } from '../workspaces/workspaces.schema';

/** The quotes feature's tables (issue 27; docs/ARCHITECTURE.md, table ownership). Money is integer cents. */

export type StoredAdjustment = { type: 'amount'; cents: number } | { type: 'percent'; milliPercent: number } | null;
export type StoredOption = { name: string; description: string };

/**
 * One revision of a quote. Revisions of one quote share `family_id` (the first revision's id) and its number; a
 * sent revision is never edited: revising copies it into a new draft (one per family at a time) while the sent one
 * stays live; sending the draft marks the earlier one superseded. A sent quote may be withdrawn: its link then
 * refuses to show it, for good (issue 32 item 7).
 */
export const quotes = pgTable(
  'quotes',
  {
    id: id(),
    workspaceId: ownerRef(() => workspaces.id),
    jobId: ownerRef(() => jobs.id),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    familyId: uuid().notNull(),
    /**
     * `Q-<sequence>` (Q-1001, Q-1002, … per workspace: quotes.service nextQuoteNumber), the same for every revision.
     * Quotes made before the sequence keep the number they were sent with (Q-<yyyymmdd>-<4 id characters>).
     */
    number: text().notNull(),
    /** The workspace's running quote number (null on quotes numbered before it); revisions share it. */
    sequence: integer(),
    revision: integer().notNull().default(1),
    status: text().$type<'draft' | 'sent' | 'viewed' | 'approved' | 'declined' | 'expired' | 'superseded' | 'withdrawn'>().notNull().default('draft'),
    title: text().notNull(),
    options: jsonb().$type<StoredOption[]>().notNull().default([]),
    discount: jsonb().$type<StoredAdjustment>(),
    taxRateMilliPercent: integer().notNull().default(0),
    deposit: jsonb().$type<StoredAdjustment>(),
    /** The last day the quote is valid, as the contractor typed it ("Valid until"). */
    expiresOn: date({ mode: 'string' }).notNull(),
    /**
     * When it stops: the end of `expiresOn` in the workspace's time zone (issue 32), worked out when the date is saved
     * and again when the quote is sent, so the link and the status follow the zone the client was told.
     */
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    notes: text().notNull().default(''),
    terms: text().notNull().default(''),
    /** The first time this revision was sent (Send Again never moves it: the audit trail keeps both, issue 32). */
    firstSentAt: timestamp({ withTimezone: true }),
    /** The last time it was sent. */
    sentAt: timestamp({ withTimezone: true }),
    viewedAt: timestamp({ withTimezone: true }),
    /** The email address the quote was last sent to: the client's copy of what they signed goes there (issue 32 item 9). */
    sentEmail: text(),
    decidedAt: timestamp({ withTimezone: true }),
    declineReason: text(),
    /** When the contractor withdrew the sent quote (its link then says so; the status is 'withdrawn'). */
    withdrawnAt: timestamp({ withTimezone: true }),
    supersededBy: uuid(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('quotes_job_created_idx').on(t.jobId, t.createdAt.desc()),
    index('quotes_workspace_created_idx').on(t.workspaceId, t.createdAt.desc()),
    // The follow-up scan (client-messages): a workspace's sent quotes read on by (first_sent_at, id).
    index('quotes_workspace_first_sent_idx').on(t.workspaceId, t.firstSentAt, t.id).where(sql`${t.firstSentAt} is not null`),
    uniqueIndex('quotes_family_revision_idx').on(t.familyId, t.revision),
    // One family per number in a workspace (its revisions share it); also the next number's max(sequence).
    uniqueIndex('quotes_workspace_sequence_idx').on(t.workspaceId, t.sequence, t.revision),
    check('quotes_status_check', sql`${t.status} in ('draft','sent','viewed','approved','declined','expired','superseded','withdrawn')`),
  ],
);

/** A quote's lines, in order; `section` groups them on the page, `option` puts one in an option package (0–2). */
export const quoteItems = pgTable(
  'quote_items',
  {
    id: id(),
    quoteId: ownerRef(() => quotes.id),
    workspaceId: ownerRef(() => workspaces.id),
    position: integer().notNull(),
    section: text(),
    name: text().notNull(),
    description: text().notNull().default(''),
    /** Thousandths of a unit. */
    quantityMilli: integer().notNull(),
    unit: text().notNull().default(''),
    unitPriceCents: integer().notNull(),
    taxable: boolean().notNull().default(true),
    optional: boolean().notNull().default(false),
    option: smallint(),
  },
  (t) => [
    index('quote_items_quote_idx').on(t.quoteId, t.position),
    // The price book: items of the workspace's quotes by name.
    index('quote_items_workspace_name_idx').on(t.workspaceId, sql`lower(${t.name})`),
  ],
);

/**
 * The homeowner's approval: what they chose, their typed name and drawn signature, when, from where, and the
 * SHA-256 of exactly what they were shown (`shown`, the canonical JSON kept beside it). One per quote. The row is
 * also the signed PDF's job (platform/jobs.ts): pending until the PDF is stored as a document on the job.
 */
export const quoteApprovals = pgTable(
  'quote_approvals',
  {
    id: id(),
    quoteId: ownerRef(() => quotes.id),
    workspaceId: ownerRef(() => workspaces.id),
    option: smallint(),
    optionalItemIds: jsonb().$type<string[]>().notNull().default([]),
    signerName: text().notNull(),
    /** The PNG, base64 (the data URL's payload); null for an approval marked by hand (no signature was drawn). */
    signaturePng: text(),
    /**
     * How the client approved: 'signature' on the quote's page, or recorded by hand by a member of the workspace
     * (issue 32 item 9) — 'verbal', 'paper' or 'other', with `note` and the member in `recorded_by`.
     */
    method: text().$type<'signature' | 'verbal' | 'paper' | 'other'>().notNull().default('signature'),
    note: text(),
    recordedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    consent: boolean().notNull(),
    ipAddress: text(),
    userAgent: text(),
    shown: jsonb().$type<Record<string, unknown>>().notNull(),
    fingerprint: text().notNull(),
    totals: jsonb().$type<Record<string, number>>().notNull(),
    approvedAt: timestamp({ withTimezone: true }).notNull(),
    documentId: uuid().references(() => documents.id, { onDelete: 'set null' }),
    pdfStatus: text().$type<'pending' | 'done' | 'failed'>().notNull().default('pending'),
    pdfError: text(),
    /** When the first signed PDF was stored: the author is emailed with that one only, not with one made again. */
    pdfMadeAt: timestamp({ withTimezone: true }),
    attempts: integer().notNull().default(0),
    nextAttemptAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('quote_approvals_quote_idx').on(t.quoteId),
    check('quote_approvals_method_check', sql`${t.method} in ('signature','verbal','paper','other')`),
    // A signature approval has its image; one marked by hand has none.
    check('quote_approvals_signature_check', sql`(${t.method} = 'signature') = (${t.signaturePng} is not null)`),
    index('quote_approvals_pdf_due_idx').on(t.nextAttemptAt).where(sql`${t.pdfStatus} = 'pending'`),
  ],
);

/**
 * A workspace's quote settings (issue 33; a row only once an admin changed one): the deposit step on approval — none,
 * offered (the default: the client's page offers Pay deposit after approving) or required (approving leads straight
 * to paying it).
 */
export const quoteSettings = pgTable(
  'quote_settings',
  {
    workspaceId: uuid()
      .primaryKey()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    depositMode: text().$type<'none' | 'offered' | 'required'>().notNull().default('offered'),
    updatedAt: updatedAt(),
  },
  (t) => [check('quote_settings_deposit_mode_check', sql`${t.depositMode} in ('none','offered','required')`)],
);
