import { z } from 'zod';
import { IdParamsSchema, OkSchema, optionalText } from './common';
import { defineEndpoint } from './endpoint';

/**
 * The schedule (issue 34): visits of jobs on a crew board, recurring visits, the crew's day, a personal calendar feed.
 *
 * Time: every instant is ISO 8601 UTC (`starts_at`, `ends_at`, the status timestamps); every date or wall-clock time a
 * person reads or types (`local_date`, `arrival_window`, the board's `from`/`to`, a series' 9:00) is in the
 * workspace's time zone (My Workspace's `time_zone`, answered as `time_zone` by the board and /today).
 *
 * Who may do what (the server enforces it; the web hides what a caller cannot do):
 * - any member of the workspace reads the board, the unscheduled tray, a visit, the crews, their own /today and feed;
 * - any member changes the status (On my way / Start / Complete) of a visit they do: assigned to them, or to a crew
 *   they are in;
 * - the workspace's admins (its owner and admin-role members) schedule: create, move, edit, cancel visits, change any
 *   visit's status, and manage crews. Anyone else is answered 403 with SCHEDULING_ADMIN_ONLY.
 */

// ---- Messages ---------------------------------------------------------------------------------------------------

export const VISIT_NOT_FOUND = 'Visit not found';
export const CREW_NOT_FOUND = 'Crew not found';
export const SCHEDULING_ADMIN_ONLY = "Only the workspace's admins can schedule visits and manage crews";
export const VISIT_STATUS_NOT_YOURS = 'You can change the status only of visits assigned to you or your crew';
/** 409 when the `version` sent is not the visit's: someone saved it in between. Nothing was changed. */
export const VISIT_VERSION_CONFLICT = 'This visit was changed by someone else since you opened it. Reload it to see their changes, then make yours again.';
/** 409 when the visit overlaps another of the same crew or person and `confirm_overlap` was not sent. */
export const VISIT_OVERLAP = (count: number) =>
  `This visit overlaps ${count === 1 ? 'another visit' : `${count} other visits`} of the same crew or person. Choose Save anyway to keep it.`;
export const VISIT_END_BEFORE_START = 'The end must be after the start';
export const VISIT_TOO_LONG = 'A visit lasts at most 14 days';
export const VISIT_TIMES_REQUIRED = 'Give starts_at and ends_at, or all_day with a date';
export const ARRIVAL_WINDOW_ORDER = 'The arrival window must end after it starts';
export const RRULE_INVALID = 'Repeat rule not understood: use an RRULE such as FREQ=MONTHLY;INTERVAL=3;BYDAY=2TU';
export const RRULE_TOO_FREQUENT = 'A visit repeats at most daily';
export const VISIT_STATUS_CHANGE = (from: VisitStatus, to: VisitStatus) => `A visit that is ${VISIT_STATUS_LABELS[from].toLowerCase()} cannot become ${VISIT_STATUS_LABELS[to].toLowerCase()}`;
export const ASSIGNEE_NOT_IN_WORKSPACE = 'Assign crews and people of this workspace';
export const CREW_NAME_TAKEN = 'A crew with this name already exists';
export const CREW_MEMBER_NOT_IN_WORKSPACE = 'Crew members must be members of this workspace';
export const SCHEDULE_RANGE_TOO_LONG = 'Show at most 93 days at a time';
export const SCHEDULE_RANGE_ORDER = 'to must not be before from';
export const SCOPE_FOR_SERIES_ONLY = 'Only a repeating visit has this and following / all';

// ---- Shapes -----------------------------------------------------------------------------------------------------

export const VISIT_STATUSES = ['scheduled', 'on_the_way', 'in_progress', 'completed', 'cancelled'] as const;
export const VisitStatusSchema = z.enum(VISIT_STATUSES, { error: 'Choose a visit status' });
export type VisitStatus = z.infer<typeof VisitStatusSchema>;
export const VISIT_STATUS_LABELS: Record<VisitStatus, string> = {
  scheduled: 'Scheduled',
  on_the_way: 'On the way',
  in_progress: 'In progress',
  completed: 'Completed',
  cancelled: 'Cancelled',
};

/** A date as people type it, in the workspace's zone: 'YYYY-MM-DD'. */
export const LocalDateSchema = z.iso.date({ error: 'Use a date like 2026-03-10' });
/** A wall-clock time in the workspace's zone: 'HH:MM' (24 h). */
export const LocalTimeSchema = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: 'Use a time like 08:00' });
/** An instant: ISO 8601 with Z or an offset; answered in UTC. */
export const InstantSchema = z.iso.datetime({ offset: true, error: 'Use an ISO 8601 time such as 2026-03-10T14:00:00Z' });

/** When the client may expect the crew ("8–10 am"), wall-clock times in the workspace's zone. */
export const ArrivalWindowSchema = z
  .object({ start: LocalTimeSchema, end: LocalTimeSchema })
  .refine((w) => w.end > w.start, { error: ARRIVAL_WINDOW_ORDER, path: ['end'] });
export type ArrivalWindow = z.infer<typeof ArrivalWindowSchema>;

export const CREW_COLOURS = ['blue', 'cyan', 'teal', 'green', 'lime', 'yellow', 'orange', 'red', 'pink', 'grape', 'violet', 'indigo', 'gray'] as const;
/** A Mantine palette colour name (the board colours the crew's row and visits with it). */
export const CrewColourSchema = z.enum(CREW_COLOURS, { error: 'Choose a colour' });

export const VisitJobSchema = z.object({
  id: z.uuid(),
  title: z.string().nullable(),
  client_name: z.string().nullable(),
  property_address: z.string().nullable(),
  status: z.string(),
});
export const VisitCrewSchema = z.object({ id: z.uuid(), name: z.string(), colour: CrewColourSchema });
export const VisitPersonSchema = z.object({ id: z.uuid(), name: z.string().nullable() });

/** How a repeating visit repeats. */
export const VisitRecurrenceSchema = z.object({
  series_id: z.uuid(),
  /** RFC 5545 RRULE without DTSTART ('FREQ=MONTHLY;INTERVAL=3;BYDAY=2TU'); the first visit's local start is DTSTART. */
  rrule: z.string(),
  /** Which occurrence of the series this visit is (its date in the rule, even when moved to another day). */
  occurrence_date: LocalDateSchema,
  /** Changed on its own (moved, edited or cancelled with scope 'this'): edits of 'all' leave it as it is. */
  is_exception: z.boolean(),
});

export const VisitSchema = z.object({
  id: z.uuid(),
  job: VisitJobSchema,
  /** UTC. An all-day visit spans its local days: from the start of `local_date` to the end of `end_local_date`. */
  starts_at: z.string(),
  ends_at: z.string(),
  all_day: z.boolean(),
  /** The day it starts in the workspace's zone, and the day it ends (inclusive; the same day for most visits). */
  local_date: LocalDateSchema,
  end_local_date: LocalDateSchema,
  arrival_window: ArrivalWindowSchema.nullable(),
  status: VisitStatusSchema,
  on_the_way_at: z.string().nullable(),
  started_at: z.string().nullable(),
  completed_at: z.string().nullable(),
  cancelled_at: z.string().nullable(),
  notes: z.string().nullable(),
  crews: z.array(VisitCrewSchema),
  people: z.array(VisitPersonSchema),
  recurrence: VisitRecurrenceSchema.nullable(),
  /** Send it back with every change: a change made by someone else in between is refused (409), never overwritten. */
  version: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Visit = z.infer<typeof VisitSchema>;

/** Another visit of the same crew or person at an overlapping time. */
export const VisitConflictSchema = z.object({
  visit_id: z.uuid(),
  job_title: z.string().nullable(),
  client_name: z.string().nullable(),
  starts_at: z.string(),
  ends_at: z.string(),
  all_day: z.boolean(),
  /** The crews both visits have (ids), and the people who would be at both (ids: assigned, or in an assigned crew). */
  crew_ids: z.array(z.uuid()),
  user_ids: z.array(z.uuid()),
});
export type VisitConflict = z.infer<typeof VisitConflictSchema>;

/**
 * A create's or a change's answer: the visit as saved and the overlaps it was saved with (confirmed). For a repeating
 * visit the check covers every occurrence made (the series' rolling horizon, 120 days) — created, or remade by an edit
 * of 'this and following' / 'all' — listing at most VISIT_CONFLICTS_MAX of them.
 */
export const SavedVisitSchema = VisitSchema.extend({ conflicts: z.array(VisitConflictSchema) });
/** At most this many overlaps are listed (a daily series against another daily one would list every day). */
export const VISIT_CONFLICTS_MAX = 100;
export type SavedVisit = z.infer<typeof SavedVisitSchema>;

// ---- Requests ---------------------------------------------------------------------------------------------------

const ids = (message: string) =>
  z
    .array(z.uuid({ error: message }))
    .max(50)
    .transform((v) => [...new Set(v)]);

/**
 * When a visit happens: a timed visit gives `starts_at` and `ends_at` (instants); an all-day one `all_day: true`,
 * `date` and optionally `end_date` (inclusive, local dates).
 */
const whenShape = {
  starts_at: InstantSchema.optional(),
  ends_at: InstantSchema.optional(),
  all_day: z.boolean().optional(),
  date: LocalDateSchema.optional(),
  end_date: LocalDateSchema.optional(),
};

/** RFC 5545 RRULE parts, at most daily; no DTSTART (it is the visit's own start). */
export const RRuleSchema = z
  .string({ error: RRULE_INVALID })
  .trim()
  .max(300, { error: RRULE_INVALID })
  .transform((v) => v.replace(/^RRULE:/i, '').toUpperCase())
  .refine((v) => /^FREQ=[A-Z]+(;[A-Z]+=[A-Z0-9,+\-:]+)*$/.test(v) || /^([A-Z]+=[A-Z0-9,+\-:]+;)*FREQ=[A-Z]+(;[A-Z]+=[A-Z0-9,+\-:]+)*$/.test(v), { error: RRULE_INVALID })
  .refine((v) => !/FREQ=(HOURLY|MINUTELY|SECONDLY)/.test(v) && !/BY(HOUR|MINUTE|SECOND)=/.test(v), { error: RRULE_TOO_FREQUENT });

/** POST /api/visits */
export const CreateVisitBodySchema = z
  .object({
    job_id: z.uuid({ error: 'Choose a job' }),
    ...whenShape,
    arrival_window: ArrivalWindowSchema.nullable().optional(),
    notes: optionalText(4000),
    crew_ids: ids('Each crew id must be a UUID').default([]),
    user_ids: ids('Each person id must be a UUID').default([]),
    /** Makes it a repeating visit: this visit's local start is the series' first occurrence. */
    recurrence: z.object({ rrule: RRuleSchema }).strict().nullable().optional(),
    /** Save even though it overlaps another visit of the same crew or person (the 409's details list them). */
    confirm_overlap: z.boolean().default(false),
  })
  .strict();
export type CreateVisitBody = z.input<typeof CreateVisitBodySchema>;

export const EDIT_SCOPES = ['this', 'this_and_following', 'all'] as const;
export const EditScopeSchema = z.enum(EDIT_SCOPES, { error: 'Choose this visit, this and following, or all' });
export type EditScope = z.infer<typeof EditScopeSchema>;

/**
 * PATCH /api/visits/:id: what changes (absent fields stay). A move is new `starts_at`/`ends_at`; a reassignment new
 * `crew_ids`/`user_ids` (the whole set). For a repeating visit `scope` says which visits change: 'this' (it alone
 * becomes an exception), 'this_and_following' (the series is split here), 'all' (the series' visits from now on;
 * exceptions and past visits stay). Moving by a day with 'all' moves every occurrence by that day; the new local
 * start time and duration apply to each.
 */
export const UpdateVisitBodySchema = z
  .object({
    /** The `version` the caller read; a different one answers 409 VISIT_VERSION_CONFLICT. */
    version: z.number({ error: 'version is required: send the version of the visit you edited' }).int().min(1),
    scope: EditScopeSchema.default('this'),
    ...whenShape,
    arrival_window: ArrivalWindowSchema.nullable().optional(),
    /** Absent: unchanged; null or blank: cleared. */
    notes: z
      .string()
      .trim()
      .max(4000)
      .nullable()
      .optional()
      .transform((v) => (v === undefined ? undefined : v || null)),
    crew_ids: ids('Each crew id must be a UUID').optional(),
    user_ids: ids('Each person id must be a UUID').optional(),
    /** A new repeat rule (scope 'this_and_following' or 'all' only). */
    rrule: RRuleSchema.optional(),
    confirm_overlap: z.boolean().default(false),
  })
  .strict();
export type UpdateVisitBody = z.input<typeof UpdateVisitBodySchema>;

/** POST /api/visits/:id/cancel: cancel this visit, or end the series here or entirely (scope). */
export const CancelVisitBodySchema = z.object({ version: UpdateVisitBodySchema.shape.version, scope: EditScopeSchema.default('this') }).strict();
export type CancelVisitBody = z.input<typeof CancelVisitBodySchema>;

/** The statuses a crew sets from the phone: On my way, Start, Complete. */
export const CREW_STATUSES = ['on_the_way', 'in_progress', 'completed'] as const;
/**
 * POST /api/visits/:id/status — no version: the phone may send it hours later from its offline queue, and the same
 * status again changes nothing (its first timestamp stays). Allowed: scheduled → on_the_way → in_progress →
 * completed, skipping steps forward; never back, never from cancelled.
 */
export const VisitStatusBodySchema = z.object({ status: z.enum(CREW_STATUSES, { error: 'Choose On my way, Start or Complete' }) }).strict();
export type VisitStatusBody = z.input<typeof VisitStatusBodySchema>;

/** POST /api/visits/conflicts: the overlaps a create or move would have, before saving (the board's warning). */
export const CheckVisitConflictsBodySchema = z
  .object({
    /** The visit being moved (left out of its own conflicts); absent for a new one. */
    visit_id: z.uuid().optional(),
    ...whenShape,
    crew_ids: ids('Each crew id must be a UUID').default([]),
    user_ids: ids('Each person id must be a UUID').default([]),
    /** A repeating visit: every occurrence over its horizon is checked, as the save checks them. */
    recurrence: CreateVisitBodySchema.shape.recurrence,
  })
  .strict();
export type CheckVisitConflictsBody = z.input<typeof CheckVisitConflictsBodySchema>;
export const VisitConflictListSchema = z.object({ conflicts: z.array(VisitConflictSchema) });

export const SCHEDULE_RANGE_MAX_DAYS = 93;
/** GET /api/visits: the board's range (local dates, inclusive), filtered by crew or person. */
export const ListVisitsQuerySchema = z
  .object({
    from: LocalDateSchema,
    to: LocalDateSchema,
    crew_id: z.uuid().optional(),
    /** A person's visits: assigned to them, or to a crew they are in. */
    user_id: z.uuid().optional(),
    include_cancelled: z
      .enum(['true', 'false'])
      .default('false')
      .transform((v) => v === 'true'),
  })
  .refine((q) => q.to >= q.from, { error: SCHEDULE_RANGE_ORDER, path: ['to'] })
  .refine((q) => (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 < SCHEDULE_RANGE_MAX_DAYS, { error: SCHEDULE_RANGE_TOO_LONG, path: ['to'] });
export type ListVisitsQuery = z.input<typeof ListVisitsQuerySchema>;

/**
 * A visit as the board has it (week, day, month and list views): what they draw — the job's title and client, the
 * times, status, arrival window, crews and people — whether it repeats, and the version a move or cancel sends back.
 * The rest of a visit (the job's address and status, notes, the status times, the repeat rule, created/updated) is
 * GET /api/visits/:id's: a week of 50 crews is 1,100 visits, and without it the answer is a third smaller and cheaper
 * to build (bench/README.md, 2026-12-05). Every field is a Visit's, so a Visit is a BoardVisit too.
 */
export const BoardVisitSchema = VisitSchema.pick({
  id: true,
  starts_at: true,
  ends_at: true,
  all_day: true,
  local_date: true,
  end_local_date: true,
  arrival_window: true,
  status: true,
  crews: true,
  people: true,
  version: true,
}).extend({
  job: VisitJobSchema.pick({ id: true, title: true, client_name: true }),
  /** Set when it is one of a repeating visit's: a move or cancel then asks this visit / this and following / all. */
  recurrence: VisitRecurrenceSchema.pick({ series_id: true }).nullable(),
});
export type BoardVisit = z.infer<typeof BoardVisitSchema>;

/**
 * A visit on the wire of GET /api/visits: its job, crews and people by id — each of those is in the answer once
 * (VisitListSchema) — and what most visits have left out: all_day when false, end_local_date when it is local_date,
 * no arrival window, no crews or people, no series. A week of 50 crews is 1,100 visits; each byte of one is paid
 * 1,100 times by the server's JSON, the network and the phone's parse (bench/README.md, 2026-12-05 23:00).
 */
export const VisitListItemSchema = z.object({
  id: z.uuid(),
  job_id: z.uuid(),
  starts_at: z.string(),
  ends_at: z.string(),
  all_day: z.literal(true).optional(),
  local_date: LocalDateSchema,
  end_local_date: LocalDateSchema.optional(),
  arrival_window: ArrivalWindowSchema.optional(),
  status: VisitStatusSchema,
  /** In the order the board lists them: crews by name, people by id. */
  crew_ids: z.array(z.uuid()).optional(),
  person_ids: z.array(z.uuid()).optional(),
  /** Set when it is one of a repeating visit's. */
  series_id: z.uuid().optional(),
  version: z.number().int(),
});
export type VisitListItem = z.infer<typeof VisitListItemSchema>;

/**
 * The board: visits that overlap the range, by start; `time_zone` is the zone its dates and times are in. The jobs,
 * crews and people its visits name come once each; `boardVisits` puts them back into each visit.
 */
export const VisitListSchema = z.object({
  time_zone: z.string(),
  from: LocalDateSchema,
  to: LocalDateSchema,
  jobs: z.array(VisitJobSchema.pick({ id: true, title: true, client_name: true })),
  crews: z.array(VisitCrewSchema),
  people: z.array(VisitPersonSchema),
  visits: z.array(VisitListItemSchema),
});
export type VisitList = z.infer<typeof VisitListSchema>;

/** The board's visits with their job, crews and people in each (what the views draw), in the answer's order. */
export function boardVisits(list: VisitList): BoardVisit[] {
  const jobs = new Map(list.jobs.map((j) => [j.id, j]));
  const crews = new Map(list.crews.map((c) => [c.id, c]));
  const people = new Map(list.people.map((p) => [p.id, p]));
  const named = <T>(ids: readonly string[], byId: Map<string, T>, what: string): T[] =>
    ids.map((id) => {
      const found = byId.get(id);
      if (!found) throw new Error(`The board's answer names ${what} ${id} but does not list it`);
      return found;
    });
  return list.visits.map((v) => ({
    id: v.id,
    job: named([v.job_id], jobs, 'job')[0]!,
    starts_at: v.starts_at,
    ends_at: v.ends_at,
    all_day: v.all_day ?? false,
    local_date: v.local_date,
    end_local_date: v.end_local_date ?? v.local_date,
    arrival_window: v.arrival_window ?? null,
    status: v.status,
    crews: named(v.crew_ids ?? [], crews, 'crew'),
    people: named(v.person_ids ?? [], people, 'person'),
    recurrence: v.series_id === undefined ? null : { series_id: v.series_id },
    version: v.version,
  }));
}

/** GET /api/jobs/:id/visits: a job's visits for its page (cancelled ones too), by start; at most JOB_VISITS_MAX. */
export const JOB_VISITS_MAX = 200;
export const JobVisitListSchema = z.object({ time_zone: z.string(), visits: z.array(VisitSchema) });
export type JobVisitList = z.infer<typeof JobVisitListSchema>;

/** The Unscheduled tray: open jobs with no visit to come, and approved quotes whose job has none. */
export const UnscheduledJobSchema = VisitJobSchema.extend({ created_at: z.string() });
export const WaitingQuoteSchema = z.object({
  id: z.uuid(),
  number: z.string(),
  title: z.string(),
  approved_at: z.string(),
  job: VisitJobSchema,
});
export const UnscheduledTraySchema = z.object({ jobs: z.array(UnscheduledJobSchema), approved_quotes: z.array(WaitingQuoteSchema) });
export type UnscheduledTray = z.infer<typeof UnscheduledTraySchema>;
export const UNSCHEDULED_TRAY_MAX = 200;

/** /today: the signed-in person's visits of today (workspace zone), in order, with what the crew needs on site. */
export const TodayVisitSchema = VisitSchema.extend({
  tasks: z.array(z.object({ id: z.uuid(), description: z.string().nullable(), status: z.string() })),
  tasks_count: z.number().int(),
  open_tasks_count: z.number().int(),
  documents_count: z.number().int(),
});
export type TodayVisit = z.infer<typeof TodayVisitSchema>;
export const TodaySchema = z.object({ date: LocalDateSchema, time_zone: z.string(), visits: z.array(TodayVisitSchema) });
export type Today = z.infer<typeof TodaySchema>;

// ---- Crews ------------------------------------------------------------------------------------------------------

export const CrewSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  colour: CrewColourSchema,
  members: z.array(VisitPersonSchema),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Crew = z.infer<typeof CrewSchema>;
export const CrewListSchema = z.object({ crews: z.array(CrewSchema) });
const crewName = z.string({ error: 'Crew name is required' }).trim().min(1, 'Crew name is required').max(80, 'Crew name must be at most 80 characters');
export const CreateCrewBodySchema = z
  .object({ name: crewName, colour: CrewColourSchema.default('blue'), member_ids: ids('Each member id must be a UUID').default([]) })
  .strict();
export type CreateCrewBody = z.input<typeof CreateCrewBodySchema>;
export const UpdateCrewBodySchema = z
  .object({ name: crewName.optional(), colour: CrewColourSchema.optional(), member_ids: ids('Each member id must be a UUID').optional() })
  .strict();
export type UpdateCrewBody = z.input<typeof UpdateCrewBodySchema>;

/** GET /api/schedule/people: the workspace's members, to put in crews and on visits (admins). */
export const SCHEDULE_PEOPLE_MAX = 500;
export const SchedulePersonSchema = z.object({ id: z.uuid(), name: z.string(), email: z.string() });
export type SchedulePerson = z.infer<typeof SchedulePersonSchema>;
export const SchedulePeopleSchema = z.object({ people: z.array(SchedulePersonSchema) });

// ---- The personal calendar feed ---------------------------------------------------------------------------------

/** GET: whether the caller has a feed link (its URL is shown only when made: only its hash is kept). */
export const CalendarFeedStatusSchema = z.object({ active: z.boolean(), created_at: z.string().nullable() });
/** POST: a new link; any older link of the caller stops working at once. */
export const CalendarFeedLinkSchema = z.object({ url: z.string(), created_at: z.string() });
export const CalendarFeedTokenParamsSchema = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{32,64}$/, 'Calendar feed not found') });
/** How far back and ahead the feed reaches. */
export const CALENDAR_FEED_DAYS_BACK = 30;
export const CALENDAR_FEED_DAYS_AHEAD = 180;

// ---- Endpoints --------------------------------------------------------------------------------------------------

const tags = ['schedule'];
export const scheduleEndpoints = {
  list: defineEndpoint({ method: 'GET', path: '/api/visits', access: 'workspace', summary: 'The board: visits in a range of local days, by crew or person', tags, query: ListVisitsQuerySchema, response: VisitListSchema }),
  jobVisits: defineEndpoint({ method: 'GET', path: '/api/jobs/:id/visits', access: 'workspace', summary: "A job's visits, for its page", tags, params: IdParamsSchema, response: JobVisitListSchema }),
  unscheduled: defineEndpoint({ method: 'GET', path: '/api/schedule/unscheduled', access: 'workspace', summary: 'The Unscheduled tray: open jobs with no visit to come, approved quotes waiting', tags, response: UnscheduledTraySchema }),
  today: defineEndpoint({ method: 'GET', path: '/api/today', access: 'workspace', summary: "The signed-in person's visits of today, in the workspace's time zone", tags, response: TodaySchema }),
  checkConflicts: defineEndpoint({ method: 'POST', path: '/api/visits/conflicts', access: 'workspace', summary: 'Overlaps a visit would have with the same crew or person (nothing is saved)', tags, body: CheckVisitConflictsBodySchema, response: VisitConflictListSchema }),
  get: defineEndpoint({ method: 'GET', path: '/api/visits/:id', access: 'workspace', summary: 'One visit', tags, params: IdParamsSchema, response: VisitSchema }),
  create: defineEndpoint({ method: 'POST', path: '/api/visits', access: 'workspace', summary: 'Schedule a visit (workspace admins), repeating or not', tags, body: CreateVisitBodySchema, status: 201, response: SavedVisitSchema }),
  update: defineEndpoint({ method: 'PATCH', path: '/api/visits/:id', access: 'workspace', summary: 'Move, reassign or edit a visit (workspace admins); a stale version is 409', tags, params: IdParamsSchema, body: UpdateVisitBodySchema, response: SavedVisitSchema }),
  cancel: defineEndpoint({ method: 'POST', path: '/api/visits/:id/cancel', access: 'workspace', summary: 'Cancel a visit, or a series from here or entirely (workspace admins)', tags, params: IdParamsSchema, body: CancelVisitBodySchema, response: VisitSchema }),
  setStatus: defineEndpoint({
    method: 'POST',
    path: '/api/visits/:id/status',
    access: 'workspace',
    summary: 'On my way / Start / Complete (the visit’s crew or people, or an admin)',
    tags,
    params: IdParamsSchema,
    body: VisitStatusBodySchema,
    response: VisitSchema,
    offlineQueued: true,
  }),
  listCrews: defineEndpoint({ method: 'GET', path: '/api/crews', access: 'workspace', summary: "The workspace's crews with their members", tags, response: CrewListSchema }),
  createCrew: defineEndpoint({ method: 'POST', path: '/api/crews', access: 'workspace', summary: 'Make a crew (workspace admins)', tags, body: CreateCrewBodySchema, status: 201, response: CrewSchema }),
  updateCrew: defineEndpoint({ method: 'PATCH', path: '/api/crews/:id', access: 'workspace', summary: 'Rename, recolour or change members of a crew (workspace admins)', tags, params: IdParamsSchema, body: UpdateCrewBodySchema, response: CrewSchema }),
  removeCrew: defineEndpoint({ method: 'DELETE', path: '/api/crews/:id', access: 'workspace', summary: 'Remove a crew (workspace admins); its visits keep their people', tags, params: IdParamsSchema, response: OkSchema }),
  people: defineEndpoint({ method: 'GET', path: '/api/schedule/people', access: 'workspace', summary: "The workspace's members, for crews and visits (workspace admins)", tags, response: SchedulePeopleSchema }),
  feedStatus: defineEndpoint({ method: 'GET', path: '/api/schedule/feed', access: 'workspace', summary: 'Whether the caller has a calendar feed link', tags, response: CalendarFeedStatusSchema }),
  resetFeed: defineEndpoint({ method: 'POST', path: '/api/schedule/feed', access: 'workspace', summary: 'A new personal calendar feed link (the old one stops working)', tags, response: CalendarFeedLinkSchema }),
  removeFeed: defineEndpoint({ method: 'DELETE', path: '/api/schedule/feed', access: 'workspace', summary: 'Turn the personal calendar feed off', tags, response: OkSchema }),
  feed: defineEndpoint({
    method: 'GET',
    path: '/api/public/calendar-feeds/:token',
    access: 'public',
    summary: "A person's visits as an iCalendar (ICS) feed, by their secret link",
    tags,
    params: CalendarFeedTokenParamsSchema,
    response: z.unknown(),
  }),
};
