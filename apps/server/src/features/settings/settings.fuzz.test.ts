import { httpOrigin, UpdateSettingsBodySchema, UserSettingsSchema } from '@fieldbook/contract';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userSettings } from '../../db/schema';
import { createTestApp, createTestUser, type TestContext, type TestUser } from '../../test/setup-app';

// design.md §11: zero 5xx under fuzzed input, and a rejected request writes nothing.
let ctx: TestContext;
let user: TestUser;
beforeAll(async () => {
  ctx = await createTestApp({ API_ALLOWED_ORIGINS: 'https://api.example.com' });
  user = await createTestUser(ctx);
  await ctx.app.inject({ method: 'PUT', url: '/api/settings', headers: user.headers, payload: { theme: 'dark', recorder_settings: { lastGroupId: 'seed' } } });
});
afterAll(() => ctx?.close());

const snapshot = async () => JSON.stringify((await ctx.db.select().from(userSettings).where(eq(userSettings.userId, user.id)))[0]);

const KEYS = ['theme', 'notifications_enabled', 'email_notifications', 'sms_notifications', 'api_url', 'recorder_settings'] as const;
const RECORDER_KEYS = ['enabled', 'audioQuality', 'audioSource', 'recordGroups', 'whitelistNumbers', 'lastGroupId', 'recordUnknown'] as const;
const nearValue = fc.oneof(
  fc.jsonValue({ maxDepth: 2 }),
  fc.constantFrom('light', 'dark', 'medium', 'mic', 'https://api.example.com', 'http://', '', ' ', true, false, null, [], {}),
  fc.string({ maxLength: 40 }),
);
/** Bodies close to valid ones (known keys, sometimes wrong values, sometimes an unknown key) find more edge cases than noise. */
const nearBody = fc.oneof(
  fc.dictionary(fc.constantFrom(...KEYS, 'user_id', 'updated_at', '__proto__', 'constructor'), nearValue, { maxKeys: 6 }),
  fc.record({ recorder_settings: fc.dictionary(fc.constantFrom(...RECORDER_KEYS, 'x'), nearValue, { maxKeys: 5 }) }),
  fc.jsonValue({ maxDepth: 3 }),
);
const queryString = fc.dictionary(fc.string({ maxLength: 8 }), fc.string({ maxLength: 12 }), { maxKeys: 3 }).map((q) => new URLSearchParams(q).toString());

describe('PUT /api/settings under fuzzed input', () => {
  it('never answers 5xx; a 400 writes nothing, a 200 is a valid record of exactly what the body asked', async () => {
    await fc.assert(
      fc.asyncProperty(nearBody, queryString, async (body, query) => {
        const before = await snapshot();
        const res = await ctx.app.inject({
          method: 'PUT',
          url: `/api/settings${query ? `?${query}` : ''}`,
          headers: { ...user.headers, 'content-type': 'application/json' },
          payload: JSON.stringify(body),
        });
        expect(res.statusCode).toBeLessThan(500);
        const parsed = UpdateSettingsBodySchema.safeParse(body);
        // Beyond the schema, an API URL must be one of the deployment's origins (or empty: the default).
        const apiUrl = parsed.success ? parsed.data.api_url?.trim() : undefined;
        const isApiUrlAllowed = !apiUrl || ctx.config.apiAllowedOrigins.includes(httpOrigin(apiUrl) ?? '');
        if (parsed.success && isApiUrlAllowed) {
          expect(res.statusCode).toBe(200);
          const record = UserSettingsSchema.parse(res.json());
          const { api_url, recorder_settings, ...flags } = parsed.data;
          expect(record).toMatchObject(flags);
          if (api_url !== undefined) expect(record.api_url).toBe(api_url ? api_url.replace(/\/+$/, '') : null);
          if (recorder_settings) expect(record.recorder_settings).toMatchObject(recorder_settings);
        } else {
          expect(res.statusCode).toBe(400);
          // BAD_REQUEST: the JSON parser itself refuses prototype-poisoning keys (__proto__, constructor.prototype).
          expect(['VALIDATION_ERROR', 'BAD_REQUEST']).toContain(res.json().error.code);
          expect(await snapshot()).toBe(before);
        }
      }),
      { numRuns: 150 },
    );
  });

  it('answers malformed JSON text with 400 and writes nothing', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 60 }), async (text) => {
        fc.pre(!isJson(text));
        const before = await snapshot();
        const res = await ctx.app.inject({ method: 'PUT', url: '/api/settings', headers: { ...user.headers, 'content-type': 'application/json' }, payload: text });
        expect(res.statusCode).toBe(400);
        expect(await snapshot()).toBe(before);
      }),
      { numRuns: 100 },
    );
  });

  it('GET ignores random query strings', async () => {
    await fc.assert(
      fc.asyncProperty(queryString, async (query) => {
        const res = await ctx.app.inject({ method: 'GET', url: `/api/settings?${query}`, headers: user.headers });
        expect(res.statusCode).toBe(200);
      }),
      { numRuns: 50 },
    );
  });
});

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}
