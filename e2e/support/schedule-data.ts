import { expect, type APIRequestContext } from '@playwright/test';
import { localDate, wallTimeToInstant, type Crew, type CreateVisitBody, type SavedVisit, type Visit } from '@fieldbook/contract';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './env';
import { createWorkSession, type WorkSession } from './work-data';

/**
 * Schedule data for the browser tests (issue 34): the workspace's zone, crews, visits, and a second person who joins
 * the owner's workspace as a crew member — created through the product API, each test its own.
 */

async function send<T>(session: WorkSession, method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, data?: unknown): Promise<T> {
  const res = await session.request.fetch(path, { method, headers: session.headers, data });
  expect(res.ok(), `${method} ${path}: ${res.status()} ${await res.text()}`).toBe(true);
  return (await res.json()) as T;
}

type MyWorkspace = { workspace: { id: string; name: string; time_zone: string; owner_id: string | null } | null };

export async function myWorkspace(session: WorkSession) {
  const { workspace } = await send<MyWorkspace>(session, 'GET', '/api/my-workspace');
  expect(workspace, 'the user has a workspace').not.toBeNull();
  return workspace!;
}

/** Sets the owner's workspace zone (what every date on the board is read in). */
export async function setWorkspaceZone(session: WorkSession, timeZone: string): Promise<void> {
  const { name } = await myWorkspace(session);
  await send(session, 'PUT', '/api/my-workspace', { name, time_zone: timeZone });
}

export async function userIdOf(session: WorkSession): Promise<string> {
  return (await send<{ id: string }>(session, 'GET', '/api/profile')).id;
}

/**
 * A new user who leaves the personal workspace sign-up made them and joins `owner`'s — moved by the seeded system
 * administrator (the only one who assigns users to a workspace).
 */
export async function createWorkspaceMember(request: APIRequestContext, owner: WorkSession): Promise<{ session: WorkSession; id: string }> {
  const member = await createWorkSession(request);
  const token = await request.post('/auth/v1/token?grant_type=password', { data: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD } });
  expect(token.ok(), await token.text()).toBe(true);
  const admin: WorkSession = { user: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD }, request, headers: { Authorization: `Bearer ${((await token.json()) as { access_token: string }).access_token}` } };
  await send(admin, 'DELETE', `/api/workspaces/${(await myWorkspace(member)).id}`);
  const assigned = await send<{ assigned: number }>(admin, 'POST', `/api/workspaces/${(await myWorkspace(owner)).id}/users`, { user_ids: [await userIdOf(member)] });
  expect(assigned.assigned).toBe(1);
  return { session: member, id: await userIdOf(member) };
}

export function createCrew(session: WorkSession, body: { name: string; colour?: Crew['colour']; member_ids?: string[] }): Promise<Crew> {
  return send<Crew>(session, 'POST', '/api/crews', body);
}

export function createVisit(session: WorkSession, body: CreateVisitBody): Promise<SavedVisit> {
  return send<SavedVisit>(session, 'POST', '/api/visits', body);
}

export function getVisit(session: WorkSession, id: string): Promise<Visit> {
  return send<Visit>(session, 'GET', `/api/visits/${id}`);
}

/** Today's date in `zone` ('YYYY-MM-DD'). */
export function todayIn(zone: string): string {
  return localDate(new Date(), zone);
}

/** The UTC instant (ISO) of wall-clock `time` ('HH:MM') on `date` in `zone`. */
export function instantAt(date: string, time: string, zone: string): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const [hour, minute] = time.split(':').map(Number) as [number, number];
  return wallTimeToInstant({ year, month, day, hour, minute, second: 0 }, zone).toISOString();
}

/** The date `days` after `date` ('YYYY-MM-DD', calendar days). */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
