import { AssignUsersResultSchema, MyWorkspaceSchema, WORKSPACE_OWNER_ONLY, WorkspaceListSchema, WorkspaceSchema, WorkspaceSummarySchema, WorkspaceUserListSchema } from '@fieldbook/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { groupMembers, groups, jobs, profiles, workspaces } from '../../db/schema';
import { insertGroup, insertJob, insertWorkspacesBulk } from '../../test/factories';
import { createTestApp, createTestUser, type TestContext, type TestUser } from '../../test/setup-app';

let ctx: TestContext;
let admin: TestUser;
let plain: TestUser;

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await createTestUser(ctx, { role: 'admin', workspaceName: 'HQ' });
  plain = await createTestUser(ctx, { workspaceName: 'Plain Roofing' });
});
afterAll(() => ctx.close());

const call = (user: TestUser | null, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  ctx.app.inject({ method, url, ...(user ? { headers: user.headers } : {}), ...(payload === undefined ? {} : { payload: payload as object }) });
const workspaceCount = async () => (await ctx.db.select({ id: workspaces.id }).from(workspaces)).length;

describe('my workspace', () => {
  it('reads the caller’s workspace and saves its settings (name trimmed)', async () => {
    const mine = MyWorkspaceSchema.parse((await call(plain, 'GET', '/api/my-workspace')).json());
    expect(mine.workspace).toMatchObject({ id: plain.workspaceId, name: 'Plain Roofing', privacy_setting: 'private', drive_integration_enabled: true, default_group_visibility: 'invite_only' });
    const saved = await call(plain, 'PUT', '/api/my-workspace', { name: '  Plain Roofing LLC ', privacy_setting: 'limited', drive_integration_enabled: false, default_group_visibility: 'public' });
    expect(saved.statusCode).toBe(200);
    expect(WorkspaceSchema.parse(saved.json())).toMatchObject({ id: plain.workspaceId, name: 'Plain Roofing LLC', privacy_setting: 'limited', drive_integration_enabled: false, default_group_visibility: 'public' });
  });

  it('creates one (owner = caller, linked) when the caller has none, with a suggested name before', async () => {
    const loner = await createTestUser(ctx, { workspaceId: null, email: 'loner@example.com' });
    const before = MyWorkspaceSchema.parse((await call(loner, 'GET', '/api/my-workspace')).json());
    expect(before).toEqual({ workspace: null, suggested_name: "loner's Workspace", can_edit: true });
    const created = WorkspaceSchema.parse((await call(loner, 'PUT', '/api/my-workspace', { name: "loner's Workspace" })).json());
    expect(created).toMatchObject({ owner_id: loner.id, privacy_setting: 'private' });
    const [profile] = await ctx.db.select().from(profiles).where(eq(profiles.id, loner.id));
    expect(profile!.workspaceId).toBe(created.id);
    // Work screens follow at once: the caller can create a job in it.
    expect((await call(loner, 'POST', '/api/jobs', { client_name: 'First client' })).statusCode).toBe(201);
  });

  it('only the owner (or a system admin) changes a workspace’s settings; members read them, marked read-only', async () => {
    const company = await createTestUser(ctx, { workspaceName: 'Company Roofing' });
    const member = await createTestUser(ctx, { workspaceId: company.workspaceId });
    const mine = MyWorkspaceSchema.parse((await call(member, 'GET', '/api/my-workspace')).json());
    expect(mine.workspace).toMatchObject({ id: company.workspaceId, name: 'Company Roofing' });
    expect(mine.can_edit).toBe(false);
    expect(MyWorkspaceSchema.parse((await call(company, 'GET', '/api/my-workspace')).json()).can_edit).toBe(true);
    const refused = await call(member, 'PUT', '/api/my-workspace', { name: 'Hijacked', privacy_setting: 'public' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(WORKSPACE_OWNER_ONLY);
    const [row] = await ctx.db.select().from(workspaces).where(eq(workspaces.id, company.workspaceId!));
    expect(row).toMatchObject({ name: 'Company Roofing', privacySetting: 'private' });
    // The member keeps their link (no workspace of their own is made instead).
    const [profile] = await ctx.db.select().from(profiles).where(eq(profiles.id, member.id));
    expect(profile!.workspaceId).toBe(company.workspaceId);
    // A system admin in the workspace may.
    const sysAdmin = await createTestUser(ctx, { role: 'admin', workspaceId: company.workspaceId });
    expect(MyWorkspaceSchema.parse((await call(sysAdmin, 'GET', '/api/my-workspace')).json()).can_edit).toBe(true);
    expect((await call(sysAdmin, 'PUT', '/api/my-workspace', { name: 'Company Roofing LLC' })).statusCode).toBe(200);
    expect((await call(company, 'PUT', '/api/my-workspace', { name: 'Company Roofing Inc' })).statusCode).toBe(200);
  });

  it('refuses a blank name naming the field, and answers 401 anonymous', async () => {
    const n = await workspaceCount();
    const res = await call(plain, 'PUT', '/api/my-workspace', { name: '   ' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details).toEqual([{ field: 'name', message: 'Workspace name is required' }]);
    expect(await workspaceCount()).toBe(n);
    expect((await call(null, 'GET', '/api/my-workspace')).statusCode).toBe(401);
  });
});

describe('workspace management (admin only)', () => {
  it('refuses a plain user every management endpoint with 403, anonymous with 401', async () => {
    const id = plain.workspaceId!;
    const attempts: Array<[Parameters<typeof call>[1], string, unknown?]> = [
      ['GET', '/api/workspaces'],
      ['POST', '/api/workspaces', { name: 'Sneaky' }],
      ['PUT', `/api/workspaces/${id}`, { name: 'Sneaky' }],
      ['DELETE', `/api/workspaces/${id}`],
      ['POST', `/api/workspaces/${id}/restore`],
      ['GET', `/api/workspaces/${id}/users`],
      ['GET', '/api/workspaces/unassigned-users'],
      ['POST', `/api/workspaces/${id}/users`, { user_ids: [plain.id] }],
      ['DELETE', `/api/workspaces/${id}/users/${plain.id}`],
    ];
    for (const [method, url, body] of attempts) {
      const res = await call(plain, method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().error.message).toBe('You do not have permission to access this page');
      expect((await call(null, method, url, body)).statusCode).toBe(401);
    }
    const [ws] = await ctx.db.select().from(workspaces).where(eq(workspaces.id, id));
    expect(ws).toMatchObject({ name: 'Plain Roofing LLC', deletedAt: null });
  });

  it('creates (name required, description null when empty), lists with counts from the server, searches and edits', async () => {
    const n = await workspaceCount();
    const bad = await call(admin, 'POST', '/api/workspaces', { name: ' ', description: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details[0]).toEqual({ field: 'name', message: 'Workspace name is required' });
    expect(await workspaceCount()).toBe(n);

    const created = await call(admin, 'POST', '/api/workspaces', { name: ' Zephyr Gutters ', description: '' });
    expect(created.statusCode).toBe(201);
    const zephyr = WorkspaceSummarySchema.parse(created.json());
    expect(zephyr).toMatchObject({ name: 'Zephyr Gutters', description: null, user_count: 0, group_count: 0, owner_id: null });

    await ctx.db.insert(groups).values([
      { name: 'Crew A', createdBy: plain.id, workspaceId: plain.workspaceId! },
      { name: 'Crew B', createdBy: plain.id, workspaceId: plain.workspaceId! },
    ]);
    await createTestUser(ctx, { workspaceId: plain.workspaceId });
    const list = WorkspaceListSchema.parse((await call(admin, 'GET', '/api/workspaces')).json());
    expect(list.total).toBe(list.workspaces.length);
    const names = list.workspaces.map((w) => w.name);
    expect(names.indexOf('HQ')).toBeLessThan(names.indexOf('Plain Roofing LLC'));
    expect(names.indexOf('Plain Roofing LLC')).toBeLessThan(names.indexOf('Zephyr Gutters'));
    expect(list.workspaces.find((w) => w.id === plain.workspaceId)).toMatchObject({ user_count: 2, group_count: 2 });

    const found = WorkspaceListSchema.parse((await call(admin, 'GET', '/api/workspaces?q=zeph')).json());
    expect(found.workspaces.map((w) => w.name)).toEqual(['Zephyr Gutters']);

    const edited = WorkspaceSummarySchema.parse((await call(admin, 'PUT', `/api/workspaces/${zephyr.id}`, { name: 'Zephyr Gutters Co', description: 'Seamless gutters' })).json());
    expect(edited).toMatchObject({ name: 'Zephyr Gutters Co', description: 'Seamless gutters' });
    expect((await call(admin, 'PUT', '/api/workspaces/00000000-0000-4000-8000-000000000000', { name: 'X' })).statusCode).toBe(404);
    expect((await call(admin, 'PUT', '/api/workspaces/not-an-id', { name: 'X' })).statusCode).toBe(400);
  });

  it('assigns only users without a workspace, lists and removes them', async () => {
    const target = WorkspaceSummarySchema.parse((await call(admin, 'POST', '/api/workspaces', { name: 'Assign Target' })).json());
    const free1 = await createTestUser(ctx, { workspaceId: null, email: 'free1@example.com' });
    const free2 = await createTestUser(ctx, { workspaceId: null, email: 'free2@example.com' });
    const unassigned = WorkspaceUserListSchema.parse((await call(admin, 'GET', '/api/workspaces/unassigned-users')).json());
    expect(unassigned.users.map((u) => u.email)).toEqual(expect.arrayContaining(['free1@example.com', 'free2@example.com']));
    expect(unassigned.users.map((u) => u.id)).not.toContain(plain.id);

    const empty = await call(admin, 'POST', `/api/workspaces/${target.id}/users`, { user_ids: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.details).toEqual([{ field: 'user_ids', message: 'Please select users to assign' }]);

    const result = AssignUsersResultSchema.parse((await call(admin, 'POST', `/api/workspaces/${target.id}/users`, { user_ids: [free1.id, free2.id, plain.id] })).json());
    expect(result).toEqual({ assigned: 2, skipped: 1 });
    const members = WorkspaceUserListSchema.parse((await call(admin, 'GET', `/api/workspaces/${target.id}/users`)).json());
    expect(members.users.map((u) => u.email)).toEqual(['free1@example.com', 'free2@example.com']);
    const [stillPlain] = await ctx.db.select().from(profiles).where(eq(profiles.id, plain.id));
    expect(stillPlain!.workspaceId).toBe(plain.workspaceId);

    expect((await call(admin, 'DELETE', `/api/workspaces/${target.id}/users/${free1.id}`)).statusCode).toBe(200);
    expect((await call(admin, 'DELETE', `/api/workspaces/${target.id}/users/${free1.id}`)).statusCode).toBe(404);
    const after = WorkspaceUserListSchema.parse((await call(admin, 'GET', `/api/workspaces/${target.id}/users`)).json());
    expect(after.users.map((u) => u.email)).toEqual(['free2@example.com']);
  });

  it('removing a user from a workspace removes their memberships in its groups, not in other workspaces’ groups', async () => {
    const target = WorkspaceSummarySchema.parse((await call(admin, 'POST', '/api/workspaces', { name: 'Group Target' })).json());
    const worker = await createTestUser(ctx, { workspaceId: null, email: 'worker-groups@example.com' });
    await call(admin, 'POST', `/api/workspaces/${target.id}/users`, { user_ids: [worker.id] });
    const here = await insertGroup(ctx.db, { workspaceId: target.id, createdBy: admin.id, name: 'Here crew' });
    const elsewhere = await insertGroup(ctx.db, { workspaceId: plain.workspaceId!, createdBy: plain.id, name: 'Elsewhere crew' });
    await ctx.db.insert(groupMembers).values([
      { groupId: here.id, userId: worker.id, role: 'member' },
      { groupId: elsewhere.id, userId: worker.id, role: 'member' },
    ]);
    // A group they created there: creating it gave no lasting right once they are out of the workspace.
    const theirs = await insertGroup(ctx.db, { workspaceId: target.id, createdBy: worker.id, name: 'Worker crew' });
    expect((await call(admin, 'DELETE', `/api/workspaces/${target.id}/users/${worker.id}`)).statusCode).toBe(200);
    const left = await ctx.db.select({ groupId: groupMembers.groupId }).from(groupMembers).where(eq(groupMembers.userId, worker.id));
    expect(left.map((m) => m.groupId)).toEqual([elsewhere.id]);
    for (const id of [here.id, theirs.id]) expect((await call(worker, 'GET', `/api/groups/${id}`)).statusCode, id).toBe(404);
    expect((await call(worker, 'PUT', `/api/groups/${theirs.id}`, { name: 'Still mine?' })).statusCode).toBe(404);
    const listed = (await call(worker, 'GET', '/api/groups')).json() as { groups: Array<{ id: string }> };
    expect(listed.groups.map((g) => g.id)).toEqual([elsewhere.id]);
  });

  it('delete unlinks the members and keeps the work; the admin lists deleted workspaces and restores one', async () => {
    const owner = await createTestUser(ctx, { workspaceName: 'Doomed Decks' });
    const job = await insertJob(ctx.db, { workspaceId: owner.workspaceId!, clientName: 'Kept Client' });
    expect((await call(admin, 'DELETE', `/api/workspaces/${owner.workspaceId}`)).statusCode).toBe(200);

    const [profile] = await ctx.db.select().from(profiles).where(eq(profiles.id, owner.id));
    expect(profile!.workspaceId).toBeNull();
    expect(await ctx.db.select().from(jobs).where(eq(jobs.id, job.id))).toHaveLength(1);
    const live = WorkspaceListSchema.parse((await call(admin, 'GET', '/api/workspaces')).json());
    expect(live.workspaces.map((w) => w.id)).not.toContain(owner.workspaceId);
    // The former member now has no workspace: work endpoints say so, My Workspace offers to create one.
    expect((await call(owner, 'GET', '/api/jobs')).statusCode).toBe(409);
    expect(MyWorkspaceSchema.parse((await call(owner, 'GET', '/api/my-workspace')).json()).workspace).toBeNull();

    const deleted = WorkspaceListSchema.parse((await call(admin, 'GET', '/api/workspaces?deleted=true')).json());
    expect(deleted.workspaces.find((w) => w.id === owner.workspaceId)).toMatchObject({ name: 'Doomed Decks', deleted_at: expect.any(String) });
    expect((await call(admin, 'DELETE', `/api/workspaces/${owner.workspaceId}`)).statusCode).toBe(404);

    const restored = WorkspaceSummarySchema.parse((await call(admin, 'POST', `/api/workspaces/${owner.workspaceId}/restore`)).json());
    expect(restored).toMatchObject({ name: 'Doomed Decks', deleted_at: null, user_count: 0 });
    expect((await call(admin, 'POST', `/api/workspaces/${owner.workspaceId}/restore`)).statusCode).toBe(404);
    // Assigning the owner back gives them their jobs again.
    await call(admin, 'POST', `/api/workspaces/${owner.workspaceId}/users`, { user_ids: [owner.id] });
    const jobsRes = await call(owner, 'GET', '/api/jobs');
    expect(jobsRes.statusCode).toBe(200);
    expect(JSON.stringify(jobsRes.json())).toContain('Kept Client');
  });
});

describe('paging past 500', () => {
  it('every one of 520 workspaces is reached by limit/offset pages, once, by name; searched pages too', async () => {
    await insertWorkspacesBulk(ctx.db, { prefix: 'Bulk Co ', count: 520 });
    const page = async (q: string) => WorkspaceListSchema.parse((await call(admin, 'GET', `/api/workspaces?${q}`)).json());
    const collect = async (filter: string) => {
      const names: string[] = [];
      for (let offset = 0; ; offset += 100) {
        const p = await page(`${filter}limit=100&offset=${offset}`);
        names.push(...p.workspaces.map((w) => w.name));
        if (p.workspaces.length < 100) return { names, total: p.total };
      }
    };
    const all = await collect('');
    expect(all.names.length).toBe(all.total);
    expect(new Set(all.names).size).toBe(all.total);
    // By name (same prefix, zero-padded numbers: the same order under any collation).
    const bulk = all.names.filter((n) => n.startsWith('Bulk Co '));
    expect(bulk).toEqual(Array.from({ length: 520 }, (_, i) => `Bulk Co ${String(i + 1).padStart(4, '0')}`));
    const searched = await collect('q=Bulk&');
    expect(searched.total).toBe(520);
    expect(searched.names.at(-1)).toBe('Bulk Co 0520');
  });
});

describe('a name search ranks the name typed in full first (issue 38)', () => {
  it('"Paged 55" is first among 60 names that all contain "55", then the names starting with it', async () => {
    // Every name carries "55" in its middle (as a clock-made name did in the flaky browser test): each matches the
    // typed words as substrings, and the one typed in full would otherwise sort last of all by name.
    for (let i = 1; i <= 60; i += 1) await call(admin, 'POST', '/api/workspaces', { name: `Ranked 1755${String(i).padStart(2, '0')}55 ${String(i).padStart(2, '0')}` });
    await call(admin, 'POST', '/api/workspaces', { name: 'Ranked 55' });
    await call(admin, 'POST', '/api/workspaces', { name: 'Ranked 55 Annex' });
    await call(admin, 'POST', '/api/workspaces', { name: 'RANKED 55' });
    const list = WorkspaceListSchema.parse((await call(admin, 'GET', `/api/workspaces?q=${encodeURIComponent('ranked 55')}&limit=50`)).json());
    expect(list.total).toBe(63);
    const names = list.workspaces.map((w) => w.name);
    // Exact (case-insensitively) first, then the names starting with the text, then the rest by name.
    expect(names.slice(0, 2)).toEqual(['RANKED 55', 'Ranked 55']);
    expect(names[2]).toBe('Ranked 55 Annex');
    expect(names.slice(3, 6)).toEqual(['Ranked 17550155 01', 'Ranked 17550255 02', 'Ranked 17550355 03']);
  });
});
