import { ContactListSchema, ContactSchema } from '@fieldbook/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contacts, groupMembers } from '../../db/schema';
import { createTestApp, createTestUser, type TestContext, type TestUser } from '../../test/setup-app';
import { insertContact, insertGroup } from '../../test/factories';

let ctx: TestContext;
let alice: TestUser;
let bob: TestUser; // same workspace — contacts are still per owner

beforeAll(async () => {
  ctx = await createTestApp();
  alice = await createTestUser(ctx);
  bob = await createTestUser(ctx, { workspaceId: alice.workspaceId });
});
afterAll(() => ctx.close());

const countContacts = async () => (await ctx.db.select({ id: contacts.id }).from(contacts)).length;

describe('GET /api/contacts', () => {
  it('lists only the owner’s contacts ordered by name, with q search', async () => {
    await insertContact(ctx.db, { ownerId: alice.id, name: 'Zed Roofer', phoneNumber: '5550000001' });
    await insertContact(ctx.db, { ownerId: alice.id, name: 'Ann Plumber', phoneNumber: '5550000002', email: 'ann@example.com' });
    await insertContact(ctx.db, { ownerId: bob.id, name: 'Bob’s friend', phoneNumber: '5550000003' });
    const res = await ctx.app.inject({ method: 'GET', url: '/api/contacts', headers: alice.headers });
    expect(res.statusCode).toBe(200);
    const list = ContactListSchema.parse(res.json());
    expect(list.total).toBe(2);
    expect(list.contacts.map((c) => c.name)).toEqual(['Ann Plumber', 'Zed Roofer']);
    expect(list.contacts[0]).toMatchObject({ owner_id: alice.id, phone_number: '5550000002', phone: '5550000002', email: 'ann@example.com' });
    const byName = ContactListSchema.parse((await ctx.app.inject({ method: 'GET', url: '/api/contacts?q=roof', headers: alice.headers })).json());
    expect(byName.contacts.map((c) => c.name)).toEqual(['Zed Roofer']);
    const byPhone = ContactListSchema.parse((await ctx.app.inject({ method: 'GET', url: '/api/contacts?q=(555)%20000-0002', headers: alice.headers })).json());
    expect(byPhone.contacts.map((c) => c.name)).toEqual(['Ann Plumber']);
    // Every word must match the name, email or role; phone-character words match the digits in any formatting.
    const names = async (q: string) =>
      ContactListSchema.parse((await ctx.app.inject({ method: 'GET', url: `/api/contacts?q=${encodeURIComponent(q)}`, headers: alice.headers })).json()).contacts.map((c) => c.name);
    expect(await names('ann plumb')).toEqual(['Ann Plumber']);
    expect(await names('example.com')).toEqual(['Ann Plumber']);
    expect(await names('555 0001')).toEqual(['Zed Roofer']);
    expect(await names('555')).toEqual(['Ann Plumber', 'Zed Roofer']);
    expect(await names('ann zed')).toEqual([]);
    expect(await names('50%_')).toEqual([]);
  });

  it('a name search puts the name typed in full first, then names starting with it (issue 38)', async () => {
    const carol = await createTestUser(ctx);
    const names = ['Al 55 Crew', 'Al 155', 'Al 55', 'Al Bro 55', 'al 55x'];
    for (const [i, name] of names.entries()) await insertContact(ctx.db, { ownerId: carol.id, name, phoneNumber: `555010000${i}` });
    const res = await ctx.app.inject({ method: 'GET', url: '/api/contacts?q=al%2055', headers: carol.headers });
    expect(ContactListSchema.parse(res.json()).contacts.map((c) => c.name)).toEqual(['Al 55', 'Al 55 Crew', 'al 55x', 'Al 155', 'Al Bro 55']);
  });

  it('answers 401 anonymous and 400 for a bad limit', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/contacts' })).statusCode).toBe(401);
    const bad = await ctx.app.inject({ method: 'GET', url: '/api/contacts?limit=0', headers: alice.headers });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details[0].field).toBe('limit');
  });
});

describe('paging: no silent cap', () => {
  it('pages any number of contacts with the true total, and searches on the server', async () => {
    const carol = await createTestUser(ctx);
    const many = Array.from({ length: 1203 }, (_, i) => ({ ownerId: carol.id, name: `Crew ${String(i).padStart(4, '0')}`, phoneNumber: String(5_550_000_000 + i) }));
    await ctx.db.insert(contacts).values(many);
    const first = ContactListSchema.parse((await ctx.app.inject({ method: 'GET', url: '/api/contacts', headers: carol.headers })).json());
    expect(first.total).toBe(1203);
    expect(first.contacts).toHaveLength(50);
    const last = ContactListSchema.parse((await ctx.app.inject({ method: 'GET', url: '/api/contacts?limit=500&offset=1200', headers: carol.headers })).json());
    expect(last.contacts.map((c) => c.name)).toEqual(['Crew 1200', 'Crew 1201', 'Crew 1202']);
    const found = ContactListSchema.parse((await ctx.app.inject({ method: 'GET', url: '/api/contacts?q=crew%201150', headers: carol.headers })).json());
    expect(found.contacts.map((c) => c.name)).toEqual(['Crew 1150']);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/contacts?limit=501', headers: carol.headers })).statusCode).toBe(400);
  });
});

describe('GET /api/contacts?not_in_group=: the invite list leaves out people already in the group', () => {
  it('pages only contacts not in the group (matched by phone), so 50 members first never empty the list', async () => {
    const owner = await createTestUser(ctx);
    const group = await insertGroup(ctx.db, { workspaceId: owner.workspaceId!, createdBy: owner.id, name: 'Big crew' });
    // 60 members whose names sort first, then 3 people not in the group.
    await ctx.db.insert(contacts).values(Array.from({ length: 60 }, (_, i) => ({ ownerId: owner.id, name: `Aa member ${String(i).padStart(2, '0')}`, phoneNumber: `512555${String(1000 + i)}` })));
    await ctx.db.insert(groupMembers).values(Array.from({ length: 60 }, (_, i) => ({ groupId: group.id, phoneNumber: `+1512555${String(1000 + i)}`, role: 'member' as const })));
    await ctx.db.insert(contacts).values(['Zoe', 'Zack', 'Zia'].map((name, i) => ({ ownerId: owner.id, name, phoneNumber: `512555${String(2000 + i)}` })));
    const res = await ctx.app.inject({ method: 'GET', url: `/api/contacts?not_in_group=${group.id}`, headers: owner.headers });
    expect(res.statusCode, res.body).toBe(200);
    const list = ContactListSchema.parse(res.json());
    expect(list.contacts.map((c) => c.name)).toEqual(['Zack', 'Zia', 'Zoe']);
    expect(list.total).toBe(3);
    // A group the caller is not in is not theirs to ask about (its members' phones would show through).
    const other = await insertGroup(ctx.db, { workspaceId: alice.workspaceId!, createdBy: alice.id, name: 'Not yours' });
    const refused = await ctx.app.inject({ method: 'GET', url: `/api/contacts?not_in_group=${other.id}`, headers: owner.headers });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.details).toEqual([{ field: 'not_in_group', message: 'Group not found' }]);
  });
});

describe('GET /api/contacts/by-phone', () => {
  it('answers the caller’s contacts matching the numbers by raw, digits-only or +1 form — never another owner’s', async () => {
    const dave = await createTestUser(ctx);
    const erin = await createTestUser(ctx, { workspaceId: dave.workspaceId });
    await insertContact(ctx.db, { ownerId: dave.id, name: 'Far Down The List', phoneNumber: '5127770001' });
    await insertContact(ctx.db, { ownerId: dave.id, name: 'Other', phoneNumber: '5127770002' });
    await insertContact(ctx.db, { ownerId: erin.id, name: 'Erin’s Contact', phoneNumber: '5127770003' });
    const url = `/api/contacts/by-phone?phones=${encodeURIComponent('+15127770001,(512) 777-0003,nonsense')}`;
    const res = await ctx.app.inject({ method: 'GET', url, headers: dave.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json().contacts.map((c: { name: string }) => c.name)).toEqual(['Far Down The List']);
    expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    const tooMany = Array.from({ length: 501 }, (_, i) => String(5_000_000_000 + i)).join(',');
    expect((await ctx.app.inject({ method: 'GET', url: `/api/contacts/by-phone?phones=${tooMany}`, headers: dave.headers })).statusCode).toBe(400);
  });
});

describe('GET /api/contacts/:id', () => {
  it('answers the owner and 404 for another user (even in the same workspace)', async () => {
    const c = await insertContact(ctx.db, { ownerId: alice.id });
    const ok = await ctx.app.inject({ method: 'GET', url: `/api/contacts/${c.id}`, headers: alice.headers });
    expect(ok.statusCode).toBe(200);
    expect(ContactSchema.parse(ok.json()).id).toBe(c.id);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/contacts/${c.id}`, headers: bob.headers })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/contacts/${c.id}` })).statusCode).toBe(401);
  });
});

describe('POST /api/contacts', () => {
  it('creates a contact with the phone stored as digits only (phone_number or phone)', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/contacts',
      headers: alice.headers,
      payload: { name: ' Dana Drywall ', phone_number: '(555) 123-4500', email: 'Dana@Example.com', notes: 'Mornings', role: 'sub', sms_opt_in: true },
    });
    expect(res.statusCode).toBe(201);
    expect(ContactSchema.parse(res.json())).toMatchObject({ name: 'Dana Drywall', phone_number: '5551234500', email: 'dana@example.com', sms_opt_in: true, email_opt_in: false, owner_id: alice.id });
    const alias = await ctx.app.inject({ method: 'POST', url: '/api/contacts', headers: alice.headers, payload: { name: 'Eli', phone: '555.987.6543' } });
    expect(alias.statusCode).toBe(201);
    expect(alias.json().phone_number).toBe('5559876543');
  });

  it('answers the specified messages and writes nothing', async () => {
    const before = await countContacts();
    for (const [payload, field, message] of [
      [{ phone_number: '5551234567' }, 'name', 'Contact name is required'],
      [{ name: '  ', phone_number: '5551234567' }, 'name', 'Contact name is required'],
      [{ name: 'X' }, 'phone_number', 'Phone number is required'],
      [{ name: 'X', phone_number: '' }, 'phone_number', 'Phone number is required'],
      [{ name: 'X', phone_number: '(555) 123-456' }, 'phone_number', 'Please enter a valid 10-digit phone number'],
      [{ name: 'X', phone_number: '+1 555 123 4567' }, 'phone_number', 'Please enter a valid 10-digit phone number'],
      [{ name: 'X', phone_number: '5551234567', email: 'not-an-email' }, 'email', 'Please enter a valid email address'],
    ] as const) {
      const res = await ctx.app.inject({ method: 'POST', url: '/api/contacts', headers: alice.headers, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error.details[0]).toEqual({ field, message });
    }
    expect(await countContacts()).toBe(before);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/contacts', payload: { name: 'X', phone_number: '5551234567' } })).statusCode).toBe(401);
    expect(await countContacts()).toBe(before);
  });
});

describe('one phone number per contact (409 naming the other contact)', () => {
  const post = (user: TestUser, payload: object) => ctx.app.inject({ method: 'POST', url: '/api/contacts', headers: user.headers, payload });

  it('refuses a second contact with the same phone for one owner, and writes nothing', async () => {
    expect((await post(alice, { name: 'Gus Gutters', phone_number: '555-222-3333' })).statusCode).toBe(201);
    const before = await countContacts();
    const dup = await post(alice, { name: 'Someone Else', phone_number: '(555) 222-3333' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error).toEqual({
      code: 'CONFLICT',
      message: 'A contact with this phone number already exists: Gus Gutters',
      details: [{ field: 'phone_number', message: 'A contact with this phone number already exists: Gus Gutters' }],
    });
    expect(await countContacts()).toBe(before);
    // Another owner keeps their own list: the same number is fine for bob.
    expect((await post(bob, { name: 'Gus (Bob’s)', phone_number: '5552223333' })).statusCode).toBe(201);
  });

  it('refuses an edit onto another contact’s phone but allows saving a contact with its own phone', async () => {
    const a = await post(alice, { name: 'Hank Hvac', phone_number: '5553334444' });
    const b = await post(alice, { name: 'Ivy Insulation', phone_number: '5553335555' });
    const clash = await ctx.app.inject({ method: 'PUT', url: `/api/contacts/${b.json().id}`, headers: alice.headers, payload: { phone_number: '5553334444' } });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().error.message).toBe('A contact with this phone number already exists: Hank Hvac');
    const [row] = await ctx.db.select().from(contacts).where(eq(contacts.id, b.json().id));
    expect(row?.phoneNumber).toBe('5553335555');
    const same = await ctx.app.inject({ method: 'PUT', url: `/api/contacts/${a.json().id}`, headers: alice.headers, payload: { name: 'Hank H.', phone_number: '5553334444' } });
    expect(same.statusCode).toBe(200);
  });

  it('lets only one of two concurrent creates with one phone through', async () => {
    const results = await Promise.all([post(alice, { name: 'Race A', phone_number: '5554445555' }), post(alice, { name: 'Race B', phone_number: '5554445555' })]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
  });
});

describe('PUT /api/contacts/:id', () => {
  it('updates the given fields for the owner only', async () => {
    const c = await insertContact(ctx.db, { ownerId: alice.id, name: 'Old', phoneNumber: '5550009999' });
    const res = await ctx.app.inject({ method: 'PUT', url: `/api/contacts/${c.id}`, headers: alice.headers, payload: { name: 'New', phone_number: '555-000-8888', notes: '' } });
    expect(res.statusCode).toBe(200);
    expect(ContactSchema.parse(res.json())).toMatchObject({ name: 'New', phone_number: '5550008888', notes: null });
    expect((await ctx.app.inject({ method: 'PUT', url: `/api/contacts/${c.id}`, headers: bob.headers, payload: { name: 'Hijack' } })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'PUT', url: `/api/contacts/${c.id}`, payload: { name: 'Anon' } })).statusCode).toBe(401);
    const bad = await ctx.app.inject({ method: 'PUT', url: `/api/contacts/${c.id}`, headers: alice.headers, payload: { phone_number: '12' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details[0]).toEqual({ field: 'phone_number', message: 'Please enter a valid 10-digit phone number' });
    const unknown = await ctx.app.inject({ method: 'PUT', url: `/api/contacts/${c.id}`, headers: alice.headers, payload: { owner_id: bob.id } });
    expect(unknown.statusCode).toBe(400);
    const [row] = await ctx.db.select().from(contacts).where(eq(contacts.id, c.id));
    expect(row).toMatchObject({ name: 'New', phoneNumber: '5550008888', ownerId: alice.id });
  });
});

describe('DELETE /api/contacts/:id', () => {
  it('deletes the owner’s contact; 404 for another user; 401 anonymous', async () => {
    const c = await insertContact(ctx.db, { ownerId: alice.id });
    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/contacts/${c.id}`, headers: bob.headers })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/contacts/${c.id}` })).statusCode).toBe(401);
    expect(await ctx.db.select().from(contacts).where(eq(contacts.id, c.id))).toHaveLength(1);
    const res = await ctx.app.inject({ method: 'DELETE', url: `/api/contacts/${c.id}`, headers: alice.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect(await ctx.db.select().from(contacts).where(eq(contacts.id, c.id))).toHaveLength(0);
    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/contacts/${c.id}`, headers: alice.headers })).statusCode).toBe(404);
  });
});
