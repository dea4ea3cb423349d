import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contacts, jobs, profiles, tasks, workspaces } from '../../db/schema';
import { createTestApp, type TestContext } from '../../test/setup-app';
import { seedDemo } from './demo-seed';

let ctx: TestContext;
let dataDir: string;
beforeAll(async () => {
  ctx = await createTestApp();
  dataDir = mkdtempSync(path.join(tmpdir(), 'fieldbook-seed-'));
});
afterAll(async () => {
  await ctx.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const log = () => {};
const login = (email: string, password: string) =>
  ctx.app.inject({ method: 'POST', url: '/auth/v1/token?grant_type=password', payload: { email, password } });

describe('seedDemo', () => {
  it('creates the demo admin, workspace and work once; the printed password keeps working', async () => {
    const config = { ...ctx.config, dataDir, demoAdminPassword: undefined };
    const first = await seedDemo({ db: ctx.db, config, log });
    expect(first.created).toBe(true);
    expect(first.email).toBe('admin@fieldbook.local');
    expect(first.password).toBeTruthy();
    expect(readFileSync(path.join(dataDir, 'demo-admin.txt'), 'utf8').trim()).toBe(first.password);

    const res = await login(first.email, first.password!);
    expect(res.statusCode).toBe(200);
    const userId = res.json().user.id as string;
    const [profile] = await ctx.db.select().from(profiles).where(eq(profiles.id, userId));
    expect(profile?.role).toBe('admin');
    const [ws] = await ctx.db.select().from(workspaces).where(eq(workspaces.id, profile!.workspaceId!));
    expect(ws).toMatchObject({ name: 'Demo Contracting', ownerId: userId });
    const jobCount = (await ctx.db.select({ n: count() }).from(jobs).where(eq(jobs.workspaceId, ws!.id)))[0]!.n;
    const taskCount = (await ctx.db.select({ n: count() }).from(tasks).where(eq(tasks.workspaceId, ws!.id)))[0]!.n;
    const contactCount = (await ctx.db.select({ n: count() }).from(contacts).where(eq(contacts.ownerId, userId)))[0]!.n;
    expect(jobCount).toBeGreaterThanOrEqual(2);
    expect(taskCount).toBeGreaterThanOrEqual(3);
    expect(contactCount).toBeGreaterThanOrEqual(2);

    // A later start: nothing new, same password reported.
    const second = await seedDemo({ db: ctx.db, config, log });
    expect(second).toEqual({ email: first.email, password: first.password, created: false });
    expect((await ctx.db.select({ n: count() }).from(jobs).where(eq(jobs.workspaceId, ws!.id)))[0]!.n).toBe(jobCount);

    // A configured password that does not match the account is not printed as if it worked.
    const other = await seedDemo({ db: ctx.db, config: { ...config, demoAdminPassword: 'not-the-password' }, log });
    expect(other.password).toBeNull();
  });
});
