import { profileEndpoints, scheduleEndpoints, workspaceEndpoints, type Crew, type MyWorkspace, type TodayVisit, type SchedulePerson, type UnscheduledTray, type Visit, type VisitList } from '@fieldbook/contract';
import { apiError, fakeApi } from '../../../test/fake-api';
import { TEST_USER } from '../../../test/render';

let counter = 0;
const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

export const CHICAGO = 'America/Chicago';

/** A crew with one member: every field filled. */
export function makeCrew(name: string, overrides: Partial<Crew> = {}): Crew {
  counter += 1;
  return {
    id: uuid(3000 + counter),
    name,
    colour: 'teal',
    members: [{ id: uuid(4000 + counter), name: `${name} lead` }],
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

/** A timed visit, 9:00–11:00 Chicago on 2026-03-10 unless told: every field filled. */
export function makeVisit(overrides: Partial<Visit> = {}): Visit {
  counter += 1;
  return {
    id: uuid(1000 + counter),
    job: { id: uuid(2000 + counter), title: 'Roof repair', client_name: 'Lopez', property_address: '12 Oak St, Austin', status: 'active' },
    starts_at: '2026-03-10T14:00:00.000Z',
    ends_at: '2026-03-10T16:00:00.000Z',
    all_day: false,
    local_date: '2026-03-10',
    end_local_date: '2026-03-10',
    arrival_window: { start: '08:00', end: '10:00' },
    status: 'scheduled',
    on_the_way_at: null,
    started_at: null,
    completed_at: null,
    cancelled_at: null,
    notes: null,
    crews: [],
    people: [],
    recurrence: null,
    version: 1,
    created_at: '2026-03-01T00:00:00.000Z',
    updated_at: '2026-03-01T00:00:00.000Z',
    ...overrides,
  };
}

export function makeTodayVisit(overrides: Partial<TodayVisit> = {}): TodayVisit {
  return { ...makeVisit(), tasks: [], tasks_count: 3, open_tasks_count: 2, documents_count: 1, ...overrides };
}


/** The signed-in test user's workspace in Chicago; they own it (so schedule) unless told. */
export function myWorkspace({ isOwner = true } = {}): MyWorkspace {
  return {
    workspace: {
      id: uuid(99),
      name: 'Company Roofing',
      description: null,
      owner_id: isOwner ? TEST_USER.id : uuid(98),
      privacy_setting: 'limited',
      drive_integration_enabled: true,
      default_group_visibility: 'invite_only',
      time_zone: CHICAGO,
      created_at: '2026-01-05T10:00:00.000Z',
      updated_at: '2026-01-05T10:00:00.000Z',
      deleted_at: null,
    },
    suggested_name: 'Company Roofing',
    can_edit: isOwner,
  };
}

export const EMPTY_TRAY: UnscheduledTray = { jobs: [], approved_quotes: [] };

/** Visits as GET /api/visits sends them: each job, crew and person once, the visits naming them by id. */
function onTheWire(visits: readonly Visit[]): Pick<VisitList, 'jobs' | 'crews' | 'people' | 'visits'> {
  const jobs = new Map(visits.map((v) => [v.job.id, { id: v.job.id, title: v.job.title, client_name: v.job.client_name }]));
  const crews = new Map(visits.flatMap((v) => v.crews.map((c) => [c.id, c] as const)));
  const people = new Map(visits.flatMap((v) => v.people.map((p) => [p.id, p] as const)));
  return {
    jobs: [...jobs.values()],
    crews: [...crews.values()],
    people: [...people.values()],
    visits: visits.map((v) => ({
      id: v.id,
      job_id: v.job.id,
      starts_at: v.starts_at,
      ends_at: v.ends_at,
      ...(v.all_day ? { all_day: true as const } : {}),
      local_date: v.local_date,
      ...(v.end_local_date === v.local_date ? {} : { end_local_date: v.end_local_date }),
      ...(v.arrival_window ? { arrival_window: v.arrival_window } : {}),
      status: v.status,
      ...(v.crews.length > 0 ? { crew_ids: v.crews.map((c) => c.id) } : {}),
      ...(v.people.length > 0 ? { person_ids: v.people.map((p) => p.id) } : {}),
      ...(v.recurrence ? { series_id: v.recurrence.series_id } : {}),
      version: v.version,
    })),
  };
}

/** The board's reads faked: the workspace, the profile (a member, not a system admin), visits, crews and the tray. */
export function fakeScheduleApi({ visits = [] as Visit[], crews = [] as Crew[], tray = EMPTY_TRAY, isOwner = true, people = [] as SchedulePerson[] } = {}) {
  return fakeApi()
    .on(workspaceEndpoints.mine, myWorkspace({ isOwner }))
    .on(profileEndpoints.get, apiError(404, 'NOT_FOUND', 'Profile not found'))
    .on(scheduleEndpoints.list, ({ query }) => ({ time_zone: CHICAGO, from: query.from, to: query.to, ...onTheWire(visits) }))
    .on(scheduleEndpoints.listCrews, { crews })
    .on(scheduleEndpoints.people, { people })
    .on(scheduleEndpoints.unscheduled, tray);
}
