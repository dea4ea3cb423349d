import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profiles, userSettings, users, workspaces } from '../../db/schema';
import { createTestApp, type TestContext } from '../../test/setup-app';
import { normalizeUsPhone } from './account.service';
import { uniqueEmail } from './auth.test-helpers';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const signUp = (payload: object) => ctx.app.inject({ method: 'POST', url: '/auth/v1/signup', payload });

describe('normalizeUsPhone', () => {
  it.each([
    ['(512) 555-0142', '+15125550142'],
    ['512.555.0142', '+15125550142'],
    ['+1 512 555 0142', '+15125550142'],
    ['15125550142', '+15125550142'],
    [5125550142, '+15125550142'],
  ])('normalises %s to %s', (raw, expected) => {
    expect(normalizeUsPhone(raw)).toBe(expected);
  });

  it.each([['112-555-0142'], ['512-155-0142'], ['555-0142'], ['25125550142'], [''], [null], [{}]])('rejects %j', (raw) => {
    expect(normalizeUsPhone(raw)).toBeNull();
  });
});

describe('sign-up writes the profile, the personal workspace and settings', () => {
  it('creates them linked together, with the phone in E.164 and the SMS consent', async () => {
    const email = uniqueEmail('Jane.Doe');
    const optInDate = '2024-05-01T12:00:00.000Z';
    const res = await signUp({ email, password: 'secret123', data: { phone_number: '(512) 555-0142', sms_opt_in: true, sms_opt_in_date: optInDate } });
    expect(res.statusCode).toBe(200);
    const id = res.json().id as string;
    expect(res.json().user_metadata).toEqual({ phone_number: '(512) 555-0142', sms_opt_in: true, sms_opt_in_date: optInDate });

    const [profile] = await ctx.db.select().from(profiles).where(eq(profiles.id, id));
    expect(profile).toMatchObject({
      email: email.toLowerCase(),
      phoneNumber: '+15125550142',
      smsOptIn: true,
      role: 'user',
      userName: email.toLowerCase().split('@')[0],
    });
    expect(profile!.smsOptInDate?.toISOString()).toBe(optInDate);
    const [ws] = await ctx.db.select().from(workspaces).where(eq(workspaces.id, profile!.workspaceId!));
    expect(ws).toMatchObject({
      ownerId: id,
      name: `${email.toLowerCase().split('@')[0]}'s Workspace`,
      privacySetting: 'private',
      driveIntegrationEnabled: true,
      defaultGroupVisibility: 'invite_only',
    });
    expect(await ctx.db.select().from(userSettings).where(eq(userSettings.userId, id))).toHaveLength(1);
  });

  it('stores no phone for an invalid number, no opt-in date without consent, and names the workspace after full_name', async () => {
    const res = await signUp({ email: uniqueEmail(), password: 'secret123', data: { phone_number: '123', sms_opt_in: false, full_name: 'Bob Builder' } });
    const [profile] = await ctx.db.select().from(profiles).where(eq(profiles.id, res.json().id));
    expect(profile).toMatchObject({ phoneNumber: null, smsOptIn: false, smsOptInDate: null, fullName: 'Bob Builder', userName: 'Bob Builder' });
    const [ws] = await ctx.db.select().from(workspaces).where(eq(workspaces.id, profile!.workspaceId!));
    expect(ws!.name).toBe("Bob Builder's Workspace");
  });

  it('dates the consent now when the client sends none', async () => {
    const before = Date.now();
    const res = await signUp({ email: uniqueEmail(), password: 'secret123', data: { sms_opt_in: true } });
    const [profile] = await ctx.db.select().from(profiles).where(eq(profiles.id, res.json().id));
    expect(profile!.smsOptInDate!.getTime()).toBeGreaterThanOrEqual(before - 1000);
  });

  it('still signs the user up when the profile/workspace write fails (logged, rolled back to the savepoint)', async () => {
    await ctx.db.execute(sql`CREATE FUNCTION fail_workspace_insert() RETURNS trigger AS $$ BEGIN RAISE EXCEPTION 'boom'; END $$ LANGUAGE plpgsql`);
    await ctx.db.execute(sql`CREATE TRIGGER fail_workspace_insert BEFORE INSERT ON workspaces FOR EACH ROW EXECUTE FUNCTION fail_workspace_insert()`);
    try {
      const email = uniqueEmail();
      const res = await signUp({ email, password: 'secret123' });
      expect(res.statusCode).toBe(200);
      const [user] = await ctx.db.select().from(users).where(eq(users.email, email));
      expect(user).toBeDefined();
      expect(await ctx.db.select().from(profiles).where(eq(profiles.id, user!.id))).toHaveLength(0);
    } finally {
      await ctx.db.execute(sql`DROP TRIGGER fail_workspace_insert ON workspaces`);
      await ctx.db.execute(sql`DROP FUNCTION fail_workspace_insert()`);
    }
  });
});

describe('autoconfirm', () => {
  let auto: TestContext;
  beforeAll(async () => {
    auto = await createTestApp({ AUTH_AUTOCONFIRM: 'true' });
  });
  afterAll(() => auto.close());

  it('returns a session at sign-up and answers a taken email with user_already_exists', async () => {
    const email = uniqueEmail();
    const res = await auto.app.inject({ method: 'POST', url: '/auth/v1/signup', payload: { email, password: 'secret123' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ token_type: 'bearer', expires_in: 3600, user: { email } });
    expect(res.json().user.email_confirmed_at).toBeTruthy();
    const again = await auto.app.inject({ method: 'POST', url: '/auth/v1/signup', payload: { email, password: 'secret123' } });
    expect(again.statusCode).toBe(422);
    expect(again.json()).toEqual({ code: 'user_already_exists', msg: 'User already registered' });
  });
});

describe('rate limits', () => {
  let limited: TestContext;
  beforeAll(async () => {
    limited = await createTestApp({ AUTH_RATE_LIMIT: '3' });
  });
  afterAll(() => limited.close());

  it('answers 429 over_request_rate_limit per endpoint group once the limit is spent', async () => {
    const login = () => limited.app.inject({ method: 'POST', url: '/auth/v1/token?grant_type=password', payload: { email: 'a@example.com', password: 'secret123' } });
    for (let i = 0; i < 3; i++) expect((await login()).statusCode).toBe(400);
    const blocked = await login();
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ code: 'over_request_rate_limit', msg: 'Request rate limit reached' });
    expect(blocked.headers['x-supabase-api-version']).toBe('2024-01-01');
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // Another group (and unlimited endpoints) are counted apart.
    const recover = await limited.app.inject({ method: 'POST', url: '/auth/v1/recover', payload: { email: 'a@example.com' } });
    expect(recover.statusCode).toBe(200);
    expect((await limited.app.inject({ method: 'GET', url: '/auth/v1/settings' })).statusCode).toBe(200);
  });
});
