import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, ownerRef, updatedAt } from '../../db/schema/_columns';
import { users } from '../auth/auth.schema';
import { jobs } from '../jobs/jobs.schema';
import { workspaces } from '../workspaces/workspaces.schema';

/**
 * The schedule feature's tables (issue 34; docs/ARCHITECTURE.md, table ownership). Instants are UTC (`timestamptz`);
 * local dates and wall-clock times ('HH:MM') are in the workspace's time zone, kept beside the instants they name
 * so a series stays at 9:00 local across daylight-saving changes.
 */

/** A crew: a named, coloured team of workspace members. */
export const crews = pgTable(
  'crews',
  {
    id: id(),
    workspaceId: ownerRef(() => workspaces.id),
    name: text().notNull(),
    /** A Mantine palette colour name (contract CREW_COLOURS). */
    colour: text().notNull().default('blue'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('crews_workspace_name_idx').on(t.workspaceId, sql`lower(${t.name})`)],
);

export const crewMembers = pgTable(
  'crew_members',
  {
    crewId: ownerRef(() => crews.id),
    userId: ownerRef(() => users.id),
    workspaceId: ownerRef(() => workspaces.id),
  },
  (t) => [primaryKey({ columns: [t.crewId, t.userId] }), index('crew_members_user_idx').on(t.userId)],
);

/**
 * A repeating visit: the rule, the first occurrence's local date and wall-clock start, its zone, and the template
 * its visits are made from. Its visits are materialised ahead over a rolling horizon by the one job runner
 * (`visitSeriesJob`): this row is the job (due `nextAttemptAt`, lease `lockedUntil`), pending while `status` is
 * 'active'.
 */
export const visitSeries = pgTable(
  'visit_series',
  {
    id: id(),
    workspaceId: ownerRef(() => workspaces.id),
    jobId: ownerRef(() => jobs.id),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    /** RFC 5545 RRULE without DTSTART (FREQ=MONTHLY;INTERVAL=3;BYDAY=2TU). */
    rrule: text().notNull(),
    /** DTSTART: the first occurrence's local date and wall-clock time in `timeZone`. */
    startDate: date({ mode: 'string' }).notNull(),
    startTime: text().notNull(),
    /** The zone the rule runs in (the workspace's when the series was made). */
    timeZone: text().notNull(),
    durationMinutes: integer().notNull(),
    allDay: boolean().notNull().default(false),
    /** All-day: how many local days each occurrence spans. */
    dayCount: integer().notNull().default(1),
    arrivalStart: text(),
    arrivalEnd: text(),
    notes: text(),
    crewIds: jsonb().$type<string[]>().notNull().default([]),
    userIds: jsonb().$type<string[]>().notNull().default([]),
    /** 'active' while occurrences remain to be made; 'ended' once the rule has none left; 'failed' if it cannot run. */
    status: text().$type<'active' | 'ended' | 'failed'>().notNull().default('active'),
    /** Occurrences starting before this instant exist as visits (or were cancelled / moved as exceptions). */
    materialisedUntil: timestamp({ withTimezone: true }),
    nextAttemptAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp({ withTimezone: true }),
    attempts: integer().notNull().default(0),
    lastError: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('visit_series_workspace_idx').on(t.workspaceId),
    index('visit_series_due_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'active'`),
    check('visit_series_status_check', sql`${t.status} in ('active','ended','failed')`),
  ],
);

/**
 * A visit of a job. An all-day visit is stored as the instants its local days span (start of `localDate` to the start
 * of the day after `endLocalDate`), so one range condition finds timed and all-day visits alike.
 * A series' visit keeps its `occurrenceDate`; edited on its own it is an exception (`isException`) that edits of the
 * whole series leave alone, and a cancelled occurrence stays as a cancelled row, so it is never made again.
 */
export const visits = pgTable(
  'visits',
  {
    id: id(),
    workspaceId: ownerRef(() => workspaces.id),
    jobId: ownerRef(() => jobs.id),
    seriesId: uuid().references(() => visitSeries.id, { onDelete: 'set null' }),
    occurrenceDate: date({ mode: 'string' }),
    isException: boolean().notNull().default(false),
    startsAt: timestamp({ withTimezone: true }).notNull(),
    endsAt: timestamp({ withTimezone: true }).notNull(),
    allDay: boolean().notNull().default(false),
    localDate: date({ mode: 'string' }).notNull(),
    endLocalDate: date({ mode: 'string' }).notNull(),
    /** The client's arrival window, wall-clock 'HH:MM' in the workspace's zone. */
    arrivalStart: text(),
    arrivalEnd: text(),
    status: text().$type<'scheduled' | 'on_the_way' | 'in_progress' | 'completed' | 'cancelled'>().notNull().default('scheduled'),
    onTheWayAt: timestamp({ withTimezone: true }),
    startedAt: timestamp({ withTimezone: true }),
    completedAt: timestamp({ withTimezone: true }),
    cancelledAt: timestamp({ withTimezone: true }),
    notes: text(),
    /** Optimistic concurrency: every change adds 1 and needs the version the editor read. */
    version: integer().notNull().default(1),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // The board: the workspace's visits by start; the range condition also bounds ends_at.
    index('visits_workspace_starts_idx').on(t.workspaceId, t.startsAt),
    index('visits_job_idx').on(t.jobId),
    uniqueIndex('visits_series_occurrence_idx').on(t.seriesId, t.occurrenceDate),
    check('visits_status_check', sql`${t.status} in ('scheduled','on_the_way','in_progress','completed','cancelled')`),
    check('visits_ends_after_starts_check', sql`${t.endsAt} > ${t.startsAt}`),
  ],
);

/** Who does a visit: crews … */
export const visitCrews = pgTable(
  'visit_crews',
  {
    visitId: ownerRef(() => visits.id),
    crewId: ownerRef(() => crews.id),
    workspaceId: ownerRef(() => workspaces.id),
  },
  (t) => [primaryKey({ columns: [t.visitId, t.crewId] }), index('visit_crews_crew_idx').on(t.crewId)],
);

/** … and people. */
export const visitPeople = pgTable(
  'visit_people',
  {
    visitId: ownerRef(() => visits.id),
    userId: ownerRef(() => users.id),
    workspaceId: ownerRef(() => workspaces.id),
  },
  (t) => [primaryKey({ columns: [t.visitId, t.userId] }), index('visit_people_user_idx').on(t.userId)],
);

/** A person's calendar feed link: only the token's hash is kept; a new link replaces the old (reset). */
export const calendarFeeds = pgTable(
  'calendar_feeds',
  {
    userId: uuid()
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('calendar_feeds_token_hash_idx').on(t.tokenHash)],
);
