import { expect, type APIRequestContext, type Page } from '@playwright/test';
import type { Contact, CreateJobBody, Job, Task } from '@fieldbook/contract';
import { apiAccessToken, createConfirmedUser, type TestUser } from './auth';

/**
 * Work data for the browser tests (jobs, tasks, contacts), created through the product API with the
 * test's own user: every test owns its workspace and data. (Owned by web-tasks; web-jobs adds at the end.)
 */
export type WorkSession = { user: TestUser; request: APIRequestContext; headers: Record<string, string> };

/** A fresh confirmed user (with the personal workspace sign-up creates) and a bearer token for the API. */
export async function createWorkSession(request: APIRequestContext): Promise<WorkSession> {
  const user = await createConfirmedUser(request);
  const token = await apiAccessToken(request, user);
  return { user, request, headers: { Authorization: `Bearer ${token}` } };
}

/**
 * The same user, already signed in, landing on `path`: a session from the auth API is put where the app keeps it
 * (auth-js's 'fieldbook-auth' in localStorage), as if the user had signed in earlier and opened the app again. The
 * sign-in page itself is walked by auth.spec.ts and the tests that call signInThroughUi; going through it here cost
 * every test two more loads of the app and the home dashboard (issue 38).
 */
export async function openAs(page: Page, session: WorkSession, path: string): Promise<void> {
  await putSession(page, await passwordSession(session.request, session.user));
  await page.goto(path);
}

/** A password grant's whole session (what auth-js stores), for a browser to start signed in. */
export async function passwordSession(request: APIRequestContext, user: { email: string; password: string }): Promise<unknown> {
  const res = await request.post('/auth/v1/token?grant_type=password', { data: { email: user.email, password: user.password } });
  expect(res.ok(), await res.text()).toBe(true);
  return res.json();
}

/** Stores `stored` as the app's session on the server's origin (a small same-origin page first: localStorage is per origin). */
export async function putSession(page: Page, stored: unknown): Promise<void> {
  await page.goto('/auth/v1/health');
  await page.evaluate((value) => window.localStorage.setItem('fieldbook-auth', value), JSON.stringify(stored));
}

async function send<T>(session: WorkSession, method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, data?: unknown): Promise<T> {
  const res = await session.request.fetch(path, { method, headers: session.headers, data });
  expect(res.ok(), `${method} ${path}: ${res.status()} ${await res.text()}`).toBe(true);
  return (await res.json()) as T;
}

export function createJob(session: WorkSession, body: CreateJobBody): Promise<Job> {
  return send<Job>(session, 'POST', '/api/jobs', body);
}

export function createContact(session: WorkSession, body: { name: string; phone_number: string; email?: string; role?: string }): Promise<Contact> {
  return send<Contact>(session, 'POST', '/api/contacts', body);
}

export function getContacts(session: WorkSession): Promise<{ contacts: Contact[]; total: number }> {
  return send(session, 'GET', '/api/contacts');
}

export type NewTask = { description: string; job_id: string; assigned_to?: string | null; due_date?: string | null; priority?: 'low' | 'medium' | 'high'; group_id?: string | null };

export function createTask(session: WorkSession, body: NewTask): Promise<Task> {
  return send<Task>(session, 'POST', '/api/tasks', body);
}

/** `count` tasks created one after another (so "newest first" has a defined order); make(i) gives task i's fields. */
export async function createTasks(session: WorkSession, count: number, make: (i: number) => NewTask): Promise<Task[]> {
  const tasks: Task[] = [];
  for (let i = 0; i < count; i++) tasks.push(await createTask(session, make(i)));
  return tasks;
}

export function setTaskStatus(session: WorkSession, id: string, status: Task['status']): Promise<Task> {
  return send<Task>(session, 'PUT', `/api/tasks/${id}/status`, { status });
}

export function getTask(session: WorkSession, id: string): Promise<Task> {
  return send<Task>(session, 'GET', `/api/tasks/${id}`);
}

export function getTasks(session: WorkSession): Promise<{ tasks: Task[]; total: number }> {
  return send(session, 'GET', '/api/tasks');
}

/** A calendar date `days` from today, 'YYYY-MM-DD' (the browser and the test run on the same machine). */
export function isoDateFromToday(days: number): string {
  const d = new Date();
  d.setDate(d.getDate() + days);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** A small crew and two jobs: what most work-screen tests start from. */
export async function seedCrew(session: WorkSession) {
  const [ann, bob] = await Promise.all([
    createContact(session, { name: 'Ann Roofer', phone_number: '5125550101', role: 'Roofer' }),
    createContact(session, { name: 'Bob Plumber', phone_number: '5125550102', role: 'Plumber' }),
  ]);
  const [garcia, lee] = await Promise.all([
    createJob(session, { client_name: 'Garcia Residence', property_address: '12 Oak Ave' }),
    createJob(session, { client_name: 'Lee Family', property_address: '9 Pine Rd' }),
  ]);
  return { ann, bob, garcia, lee };
}

// ---- Added by web-jobs ----

export function getJob(session: WorkSession, id: string): Promise<Job> {
  return send<Job>(session, 'GET', `/api/jobs/${id}`);
}

/** `count` jobs created one after another (so "newest first" has a defined order); make(i) gives job i's fields. */
export async function createJobs(session: WorkSession, count: number, make: (i: number) => CreateJobBody): Promise<Job[]> {
  const jobs: Job[] = [];
  for (let i = 0; i < count; i++) jobs.push(await createJob(session, make(i)));
  return jobs;
}
