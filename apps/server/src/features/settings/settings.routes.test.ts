import { DEFAULT_RECORDER_SETTINGS, UserSettingsSchema } from '@fieldbook/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { userSettings } from '../../db/schema';
import { createTestApp, createTestUser, type TestContext, type TestUser } from '../../test/setup-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ API_ALLOWED_ORIGINS: 'https://api.example.com, http://10.0.0.2:3000' });
});
afterAll(() => ctx?.close());

const getSettings = (user: TestUser, prefix = '/api') => ctx.app.inject({ method: 'GET', url: `${prefix}/settings`, headers: user.headers });
const putSettings = (user: TestUser, payload: unknown, prefix = '/api') =>
  ctx.app.inject({ method: 'PUT', url: `${prefix}/settings`, headers: user.headers, payload: payload as object });
const storedRow = async (userId: string) => (await ctx.db.select().from(userSettings).where(eq(userSettings.userId, userId)))[0];

describe('GET /api/settings', () => {
  it('answers 401 without a session, for GET and PUT', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/settings' })).statusCode).toBe(401);
    const put = await ctx.app.inject({ method: 'PUT', url: '/api/settings', payload: { theme: 'dark' } });
    expect(put.statusCode).toBe(401);
    expect(put.json().error.code).toBe('UNAUTHORIZED');
  });

  it('returns the defaults (light, every notification on) before anything is saved, without writing a row', async () => {
    const user = await createTestUser(ctx);
    const res = await getSettings(user);
    expect(res.statusCode).toBe(200);
    expect(UserSettingsSchema.parse(res.json())).toEqual({
      user_id: user.id,
      theme: 'light',
      notifications_enabled: true,
      email_notifications: true,
      sms_notifications: true,
      api_url: null,
      recorder_settings: DEFAULT_RECORDER_SETTINGS,
      updated_at: null,
    });
    expect(await storedRow(user.id)).toBeUndefined();
  });
});

describe('PUT /api/settings', () => {
  it('creates the record from a partial update and keeps the other defaults', async () => {
    const user = await createTestUser(ctx);
    const res = await putSettings(user, { theme: 'dark', email_notifications: false });
    expect(res.statusCode).toBe(200);
    const body = UserSettingsSchema.parse(res.json());
    expect(body).toMatchObject({ user_id: user.id, theme: 'dark', notifications_enabled: true, email_notifications: false, sms_notifications: true, api_url: null });
    expect(body.updated_at).not.toBeNull();
    expect((await getSettings(user)).json()).toEqual(res.json());
    expect(await storedRow(user.id)).toMatchObject({ theme: 'dark', emailNotifications: false });
  });

  it('updates only the given fields of an existing record', async () => {
    const user = await createTestUser(ctx);
    await putSettings(user, { theme: 'dark', api_url: 'https://api.example.com' });
    const res = await putSettings(user, { sms_notifications: false });
    expect(res.json()).toMatchObject({ theme: 'dark', api_url: 'https://api.example.com', sms_notifications: false });
  });

  it('stores recorder_settings as JSON text and merges partial updates over defaults and earlier values', async () => {
    const user = await createTestUser(ctx);
    await putSettings(user, { recorder_settings: { audioQuality: 'high', recordGroups: ['crew-a'] } });
    const res = await putSettings(user, { recorder_settings: { enabled: false } });
    expect(res.statusCode).toBe(200);
    expect(res.json().recorder_settings).toEqual({ ...DEFAULT_RECORDER_SETTINGS, audioQuality: 'high', recordGroups: ['crew-a'], enabled: false });
    const row = await storedRow(user.id);
    expect(JSON.parse(row!.recorderSettings!)).toEqual(res.json().recorder_settings);
  });

  it('reads stored recorder JSON written by older clients tolerantly (bad keys fall back to defaults)', async () => {
    const user = await createTestUser(ctx);
    await ctx.db.insert(userSettings).values({ userId: user.id, recorderSettings: JSON.stringify({ audioQuality: 'ultra', recordUnknown: false, extra: 1 }) });
    expect((await getSettings(user)).json().recorder_settings).toEqual({ ...DEFAULT_RECORDER_SETTINGS, recordUnknown: false });
    await ctx.db.update(userSettings).set({ recorderSettings: 'not json' }).where(eq(userSettings.userId, user.id));
    expect((await getSettings(user)).json().recorder_settings).toEqual(DEFAULT_RECORDER_SETTINGS);
  });

  it('stores an empty API URL as null (use the default API URL)', async () => {
    const user = await createTestUser(ctx);
    await putSettings(user, { api_url: 'http://10.0.0.2:3000' });
    const res = await putSettings(user, { api_url: '  ' });
    expect(res.statusCode).toBe(200);
    expect(res.json().api_url).toBeNull();
  });

  it('accepts an API URL only on an origin this deployment allows; anything else is a 400 naming api_url and changes nothing', async () => {
    const user = await createTestUser(ctx);
    const ok = await putSettings(user, { api_url: 'https://API.example.com/' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().api_url).toBe('https://API.example.com');
    expect((await putSettings(user, { api_url: 'http://localhost:3000' })).statusCode).toBe(200);
    for (const refused of ['https://evil.example.net', 'https://api.example.com.evil.net', 'http://api.example.com', 'https://api.example.com:8443']) {
      const res = await putSettings(user, { api_url: refused, theme: 'dark' });
      expect(res.statusCode, refused).toBe(400);
      expect(res.json().error.details).toEqual([
        { field: 'api_url', message: "API URL must be one of this deployment's API addresses: http://localhost:3000, https://api.example.com, http://10.0.0.2:3000" },
      ]);
    }
    expect(await storedRow(user.id)).toMatchObject({ apiUrl: 'http://localhost:3000', theme: 'light' });
  });

  it('tells any client, without a session, which origins an API URL may use, and that no APK is offered when ANDROID_APK_URL is unset', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/client-config' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ api_origins: ['http://localhost:3000', 'https://api.example.com', 'http://10.0.0.2:3000'], android_apk_url: null, app_store_url: null, google_play_url: null });
  });

  it('gives the configured ANDROID_APK_URL to any client, without a session', async () => {
    const apkUrl = 'https://github.com/example/fieldbook/releases/latest/download/Fieldbook-latest.apk';
    const stores = { APP_STORE_URL: 'https://apps.apple.com/app/fieldbook/id123', GOOGLE_PLAY_URL: 'https://play.google.com/store/apps/details?id=app.fieldbook.mobile' };
    const configured = await createTestApp({ ANDROID_APK_URL: apkUrl, ...stores });
    try {
      const res = await configured.app.inject({ method: 'GET', url: '/api/client-config' });
      expect(res.statusCode).toBe(200);
      // The store links come from configuration too (issue 26).
      expect(res.json()).toEqual({ api_origins: ['http://localhost:3000'], android_apk_url: apkUrl, app_store_url: stores.APP_STORE_URL, google_play_url: stores.GOOGLE_PLAY_URL });
    } finally {
      await configured.close();
    }
  });

  it.each(['ftp://example.com/Fieldbook-latest.apk', '/download/Fieldbook-latest.apk', 'javascript:alert(1)'])('refuses to start with ANDROID_APK_URL=%s', (value) => {
    expect(() => loadConfig({ ANDROID_APK_URL: value })).toThrow('ANDROID_APK_URL: must be an absolute http(s) URL');
  });

  it.each(['APP_STORE_URL', 'GOOGLE_PLAY_URL'])('refuses to start with %s that is not an absolute http(s) URL', (name) => {
    expect(() => loadConfig({ [name]: 'javascript:alert(1)' })).toThrow(`${name}: must be an absolute http(s) URL`);
    expect(loadConfig({ [name]: '' }).storeLinks).toEqual({ appStore: null, googlePlay: null });
  });

  it.each([
    [{ theme: 'blue' }, 'theme'],
    [{ notifications_enabled: 'yes' }, 'notifications_enabled'],
    [{ api_url: 'ftp://example.com' }, 'api_url'],
    [{ recorder_settings: { audioQuality: 'ultra' } }, 'recorder_settings.audioQuality'],
    [{ recorder_settings: { recordGroups: 'crew-a' } }, 'recorder_settings.recordGroups'],
  ])('answers 400 naming the field for %j and writes nothing', async (payload, field) => {
    const user = await createTestUser(ctx);
    const res = await putSettings(user, { ...payload, sms_notifications: false });
    expect(res.statusCode).toBe(400);
    const { error } = res.json();
    expect(error.code).toBe('VALIDATION_ERROR');
    expect(error.details.map((d: { field: string }) => d.field)).toContain(field);
    expect(await storedRow(user.id)).toBeUndefined();
  });

  it('answers 400 for an unknown field and for a non-object body, writing nothing', async () => {
    const user = await createTestUser(ctx);
    const unknown = await putSettings(user, { theme: 'dark', colour: 'red' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.details).toContainEqual({ field: 'colour', message: 'Unknown field "colour"' });
    const list = await putSettings(user, [1, 2]);
    expect(list.statusCode).toBe(400);
    expect(await storedRow(user.id)).toBeUndefined();
  });

  it("keeps each user's settings apart", async () => {
    const a = await createTestUser(ctx);
    const b = await createTestUser(ctx, { workspaceId: a.workspaceId });
    await putSettings(a, { theme: 'dark', recorder_settings: { lastGroupId: 'g1' } });
    const bView = (await getSettings(b)).json();
    expect(bView).toMatchObject({ user_id: b.id, theme: 'light', updated_at: null });
    expect(bView.recorder_settings.lastGroupId).toBe('default');
    await putSettings(b, { theme: 'light', notifications_enabled: false });
    expect((await getSettings(a)).json()).toMatchObject({ user_id: a.id, theme: 'dark', notifications_enabled: true });
  });

  it('works for a user outside any workspace (settings are personal)', async () => {
    const user = await createTestUser(ctx, { workspaceId: null });
    const res = await putSettings(user, { notifications_enabled: false });
    expect(res.statusCode).toBe(200);
    expect((await getSettings(user)).json().notifications_enabled).toBe(false);
  });

  it('answers under /api/multi-workspace/ as under /api/', async () => {
    const user = await createTestUser(ctx);
    const put = await putSettings(user, { theme: 'dark' }, '/api/multi-workspace');
    expect(put.statusCode).toBe(200);
    const get = await getSettings(user, '/api/multi-workspace');
    expect(get.statusCode).toBe(200);
    expect(get.json().theme).toBe('dark');
    expect((await ctx.app.inject({ method: 'PUT', url: '/api/multi-workspace/settings', payload: {} })).statusCode).toBe(401);
  });
});
