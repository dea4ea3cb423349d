import { ContactGroupListSchema, ContactGroupSchema, ContactListSchema, ContactSchema, ContactsByPhoneSchema } from '@fieldbook/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactGroups, groupMembers, profiles, sharedContacts } from '../../db/schema';
import { insertContact, insertGroup } from '../../test/factories';
import { createTestApp, createTestUser, type TestContext, type TestUser } from '../../test/setup-app';

let ctx: TestContext;
let owner: TestUser; // shares a contact with the crew
let crew: TestUser; // member of the crew
let outsider: TestUser; // same workspace, not in the crew
let crewId: string;
let otherGroupId: string; // a group the owner is not in

beforeAll(async () => {
  ctx = await createTestApp();
  owner = await createTestUser(ctx);
  crew = await createTestUser(ctx, { workspaceId: owner.workspaceId });
  outsider = await createTestUser(ctx, { workspaceId: owner.workspaceId });
  await ctx.db.update(profiles).set({ fullName: 'Olive Owner' }).where(eq(profiles.id, owner.id));
  crewId = (await insertGroup(ctx.db, { workspaceId: owner.workspaceId!, createdBy: owner.id, name: 'Crew' })).id;
  await ctx.db.insert(groupMembers).values({ groupId: crewId, userId: crew.id, role: 'member' });
  otherGroupId = (await insertGroup(ctx.db, { workspaceId: owner.workspaceId!, createdBy: outsider.id, name: 'Elsewhere' })).id;
});
afterAll(() => ctx.close());

const share = (user: TestUser, contactId: string, groupIds: unknown) =>
  ctx.app.inject({ method: 'PUT', url: `/api/contacts/${contactId}/groups`, headers: user.headers, payload: { group_ids: groupIds } });
const list = async (user: TestUser, q = '') =>
  ContactListSchema.parse((await ctx.app.inject({ method: 'GET', url: `/api/contacts?q=${encodeURIComponent(q)}`, headers: user.headers })).json());

describe('PUT /api/contacts/:id/groups (sharing)', () => {
  it('shares with the owner’s groups; members read it marked as shared and by whom; others do not see it', async () => {
    const roofer = await insertContact(ctx.db, { ownerId: owner.id, name: 'Rita Roofer', phoneNumber: '5125550401' });
    const res = await share(owner, roofer.id, [crewId, crewId]);
    expect(res.statusCode).toBe(200);
    expect(ContactSchema.parse(res.json())).toMatchObject({ id: roofer.id, shared_by: null, shared_group_ids: [crewId] });

    const seen = await list(crew, 'rita');
    expect(seen.total).toBe(1);
    expect(seen.contacts[0]).toMatchObject({ id: roofer.id, owner_id: owner.id, shared_by: 'Olive Owner', shared_group_ids: [] });
    expect((await ctx.app.inject({ method: 'GET', url: `/api/contacts/${roofer.id}`, headers: crew.headers })).statusCode).toBe(200);
    const byPhone = ContactsByPhoneSchema.parse((await ctx.app.inject({ method: 'GET', url: '/api/contacts/by-phone?phones=%2B15125550401', headers: crew.headers })).json());
    expect(byPhone.contacts.map((c) => c.name)).toEqual(['Rita Roofer']);

    expect((await list(outsider, 'rita')).total).toBe(0);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/contacts/${roofer.id}`, headers: outsider.headers })).statusCode).toBe(404);
  });

  it('is read-only for members: edit, delete and re-share are 403 and change nothing; strangers get 404', async () => {
    const c = await insertContact(ctx.db, { ownerId: owner.id, name: 'Gus Gutters', phoneNumber: '5125550402' });
    await share(owner, c.id, [crewId]);
    const edit = await ctx.app.inject({ method: 'PUT', url: `/api/contacts/${c.id}`, headers: crew.headers, payload: { name: 'Hacked' } });
    expect(edit.statusCode).toBe(403);
    expect(edit.json().error.message).toBe('Only the owner can change a shared contact');
    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/contacts/${c.id}`, headers: crew.headers })).statusCode).toBe(403);
    expect((await share(crew, c.id, [])).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'PUT', url: `/api/contacts/${c.id}`, headers: outsider.headers, payload: { name: 'Hacked' } })).statusCode).toBe(404);
    expect((await share(outsider, c.id, [])).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/contacts/${c.id}`, headers: owner.headers })).json()).toMatchObject({ name: 'Gus Gutters' });
  });

  it('replaces the set: an empty list stops sharing', async () => {
    const c = await insertContact(ctx.db, { ownerId: owner.id, name: 'Pam Painter', phoneNumber: '5125550403' });
    await share(owner, c.id, [crewId]);
    expect((await list(crew, 'pam')).total).toBe(1);
    expect(ContactSchema.parse((await share(owner, c.id, [])).json()).shared_group_ids).toEqual([]);
    expect((await list(crew, 'pam')).total).toBe(0);
  });

  it('refuses a group the caller is not in, or a bad id, with 400 naming group_ids and nothing written', async () => {
    const c = await insertContact(ctx.db, { ownerId: owner.id, name: 'Ned Nobody', phoneNumber: '5125550404' });
    await share(owner, c.id, [crewId]);
    const foreign = await share(owner, c.id, [crewId, otherGroupId]);
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().error.details[0]).toMatchObject({ field: 'group_ids', message: 'You can only share with groups you belong to' });
    const bad = await share(owner, c.id, ['nope']);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details[0].field).toMatch(/^group_ids/);
    const rows = await ctx.db.select().from(sharedContacts).where(eq(sharedContacts.contactId, c.id));
    expect(rows.map((r) => r.groupId)).toEqual([crewId]);
  });

  it('answers 401 without a session', async () => {
    const c = await insertContact(ctx.db, { ownerId: owner.id, name: 'Anon', phoneNumber: '5125550405' });
    expect((await ctx.app.inject({ method: 'PUT', url: `/api/contacts/${c.id}/groups`, payload: { group_ids: [] } })).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/contact-groups' })).statusCode).toBe(401);
  });
});

describe('contact groups (the picker’s)', () => {
  it('creates a named group of the caller’s contacts, lists it with its contacts, deletes it (contacts stay)', async () => {
    const a = await insertContact(ctx.db, { ownerId: crew.id, name: 'Zoe Framer', phoneNumber: '5125550411' });
    const b = await insertContact(ctx.db, { ownerId: crew.id, name: 'Abe Framer', phoneNumber: '5125550412' });
    const created = await ctx.app.inject({ method: 'POST', url: '/api/contact-groups', headers: crew.headers, payload: { name: '  Framers ', contact_ids: [a.id, b.id, a.id] } });
    expect(created.statusCode).toBe(201);
    const group = ContactGroupSchema.parse(created.json());
    expect(group).toMatchObject({ name: 'Framers' });
    expect(group.contacts.map((c) => c.name)).toEqual(['Abe Framer', 'Zoe Framer']);
    const listed = ContactGroupListSchema.parse((await ctx.app.inject({ method: 'GET', url: '/api/contact-groups', headers: crew.headers })).json());
    expect(listed.contact_groups.map((g) => [g.name, g.contacts.length])).toEqual([['Framers', 2]]);
    // Another user's contact groups are theirs alone.
    expect(ContactGroupListSchema.parse((await ctx.app.inject({ method: 'GET', url: '/api/contact-groups', headers: outsider.headers })).json()).contact_groups).toEqual([]);
    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/contact-groups/${group.id}`, headers: outsider.headers })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/contact-groups/${group.id}`, headers: crew.headers })).statusCode).toBe(200);
    expect((await list(crew, 'framer')).total).toBe(2);
  });

  it('refuses a blank name and another owner’s contact with 400 naming the field, nothing written', async () => {
    const mine = await insertContact(ctx.db, { ownerId: crew.id, name: 'Mine', phoneNumber: '5125550421' });
    const theirs = await insertContact(ctx.db, { ownerId: outsider.id, name: 'Theirs', phoneNumber: '5125550422' });
    const before = (await ctx.db.select().from(contactGroups)).length;
    const blank = await ctx.app.inject({ method: 'POST', url: '/api/contact-groups', headers: crew.headers, payload: { name: '   ', contact_ids: [mine.id] } });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error.details[0]).toMatchObject({ field: 'name', message: 'Group name is required' });
    const foreign = await ctx.app.inject({ method: 'POST', url: '/api/contact-groups', headers: crew.headers, payload: { name: 'Mixed', contact_ids: [mine.id, theirs.id] } });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().error.details[0].field).toBe('contact_ids');
    expect((await ctx.db.select().from(contactGroups)).length).toBe(before);
  });
});
