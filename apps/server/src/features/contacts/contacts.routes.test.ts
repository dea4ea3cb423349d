import { ContactListSchema, ContactSchema } from '@fieldbook/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contacts } from '../../db/schema';
import { createTestApp, createTestUser, type TestContext, type TestUser } from '../../test/setup-app';
import { insertContact } from '../jobs/test-factories';

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
  });

  it('answers 401 anonymous and 400 for a bad limit', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/contacts' })).statusCode).toBe(401);
    const bad = await ctx.app.inject({ method: 'GET', url: '/api/contacts?limit=0', headers: alice.headers });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details[0].field).toBe('limit');
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
      payload: { name: ' Dana Drywall ', phone_number: '(555) 123-4567', email: 'Dana@Example.com', notes: 'Mornings', role: 'sub', sms_opt_in: true },
    });
    expect(res.statusCode).toBe(201);
    expect(ContactSchema.parse(res.json())).toMatchObject({ name: 'Dana Drywall', phone_number: '5551234567', email: 'dana@example.com', sms_opt_in: true, email_opt_in: false, owner_id: alice.id });
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
