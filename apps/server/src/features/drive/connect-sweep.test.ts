import { DriveConnectSchema } from '@fieldbook/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { driveConnectResults, driveOauthStates } from '../../db/schema';
import { maintenanceTasks } from '../../maintenance';
import { startJobs } from '../../platform/jobs';
import { startGoogleStub, type GoogleStub } from '../../test/google-stub';
import { createTestApp, createTestUser, type TestContext, type TestUser } from '../../test/setup-app';
import { driveStatus } from './drive.test-helpers';
import { CONNECT_SWEEP_INTERVAL_MS, driveDeps, type DriveDeps } from './connection.service';

let stub: GoogleStub;
let ctx: TestContext;
let drive: DriveDeps;

beforeAll(async () => {
  stub = await startGoogleStub();
  ctx = await createTestApp({ ...stub.env, DRIVE_RETRY_BASE_MS: '1' });
  drive = driveDeps({ db: ctx.db, config: ctx.config.drive!, publicUrl: ctx.config.publicUrl });
});
afterAll(async () => {
  await ctx.close();
  await stub.close();
});

/**
 * A connect from the phone app whose consent was given in the system browser, but the app never came back to confirm
 * it: the server holds the account's grant (sealed) for the app. Answers the grant's refresh token at the stub.
 */
async function unconfirmedAppConnect(user: TestUser): Promise<string> {
  const before = new Set(stub.grants.keys());
  const started = await ctx.app.inject({ method: 'POST', url: '/api/drive/connect', headers: user.headers, payload: { client: 'app' } });
  const callback = new URL(stub.approve(DriveConnectSchema.parse(started.json()).authorization_url));
  const back = await ctx.app.inject({ method: 'GET', url: `${callback.pathname}${callback.search}` });
  expect(String(back.headers.location)).toMatch(/^fieldbook:\/\/drive-connected\?result=/);
  const grant = [...stub.grants.keys()].find((token) => !before.has(token));
  expect(grant).toBeDefined();
  return grant!;
}

const resultsOf = (user: TestUser) => ctx.db.select().from(driveConnectResults).where(eq(driveConnectResults.userId, user.id));
const expire = (user: TestUser) => ctx.db.update(driveConnectResults).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(driveConnectResults.userId, user.id));

/** The server's periodic maintenance as main.ts starts it (once at start), run to its end. */
async function runMaintenance(deps: DriveDeps | null = drive) {
  const tasks = maintenanceTasks({ db: ctx.db, blobs: ctx.blobs, folder: { sweepIncoming: async () => 0 }, exclusive: false, startedAt: new Date(), drive: deps });
  const errors: unknown[] = [];
  const runner = await startJobs({ db: ctx.db, jobs: [], tasks, exclusive: false, poll: false, log: (_msg, err) => errors.push(err) });
  await runner.stop();
  expect(errors).toEqual([]);
  return tasks;
}

describe('the drive connect sweep (the server’s maintenance, not only a later connect)', () => {
  it('is one of the periodic tasks the job runner runs when Drive is configured, every 5 minutes', () => {
    const names = (deps: DriveDeps | null) => maintenanceTasks({ db: ctx.db, blobs: ctx.blobs, folder: { sweepIncoming: async () => 0 }, exclusive: false, startedAt: new Date(), drive: deps }).map((t) => [t.name, t.everyMs]);
    expect(names(drive)).toEqual([
      ['upload sweep', 60 * 60_000],
      ['drive connect sweep', CONNECT_SWEEP_INTERVAL_MS],
    ]);
    expect(CONNECT_SWEEP_INTERVAL_MS).toBe(5 * 60_000);
    expect(names(null)).toEqual([['upload sweep', 60 * 60_000]]);
  });

  it('gives back the grant of a connect the app never confirmed and forgets its tokens, though nobody connects again; one still in its 5 minutes stays', async () => {
    const gone = await createTestUser(ctx);
    const waiting = await createTestUser(ctx);
    const goneGrant = await unconfirmedAppConnect(gone);
    const waitingGrant = await unconfirmedAppConnect(waiting);
    await expire(gone);
    // An abandoned browser connect's state, expired.
    await ctx.db.update(driveOauthStates).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(driveOauthStates.userId, gone.id));

    await runMaintenance();

    expect(stub.revoked).toContain(goneGrant);
    expect(stub.grants.get(goneGrant)!.revoked).toBe(true);
    expect(await resultsOf(gone)).toEqual([]);
    // The other user's connect is still theirs to confirm.
    expect(stub.revoked).not.toContain(waitingGrant);
    expect(await resultsOf(waiting)).toHaveLength(1);
    const [{ n }] = (await ctx.db.select({ n: sql<number>`count(*)::int` }).from(driveOauthStates).where(sql`${driveOauthStates.expiresAt} <= now()`)) as [{ n: number }];
    expect(n).toBe(0);
    expect((await driveStatus(ctx, gone)).status).toBe('disconnected');
  });

  it('keeps a row whose grant Google could not take back (unreachable), and gives it back at the next sweep', async () => {
    const user = await createTestUser(ctx);
    const grant = await unconfirmedAppConnect(user);
    await expire(user);
    const unreachable = driveDeps({ db: ctx.db, config: { ...ctx.config.drive!, revokeUrl: 'http://127.0.0.1:9/revoke' }, publicUrl: ctx.config.publicUrl });

    await runMaintenance(unreachable);
    expect(await resultsOf(user)).toHaveLength(1);
    expect(stub.revoked).not.toContain(grant);

    await runMaintenance();
    expect(await resultsOf(user)).toEqual([]);
    expect(stub.grants.get(grant)!.revoked).toBe(true);
  });
});
