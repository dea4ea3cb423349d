import {
  AcceptInvitationResultSchema,
  GroupListSchema,
  GroupMemberListSchema,
  GroupSchema,
  INVITATION_CODE_EXHAUSTED,
  INVITATION_CODE_INVALID,
  INVITATION_CODE_MAX_ATTEMPTS,
  INVITATION_CODE_REQUIRED,
  InvitationCodeSentSchema,
  InvitationPreviewSchema,
  InvitationSignUpResultSchema,
  InviteResultSchema,
  MyInvitationListSchema,
  MyInvitationSchema,
} from '@fieldbook/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { groupMembers, groups, invitations, outboxMessages, profiles, sharedContacts, users, workspaces } from '../../db/schema';
import { insertContact } from '../../test/factories';
import { createTestApp, createTestUser, type TestContext, type TestUser } from '../../test/setup-app';

let ctx: TestContext;
let clock = new Date('2026-11-24T12:00:00Z');
let creator: TestUser;
let crew: TestUser; // becomes a member
let stranger: TestUser;

beforeAll(async () => {
  ctx = await createTestApp({}, { now: () => clock });
  creator = await createTestUser(ctx, { email: 'creator@example.com' });
  crew = await createTestUser(ctx, { email: 'crew@example.com', workspaceId: creator.workspaceId });
  stranger = await createTestUser(ctx, { email: 'stranger@example.com' });
});
afterAll(() => ctx.close());

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const call = (user: TestUser | null, method: Method, url: string, payload?: unknown) =>
  ctx.app.inject({ method, url, ...(user ? { headers: user.headers } : {}), ...(payload === undefined ? {} : { payload: payload as object }) });

const createGroup = async (user: TestUser, name: string) => GroupSchema.parse((await call(user, 'POST', '/api/groups', { name, description: 'Roof crew' })).json());
const tokenOf = (body: string) => /\/invitation\/([A-Za-z0-9_-]+)/.exec(body)![1]!;
const smsTo = async (phone: string) => (await ctx.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, phone))).map((m) => m.body);

/** Asks for the one-time code of an invitation (by its link's token) and reads it from the text to `phone`. */
async function codeFor(token: string, phone: string): Promise<string> {
  const res = await call(null, 'POST', `/api/invitations/${token}/code`);
  expect(res.statusCode, res.body).toBe(200);
  return /^(\d{6}) is your Fieldbook code/.exec((await smsTo(`+1${phone}`)).at(-1)!)![1]!;
}
/** Accepts as `user` with the code texted to the invited phone (what the invitation page does). */
async function acceptAs(user: TestUser, token: string, phone: string) {
  return call(user, 'POST', `/api/invitations/${token}/accept`, { code: await codeFor(token, phone) });
}

/** Invites a contact of `by` with this phone and returns the token from the texted link. */
async function inviteByPhone(by: TestUser, groupId: string, phone: string, role?: 'admin' | 'member' | 'view_only'): Promise<string> {
  const contact = await insertContact(ctx.db, { ownerId: by.id, name: `Crew ${phone}`, phoneNumber: phone });
  const res = await call(by, 'POST', `/api/groups/${groupId}/invitations`, { contact_ids: [contact.id], ...(role ? { role } : {}) });
  expect(res.statusCode).toBe(201);
  const texts = await smsTo(`+1${phone}`);
  return tokenOf(texts.at(-1)!);
}

describe('groups', () => {
  it('creates a group in the caller’s workspace with the creator as admin member; blank names are refused', async () => {
    const before = (await ctx.db.select().from(groups)).length;
    const bad = await call(creator, 'POST', '/api/groups', { name: '  ' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details).toEqual([{ field: 'name', message: 'Group name is required' }]);
    expect((await ctx.db.select().from(groups)).length).toBe(before);
    expect((await call(null, 'POST', '/api/groups', { name: 'x' })).statusCode).toBe(401);

    const group = await createGroup(creator, ' North Crew ');
    expect(group).toMatchObject({ name: 'North Crew', workspace_id: creator.workspaceId, created_by: creator.id, member_count: 1, is_creator: true, my_role: 'admin' });
    const members = GroupMemberListSchema.parse((await call(creator, 'GET', `/api/groups/${group.id}/members`)).json()).members;
    expect(members).toEqual([expect.objectContaining({ user_id: creator.id, role: 'admin', is_creator: true, display_name: 'creator' })]);
  });

  it('lists groups the caller created or belongs to; others answer 404 and cannot be changed', async () => {
    const group = await createGroup(creator, 'Visible Crew');
    const theirs = GroupListSchema.parse((await call(stranger, 'GET', '/api/groups')).json());
    expect(theirs.groups.map((g) => g.id)).not.toContain(group.id);
    for (const [method, url, body] of [
      ['GET', `/api/groups/${group.id}`],
      ['GET', `/api/groups/${group.id}/members`],
      ['PUT', `/api/groups/${group.id}`, { name: 'Taken' }],
      ['DELETE', `/api/groups/${group.id}`],
      ['POST', `/api/groups/${group.id}/invitations`, { contact_ids: ['00000000-0000-4000-8000-000000000000'] }],
    ] as Array<[Method, string, unknown?]>) {
      expect((await call(stranger, method, url, body)).statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await ctx.db.select().from(groups).where(eq(groups.id, group.id)))[0]!.name).toBe('Visible Crew');
  });

  it('an invitation: texted link, token stored hashed, public preview, single-use accept; members see the group', async () => {
    const group = await createGroup(creator, 'Gutter Crew');
    const empty = await call(creator, 'POST', `/api/groups/${group.id}/invitations`, { contact_ids: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.details).toEqual([{ field: 'contact_ids', message: 'Please select at least one contact to invite' }]);

    const token = await inviteByPhone(creator, group.id, '5125550111');
    expect(token.length).toBeGreaterThanOrEqual(43); // 256 random bits, base64url
    const [row] = await ctx.db.select().from(invitations).where(eq(invitations.groupId, group.id));
    expect(row!.tokenHash).not.toContain(token);
    expect(JSON.stringify(row)).not.toContain(token);
    expect(row!.expiresAt.getTime() - clock.getTime()).toBe(7 * 86_400_000);
    expect((await smsTo('+15125550111')).at(-1)).toBe(`You're invited to join Gutter Crew on Fieldbook. Open this link to accept: http://localhost:3000/invitation/${token}`);

    const preview = await call(null, 'GET', `/api/invitations/${token}`);
    expect(preview.statusCode).toBe(200);
    expect(InvitationPreviewSchema.strict().parse(preview.json())).toEqual({
      group_name: 'Gutter Crew',
      group_description: 'Roof crew',
      role: 'member',
      expires_at: row!.expiresAt.toISOString(),
      phone_hint: '0111',
    });

    expect((await call(null, 'POST', `/api/invitations/${token}/accept`, { code: '123456' })).statusCode).toBe(401);
    const code = await codeFor(token, '5125550111');
    const accepted = AcceptInvitationResultSchema.parse((await call(crew, 'POST', `/api/invitations/${token}/accept`, { code })).json());
    expect(accepted).toEqual({ group_id: group.id, already_member: false });
    const again = await call(crew, 'POST', `/api/invitations/${token}/accept`, { code });
    expect(again.statusCode).toBe(404);
    expect(again.json().error.message).toBe('Invitation not found or has expired');

    const mine = GroupListSchema.parse((await call(crew, 'GET', '/api/groups')).json()).groups.find((g) => g.id === group.id);
    expect(mine).toMatchObject({ member_count: 2, is_creator: false, my_role: 'member' });
    const members = GroupMemberListSchema.parse((await call(crew, 'GET', `/api/groups/${group.id}/members`)).json()).members;
    expect(members.map((m) => [m.display_name, m.role, m.phone_number])).toEqual([
      ['creator', 'admin', null],
      ['crew', 'member', '5125550111'],
    ]);
    // The same phone is not invited twice: it is already in the group.
    const contact = await insertContact(ctx.db, { ownerId: creator.id, name: 'Crew again', phoneNumber: '5125550111' }).catch(() => null);
    if (contact) {
      const skipped = InviteResultSchema.parse((await call(creator, 'POST', `/api/groups/${group.id}/invitations`, { contact_ids: [contact.id] })).json());
      expect(skipped).toEqual({ invited: 0, skipped: 1 });
    }
  });

  it('roles: only the creator changes roles or removes members, never their own row; only creator and admins invite', async () => {
    const group = await createGroup(creator, 'Role Crew');
    await acceptAs(crew, await inviteByPhone(creator, group.id, '5125550122'), '5125550122');
    const members = GroupMemberListSchema.parse((await call(creator, 'GET', `/api/groups/${group.id}/members`)).json()).members;
    const own = members.find((m) => m.user_id === creator.id)!;
    const crewRow = members.find((m) => m.user_id === crew.id)!;

    // A member: no edit, delete, role change, removal or invite (403), and nothing changes.
    const contact = await insertContact(ctx.db, { ownerId: crew.id, name: 'Crew friend', phoneNumber: '5125550133' });
    for (const [method, url, body] of [
      ['PUT', `/api/groups/${group.id}`, { name: 'Mine now' }],
      ['DELETE', `/api/groups/${group.id}`],
      ['PATCH', `/api/groups/${group.id}/members/${own.id}`, { role: 'view_only' }],
      ['DELETE', `/api/groups/${group.id}/members/${own.id}`],
      ['POST', `/api/groups/${group.id}/invitations`, { contact_ids: [contact.id] }],
    ] as Array<[Method, string, unknown?]>) {
      expect((await call(crew, method, url, body)).statusCode, `${method} ${url}`).toBe(403);
    }
    expect(await smsTo('+15125550133')).toEqual([]);

    const bad = await call(creator, 'PATCH', `/api/groups/${group.id}/members/${crewRow.id}`, { role: 'owner' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details[0].field).toBe('role');
    expect((await call(creator, 'PATCH', `/api/groups/${group.id}/members/${own.id}`, { role: 'member' })).statusCode).toBe(403);
    expect((await call(creator, 'DELETE', `/api/groups/${group.id}/members/${own.id}`)).statusCode).toBe(403);

    const promoted = await call(creator, 'PATCH', `/api/groups/${group.id}/members/${crewRow.id}`, { role: 'admin' });
    expect(promoted.json()).toMatchObject({ id: crewRow.id, role: 'admin' });
    // A group admin may invite.
    expect((await call(crew, 'POST', `/api/groups/${group.id}/invitations`, { contact_ids: [contact.id] })).statusCode).toBe(201);
    expect(await smsTo('+15125550133')).toHaveLength(1);

    expect((await call(creator, 'DELETE', `/api/groups/${group.id}/members/${crewRow.id}`)).statusCode).toBe(200);
    expect((await call(crew, 'GET', `/api/groups/${group.id}`)).statusCode).toBe(404);
    expect((await call(creator, 'DELETE', `/api/groups/${group.id}`)).statusCode).toBe(200);
    expect(await ctx.db.select().from(groupMembers).where(eq(groupMembers.groupId, group.id))).toEqual([]);
  });

  it('invites any contact the inviter can see: their own and those shared with their groups; others are not found', async () => {
    const group = await createGroup(creator, 'Shared Contacts Crew');
    await acceptAs(crew, await inviteByPhone(creator, group.id, '5125550311'), '5125550311');
    // crew shares a contact with the group: the creator sees it (the invite modal offers it).
    const shared = await insertContact(ctx.db, { ownerId: crew.id, name: 'Shared Sam', phoneNumber: '5125550322' });
    await ctx.db.insert(sharedContacts).values({ contactId: shared.id, groupId: group.id, sharedBy: crew.id });
    const own = await insertContact(ctx.db, { ownerId: creator.id, name: 'Own Olga', phoneNumber: '5125550333' });
    const res = await call(creator, 'POST', `/api/groups/${group.id}/invitations`, { contact_ids: [shared.id, own.id] });
    expect(res.statusCode, res.body).toBe(201);
    expect(InviteResultSchema.parse(res.json())).toEqual({ invited: 2, skipped: 0 });
    expect(await smsTo('+15125550322')).toHaveLength(1);
    // A contact nobody shared with the inviter is not theirs to text: the whole request is refused.
    const hidden = await insertContact(ctx.db, { ownerId: stranger.id, name: 'Hidden Hal', phoneNumber: '5125550344' });
    const refused = await call(creator, 'POST', `/api/groups/${group.id}/invitations`, { contact_ids: [own.id, hidden.id] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.details).toEqual([{ field: 'contact_ids', message: 'Contact not found' }]);
    expect(await smsTo('+15125550344')).toEqual([]);
  });

  it('member names: a member without an account shows the caller’s contact by phone, else Unknown', async () => {
    const group = await createGroup(creator, 'Names Crew');
    await ctx.db.insert(groupMembers).values([
      { groupId: group.id, phoneNumber: '+1 (512) 555-0144', role: 'member' },
      { groupId: group.id, phoneNumber: '5125550155', role: 'view_only' },
    ]);
    await insertContact(ctx.db, { ownerId: creator.id, name: 'Pat Painter', phoneNumber: '5125550144' });
    const members = GroupMemberListSchema.parse((await call(creator, 'GET', `/api/groups/${group.id}/members`)).json()).members;
    expect(members.map((m) => m.display_name).sort()).toEqual(['Pat Painter', 'Unknown', 'creator']);
  });
});

describe('system administrators', () => {
  it('view every group of their workspace and its members (read-only); another workspace’s stay 404', async () => {
    const group = await createGroup(crew, 'Admin Viewed Crew');
    const admin = await createTestUser(ctx, { role: 'admin', workspaceId: creator.workspaceId });
    const otherAdmin = await createTestUser(ctx, { role: 'admin' });
    const res = await call(admin, 'GET', `/api/groups/${group.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(GroupSchema.parse(res.json())).toMatchObject({ id: group.id, name: 'Admin Viewed Crew', is_creator: false, my_role: null, member_count: 1 });
    const members = await call(admin, 'GET', `/api/groups/${group.id}/members`);
    expect(members.statusCode).toBe(200);
    expect(GroupMemberListSchema.parse(members.json()).members.map((m) => m.user_id)).toEqual([crew.id]);
    // Viewing is not managing.
    expect((await call(admin, 'PUT', `/api/groups/${group.id}`, { name: 'Renamed' })).statusCode).toBe(403);
    expect((await call(admin, 'DELETE', `/api/groups/${group.id}`)).statusCode).toBe(403);
    // Their own list stays the groups they created or joined.
    expect(GroupListSchema.parse((await call(admin, 'GET', '/api/groups')).json()).groups.map((g) => g.id)).not.toContain(group.id);
    for (const url of [`/api/groups/${group.id}`, `/api/groups/${group.id}/members`]) expect((await call(otherAdmin, 'GET', url)).statusCode, url).toBe(404);
  });
});

describe('invitations', () => {
  it('expires after 7 days; decline deletes it; unknown tokens are not found', async () => {
    const group = await createGroup(creator, 'Expiry Crew');
    const token = await inviteByPhone(creator, group.id, '5125550166');
    clock = new Date(clock.getTime() + 7 * 86_400_000 + 1000);
    try {
      const expired = await call(null, 'GET', `/api/invitations/${token}`);
      expect(expired.statusCode).toBe(410);
      expect(expired.json().error.message).toBe('This invitation has expired');
      expect((await call(crew, 'POST', `/api/invitations/${token}/accept`, { code: '123456' })).statusCode).toBe(410);
      expect((await call(null, 'POST', `/api/invitations/${token}/code`)).statusCode).toBe(410);
    } finally {
      clock = new Date('2026-11-24T12:00:00Z');
    }
    const token2 = await inviteByPhone(creator, group.id, '5125550177');
    expect((await call(null, 'POST', `/api/invitations/${token2}/decline`)).statusCode).toBe(200);
    expect((await call(null, 'GET', `/api/invitations/${token2}`)).statusCode).toBe(404);
    const unknown = await call(null, 'GET', `/api/invitations/${'A'.repeat(43)}`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe('Invitation not found or has expired');
    expect((await call(null, 'GET', '/api/invitations/short')).statusCode).toBe(400);
  });

  it('two concurrent accepts of one token give one membership', async () => {
    const group = await createGroup(creator, 'Race Crew');
    const token = await inviteByPhone(creator, group.id, '5125550188');
    const code = await codeFor(token, '5125550188');
    const results = await Promise.all([call(crew, 'POST', `/api/invitations/${token}/accept`, { code }), call(crew, 'POST', `/api/invitations/${token}/accept`, { code })]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 404]);
    const rows = await ctx.db.select().from(groupMembers).where(eq(groupMembers.groupId, group.id));
    expect(rows.filter((r) => r.userId === crew.id)).toHaveLength(1);
  });

  it('a user already in the group is told so and gets no second row', async () => {
    const group = await createGroup(creator, 'Twice Crew');
    await acceptAs(crew, await inviteByPhone(creator, group.id, '5125550199'), '5125550199');
    const token = await inviteByPhone(creator, group.id, '5125550200');
    const again = AcceptInvitationResultSchema.parse((await acceptAs(crew, token, '5125550200')).json());
    expect(again).toEqual({ group_id: group.id, already_member: true });
    expect((await ctx.db.select().from(groupMembers).where(eq(groupMembers.groupId, group.id))).filter((r) => r.userId === crew.id)).toHaveLength(1);
  });

  it('sign-up through an invitation creates the account (name, invited phone) and the membership; the email must be new', async () => {
    const group = await createGroup(creator, 'Newcomer Crew');
    const token = await inviteByPhone(creator, group.id, '5125550211');
    const code = await codeFor(token, '5125550211');
    const missing = await call(null, 'POST', `/api/invitations/${token}/sign-up`, { full_name: ' ', email: 'new@example.com', password: 'long-enough-1', code });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.details[0]).toEqual({ field: 'full_name', message: 'Name is required' });
    const noCode = await call(null, 'POST', `/api/invitations/${token}/sign-up`, { full_name: 'Nia', email: 'new@example.com', password: 'long-enough-1' });
    expect(noCode.json().error.details).toEqual([{ field: 'code', message: 'Enter the code we texted to the invited phone' }]);
    const taken = await call(null, 'POST', `/api/invitations/${token}/sign-up`, { full_name: 'Dup', email: 'crew@example.com', password: 'long-enough-1', code });
    expect(taken.statusCode).toBe(409);
    expect(await ctx.db.select().from(users).where(eq(users.email, 'new@example.com'))).toEqual([]);

    const res = await call(null, 'POST', `/api/invitations/${token}/sign-up`, { full_name: 'Nia Newcomer', email: 'New@Example.com', password: 'long-enough-1', code, time_zone: 'America/Denver' });
    expect(res.statusCode).toBe(201);
    expect(InvitationSignUpResultSchema.parse(res.json())).toEqual({ group_id: group.id, confirmation_required: true });
    const [user] = await ctx.db.select().from(users).where(eq(users.email, 'new@example.com'));
    const [profile] = await ctx.db.select().from(profiles).where(eq(profiles.id, user!.id));
    expect(profile).toMatchObject({ fullName: 'Nia Newcomer', phoneNumber: '+15125550211' });
    // The personal workspace keeps the browser's zone, as after the sign-up form.
    const [own] = await ctx.db.select({ timeZone: workspaces.timeZone }).from(workspaces).where(eq(workspaces.ownerId, user!.id));
    expect(own).toEqual({ timeZone: 'America/Denver' });
    const rows = await ctx.db.select().from(groupMembers).where(eq(groupMembers.groupId, group.id));
    expect(rows.find((r) => r.userId === user!.id)).toMatchObject({ role: 'member', phoneNumber: '5125550211' });
    // Confirmation is on by default: the link goes out by mail, as for any sign-up.
    expect(await ctx.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, 'new@example.com'))).toHaveLength(1);
    expect((await call(null, 'GET', `/api/invitations/${token}`)).statusCode).toBe(404);
  });
});

describe('invitation codes: the link alone joins no one (issue 22 items 4, 14)', () => {
  it('an accept needs the code texted to the invited phone; wrong codes count, and the fifth ends the invitation', async () => {
    const group = await createGroup(creator, 'Admin Link Crew');
    const token = await inviteByPhone(creator, group.id, '5125550411', 'admin');
    // Whoever holds the forwarded link, without the phone: no code, a guessed code.
    expect((await call(stranger, 'POST', `/api/invitations/${token}/accept`)).statusCode).toBe(400);
    const none = await call(stranger, 'POST', `/api/invitations/${token}/accept`, {});
    expect(none.statusCode).toBe(400);
    expect(none.json().error.details).toEqual([{ field: 'code', message: INVITATION_CODE_REQUIRED }]);
    const guessed = await call(stranger, 'POST', `/api/invitations/${token}/accept`, { code: '000000' });
    expect(guessed.statusCode).toBe(400);
    expect(guessed.json().error.details).toEqual([{ field: 'code', message: INVITATION_CODE_INVALID }]);

    const sent = InvitationCodeSentSchema.parse((await call(null, 'POST', `/api/invitations/${token}/code`)).json());
    expect(sent).toEqual({ phone_hint: '0411', expires_at: new Date(clock.getTime() + 10 * 60_000).toISOString() });
    const text = (await smsTo('+15125550411')).at(-1)!;
    expect(text).toMatch(/^\d{6} is your Fieldbook code to join Admin Link Crew\. It expires in 10 minutes\./);
    const code = /^(\d{6})/.exec(text)![1]!;
    const wrong = code === '999999' ? '999998' : '999999';
    for (let i = 2; i < INVITATION_CODE_MAX_ATTEMPTS; i++) expect((await call(stranger, 'POST', `/api/invitations/${token}/accept`, { code: wrong })).statusCode).toBe(400);
    const last = await call(stranger, 'POST', `/api/invitations/${token}/accept`, { code: wrong });
    expect(last.json().error.details).toEqual([{ field: 'code', message: INVITATION_CODE_EXHAUSTED }]);
    // Even the right code is too late now.
    expect((await call(stranger, 'POST', `/api/invitations/${token}/accept`, { code })).statusCode).toBe(404);
    expect((await call(null, 'GET', `/api/invitations/${token}`)).statusCode).toBe(404);
    const rows = await ctx.db.select().from(groupMembers).where(eq(groupMembers.groupId, group.id));
    expect(rows.map((r) => r.userId)).toEqual([creator.id]);
  });

  it('texts at most one code a minute; a new code replaces the old one', async () => {
    const group = await createGroup(creator, 'Resend Crew');
    const token = await inviteByPhone(creator, group.id, '5125550422');
    const first = await codeFor(token, '5125550422');
    expect((await call(null, 'POST', `/api/invitations/${token}/code`)).statusCode).toBe(200);
    expect((await smsTo('+15125550422')).filter((t) => t.includes('is your Fieldbook code'))).toHaveLength(1);
    clock = new Date(clock.getTime() + 61_000);
    try {
      const second = await codeFor(token, '5125550422');
      expect((await smsTo('+15125550422')).filter((t) => t.includes('is your Fieldbook code'))).toHaveLength(2);
      if (second !== first) expect((await call(crew, 'POST', `/api/invitations/${token}/accept`, { code: first })).statusCode).toBe(400);
      expect((await call(crew, 'POST', `/api/invitations/${token}/accept`, { code: second })).statusCode).toBe(200);
    } finally {
      clock = new Date('2026-11-24T12:00:00Z');
    }
  });

  it('a wrong code at sign-up creates no account', async () => {
    const group = await createGroup(creator, 'Wrong Code Crew');
    const token = await inviteByPhone(creator, group.id, '5125550433');
    const code = await codeFor(token, '5125550433');
    const res = await call(null, 'POST', `/api/invitations/${token}/sign-up`, { full_name: 'Eve', email: 'eve@example.com', password: 'long-enough-1', code: code === '111111' ? '222222' : '111111' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details).toEqual([{ field: 'code', message: INVITATION_CODE_INVALID }]);
    expect(await ctx.db.select().from(users).where(eq(users.email, 'eve@example.com'))).toEqual([]);
  });

  it('concurrent sign-ups through one link: one account and membership; the request told "not found" gets no account', async () => {
    const group = await createGroup(creator, 'Sign-up Race Crew');
    const token = await inviteByPhone(creator, group.id, '5125550444');
    const code = await codeFor(token, '5125550444');
    const emails = ['race-a@example.com', 'race-b@example.com'];
    const results = await Promise.all(emails.map((email) => call(null, 'POST', `/api/invitations/${token}/sign-up`, { full_name: 'Racer', email, password: 'long-enough-1', code })));
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 404]);
    const winner = emails[results.findIndex((r) => r.statusCode === 201)]!;
    const loser = emails.find((e) => e !== winner)!;
    expect(await ctx.db.select().from(users).where(eq(users.email, loser))).toEqual([]);
    const [account] = await ctx.db.select().from(users).where(eq(users.email, winner));
    const rows = await ctx.db.select().from(groupMembers).where(eq(groupMembers.groupId, group.id));
    expect(rows.map((r) => r.userId).sort()).toEqual([creator.id, account!.id].sort());
  });
});

describe('/api/my-invitations/:id: the signed-in user’s invitation by id (issue 22 item 19)', () => {
  it('only an invitation to the phone on the caller’s profile; accepted with the texted code, or declined', async () => {
    const group = await createGroup(creator, 'By Id Crew');
    await inviteByPhone(creator, group.id, '5125550511', 'view_only');
    await inviteByPhone(creator, group.id, '5125550522');
    const [first, second] = await ctx.db.select().from(invitations).where(eq(invitations.groupId, group.id)).orderBy(invitations.phoneNumber);
    const invitee = await createTestUser(ctx, { workspaceId: creator.workspaceId });
    await ctx.db.update(profiles).set({ phoneNumber: '+15125550511' }).where(eq(profiles.id, invitee.id));

    for (const [method, url, body] of [
      ['GET', `/api/my-invitations/${first!.id}`],
      ['POST', `/api/my-invitations/${first!.id}/code`],
      ['POST', `/api/my-invitations/${first!.id}/accept`, { code: '123456' }],
      ['POST', `/api/my-invitations/${first!.id}/decline`],
    ] as Array<[Method, string, unknown?]>) {
      expect((await call(null, method, url, body)).statusCode, `anonymous ${method} ${url}`).toBe(401);
      // Someone whose phone it is not (crew has no phone; the stranger is in another workspace): not found.
      expect((await call(crew, method, url, body)).statusCode, `crew ${method} ${url}`).toBe(404);
      expect((await call(stranger, method, url, body)).statusCode, `stranger ${method} ${url}`).toBe(404);
    }
    expect((await call(invitee, 'GET', `/api/my-invitations/${second!.id}`)).statusCode).toBe(404);

    expect((await call(null, 'GET', '/api/my-invitations')).statusCode).toBe(401);
    expect(MyInvitationListSchema.parse((await call(crew, 'GET', '/api/my-invitations')).json()).invitations).toEqual([]);
    const listed = MyInvitationListSchema.parse((await call(invitee, 'GET', '/api/my-invitations')).json()).invitations;
    expect(listed.map((i) => [i.id, i.group_name, i.role])).toEqual([[first!.id, 'By Id Crew', 'view_only']]);
    const mine = MyInvitationSchema.parse((await call(invitee, 'GET', `/api/my-invitations/${first!.id}`)).json());
    expect(mine).toMatchObject({ id: first!.id, group_name: 'By Id Crew', role: 'view_only', phone_hint: '0511' });
    expect((await call(invitee, 'POST', `/api/my-invitations/${first!.id}/accept`, { code: '123456' })).statusCode).toBe(400);
    expect((await call(invitee, 'POST', `/api/my-invitations/${first!.id}/code`)).statusCode).toBe(200);
    const code = /^(\d{6})/.exec((await smsTo('+15125550511')).at(-1)!)![1]!;
    const accepted = await call(invitee, 'POST', `/api/my-invitations/${first!.id}/accept`, { code });
    expect(AcceptInvitationResultSchema.parse(accepted.json())).toEqual({ group_id: group.id, already_member: false });
    const [row] = await ctx.db.select().from(groupMembers).where(eq(groupMembers.userId, invitee.id));
    expect(row).toMatchObject({ groupId: group.id, role: 'view_only', phoneNumber: '5125550511' });

    await ctx.db.update(profiles).set({ phoneNumber: '+15125550522' }).where(eq(profiles.id, invitee.id));
    expect((await call(invitee, 'POST', `/api/my-invitations/${second!.id}/decline`)).statusCode).toBe(200);
    expect((await call(invitee, 'GET', `/api/my-invitations/${second!.id}`)).statusCode).toBe(404);
  });
});

describe('rate limit', () => {
  it('limits token guessing per address', async () => {
    const limited = await createTestApp({ AUTH_RATE_LIMIT: '3' });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 5; i++) codes.push((await limited.app.inject({ method: 'GET', url: `/api/invitations/${'B'.repeat(40)}${i}` })).statusCode);
      expect(codes).toEqual([404, 404, 404, 429, 429]);
    } finally {
      await limited.close();
    }
  });
});

describe('GET /api/groups?workspace_id=', () => {
  it('narrows the caller’s groups to one workspace; a malformed id is a 400 naming it', async () => {
    const here = await createGroup(creator, 'Here crew');
    const all = GroupListSchema.parse((await call(creator, 'GET', '/api/groups')).json()).groups;
    expect(all.map((g) => g.id)).toContain(here.id);
    const inWorkspace = GroupListSchema.parse((await call(creator, 'GET', `/api/groups?workspace_id=${creator.workspaceId}`)).json()).groups;
    expect(inWorkspace.length).toBe(all.filter((g) => g.workspace_id === creator.workspaceId).length);
    expect(inWorkspace.every((g) => g.workspace_id === creator.workspaceId)).toBe(true);
    expect(GroupListSchema.parse((await call(creator, 'GET', `/api/groups?workspace_id=${stranger.workspaceId}`)).json()).groups).toEqual([]);
    const bad = await call(creator, 'GET', '/api/groups?workspace_id=nope');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details[0].field).toBe('workspace_id');
  });
});
