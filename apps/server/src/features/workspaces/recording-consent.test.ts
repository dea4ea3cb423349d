import { DEFAULT_RECORDING_CONSENT_NOTICE, RECORDING_CONSENT_NOTICE_MAX, RecordingConsentNoticeSchema } from '@fieldbook/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createTestUser, type TestContext, type TestUser } from '../../test/setup-app';

const PATH = '/api/my-workspace/recording-consent';
let ctx: TestContext;
let admin: TestUser;
let crew: TestUser;

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await createTestUser(ctx, { role: 'admin', workspaceName: 'Ridge Roofing' });
  // A member who is not an admin: the notice is an admin's to change.
  crew = await createTestUser(ctx, { workspaceId: admin.workspaceId });
});
afterAll(() => ctx.close());

const read = async (user: TestUser) => {
  const res = await ctx.app.inject({ method: 'GET', url: PATH, headers: user.headers });
  expect(res.statusCode).toBe(200);
  return RecordingConsentNoticeSchema.parse(res.json());
};
const save = (user: TestUser | null, payload: unknown) =>
  ctx.app.inject({ method: 'PUT', url: PATH, ...(user ? { headers: user.headers } : {}), payload: payload as object });

describe('the recording consent notice (issue 26)', () => {
  it('is the default until an admin sets one; every member then reads the workspace’s', async () => {
    expect(await read(crew)).toEqual({ notice: DEFAULT_RECORDING_CONSENT_NOTICE, is_default: true, updated_at: null });
    const saved = await save(admin, { notice: '  Tell the homeowner the call is recorded.  ' });
    expect(saved.statusCode).toBe(200);
    expect(RecordingConsentNoticeSchema.parse(saved.json())).toMatchObject({ notice: 'Tell the homeowner the call is recorded.', is_default: false });
    const seen = await read(crew);
    expect(seen).toMatchObject({ notice: 'Tell the homeowner the call is recorded.', is_default: false });
    expect(seen.updated_at).not.toBeNull();
  });

  it('refuses anyone but an admin (403), and a caller without a session (401); the notice is unchanged', async () => {
    const before = await read(crew);
    const refused = await save(crew, { notice: 'Skip it' });
    expect(refused.statusCode).toBe(403);
    // Owning a workspace is not enough either.
    const owner = await createTestUser(ctx, { workspaceName: 'Owned Co' });
    expect((await save(owner, { notice: 'Skip it' })).statusCode).toBe(403);
    expect(await read(owner)).toMatchObject({ is_default: true });
    expect((await save(null, { notice: 'Skip it' })).statusCode).toBe(401);
    expect(await read(crew)).toEqual(before);
  });

  it('cannot be turned off: an empty notice brings the default back', async () => {
    await save(admin, { notice: 'Custom' });
    const cleared = await save(admin, { notice: '   ' });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json()).toMatchObject({ notice: DEFAULT_RECORDING_CONSENT_NOTICE, is_default: true });
    expect((await save(admin, { notice: null })).json()).toMatchObject({ is_default: true });
  });

  it('is the workspace’s own: another workspace keeps the default', async () => {
    await save(admin, { notice: 'Ridge Roofing notice' });
    const other = await createTestUser(ctx, { workspaceName: 'Other Co' });
    expect(await read(other)).toMatchObject({ notice: DEFAULT_RECORDING_CONSENT_NOTICE, is_default: true });
  });

  it('a caller without a workspace reads the default; an admin without one cannot save (409)', async () => {
    const loner = await createTestUser(ctx, { workspaceId: null });
    expect(await read(loner)).toMatchObject({ is_default: true });
    const lonelyAdmin = await createTestUser(ctx, { role: 'admin', workspaceId: null });
    expect((await save(lonelyAdmin, { notice: 'x' })).statusCode).toBe(409);
  });

  it('refuses a notice over the limit (400 naming the field) and unknown fields', async () => {
    const long = await save(admin, { notice: 'x'.repeat(RECORDING_CONSENT_NOTICE_MAX + 1) });
    expect(long.statusCode).toBe(400);
    expect(JSON.stringify(long.json())).toContain('notice');
    expect((await save(admin, { notice: 'ok', skip: true })).statusCode).toBe(400);
  });
});
