import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { DriveConfig } from '../../config';
import { and, eq, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Actor } from '../../platform/auth-guard';
import { AppError } from '../../platform/errors';
import { sharedSecret } from '../../platform/server-secret';
import { driveConnections, driveCopies, driveFolders, driveOauthStates } from './drive.schema';
import { authorizationUrl, driveClient, exchangeCode, GoogleError, refreshAccessToken, revokeToken, type DriveClient } from './google-client';
import { tokenBox, type TokenBox } from './token-crypto';

/** Spec 000 §8. */
export const NOT_AUTHENTICATED = 'Not authenticated with Google Drive';
export const NOT_CONFIGURED = 'Google Drive is not configured on this server';
export const NEEDS_RECONNECT_MESSAGE = 'Google Drive access was revoked or has expired. Connect again to resume copying.';
const STATE_TTL_MS = 10 * 60_000;
/** An access token this close to its expiry is refreshed before use. */
const EXPIRY_MARGIN_MS = 60_000;
const REFRESH_LEASE_MS = 30_000;

export type Connection = typeof driveConnections.$inferSelect;

/** What the drive feature's services share: the database, the Google settings and the token box. */
export type DriveDeps = { db: Db; config: DriveConfig; publicUrl: string; box: () => Promise<TokenBox>; secret: () => Promise<string> };

/** The cookie that binds a connect to the browser that started it (set by POST /api/drive/connect, read by the callback). */
export const STATE_COOKIE = 'fieldbook_drive_state';

/** The browser's proof for `state`: an HMAC under the server's key, so only the browser given the cookie can finish. */
export async function stateProof(deps: DriveDeps, state: string): Promise<string> {
  return createHmac('sha256', `drive-state\0${await deps.secret()}`).update(state).digest('base64url');
}

export async function isStateProof(deps: DriveDeps, state: string, proof: string | undefined): Promise<boolean> {
  if (!proof) return false;
  const expected = Buffer.from(await stateProof(deps, state));
  const given = Buffer.from(proof);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The token box under DRIVE_TOKEN_KEY, or (not set: tests, or main.ts did not keep one) the database's shared key. */
export function driveDeps(opts: { db: Db; config: DriveConfig; publicUrl: string }): DriveDeps {
  let secret: Promise<string> | undefined;
  let box: Promise<TokenBox> | undefined;
  const keep = () => (secret ??= (async () => opts.config.tokenKey ?? (await sharedSecret(opts.db, 'drive-token-key', randomBytes(48).toString('base64url'))))());
  return {
    ...opts,
    secret: keep,
    box: () => (box ??= keep().then(tokenBox)),
  };
}

export const redirectUri = (publicUrl: string) => `${publicUrl}/api/drive/callback`;
const hashState = (state: string) => createHash('sha256').update(state).digest('hex');

/** POST /api/drive/connect: the consent URL; the state and PKCE verifier are kept for the callback, bound to this session. */
export async function startConnect(deps: DriveDeps, opts: { actor: Actor; returnTo: string | undefined }): Promise<{ authorization_url: string; proof: string }> {
  const state = randomBytes(32).toString('base64url');
  const codeVerifier = randomBytes(48).toString('base64url');
  const codeChallenge = createHash('sha256').update(codeVerifier).digest('base64url');
  await deps.db.delete(driveOauthStates).where(lte(driveOauthStates.expiresAt, sql`now()`));
  await deps.db.insert(driveOauthStates).values({
    stateHash: hashState(state),
    userId: opts.actor.userId,
    sessionId: opts.actor.sessionId,
    codeVerifier,
    returnTo: opts.returnTo ?? '/',
    expiresAt: new Date(Date.now() + STATE_TTL_MS),
  });
  return { authorization_url: authorizationUrl(deps.config, { redirectUri: redirectUri(deps.publicUrl), state, codeChallenge }), proof: await stateProof(deps, state) };
}

/**
 * GET /api/drive/callback: Google's redirect. The state must be one this server issued, unused, unexpired, to a
 * session still signed in; then the code is exchanged with the PKCE verifier, the account read (about.get user) and
 * the connection stored with its refresh token sealed. Answers the app path to redirect to, with the outcome.
 */
export async function finishConnect(deps: DriveDeps, query: { state?: string | undefined; code?: string | undefined; error?: string | undefined }, proof: string | undefined): Promise<string> {
  const back = (returnTo: string, outcome: Record<string, string>) => {
    const url = new URL(returnTo, 'http://app');
    for (const [k, v] of Object.entries(outcome)) url.searchParams.set(k, v);
    return `${url.pathname}${url.search}`;
  };
  // The state is spent whatever happens next: a replayed callback finds nothing.
  const [pending] = query.state ? await deps.db.delete(driveOauthStates).where(eq(driveOauthStates.stateHash, hashState(query.state))).returning() : [];
  // The state row goes with its session (a sign-out deletes the session, and the state by its foreign key); the
  // browser must be the one that started the connect (its cookie), so a consent link sent to someone else cannot
  // bind their Google account to the sender's Fieldbook account.
  const isSameBrowser = query.state ? await isStateProof(deps, query.state, proof) : false;
  if (!pending || pending.expiresAt.getTime() <= Date.now() || !isSameBrowser) return back('/', { drive_error: 'Failed to connect to Google Drive: the sign-in request is unknown or has expired. Please try again.' });
  if (query.error || !query.code) return back(pending.returnTo, { drive_error: `Failed to connect to Google Drive: ${query.error ?? 'no authorization code'}` });
  let granted: string | null = null;
  try {
    const tokens = await exchangeCode(deps.config, { code: query.code, codeVerifier: pending.codeVerifier, redirectUri: redirectUri(deps.publicUrl) });
    if (!tokens.refreshToken) throw new GoogleError('Google gave no refresh token', 'final');
    granted = tokens.refreshToken;
    const box = await deps.box();
    const client = driveClient({ config: deps.config, accessToken: async () => tokens.accessToken });
    const user = await client.aboutUser();
    const values = {
      status: 'connected' as const,
      googleEmail: user.emailAddress,
      googleName: user.displayName,
      refreshTokenEnc: box.seal(tokens.refreshToken),
      accessTokenEnc: box.seal(tokens.accessToken),
      accessTokenExpiresAt: new Date(Date.now() + tokens.expiresIn * 1000),
      refreshingUntil: null,
      message: null,
    };
    const [previous] = await deps.db.select().from(driveConnections).where(eq(driveConnections.userId, pending.userId));
    await deps.db.insert(driveConnections).values({ userId: pending.userId, ...values }).onConflictDoUpdate({ target: driveConnections.userId, set: values });
    // Another Google account than before: the folders recorded are that account's.
    if (previous && previous.googleEmail !== user.emailAddress) await deps.db.delete(driveFolders).where(eq(driveFolders.connectionId, previous.id));
    if (previous && previous.refreshTokenEnc !== values.refreshTokenEnc) await revokeToken(deps.config, box.open(previous.refreshTokenEnc)).catch(() => {});
    return back(pending.returnTo, { drive: 'connected' });
  } catch (err) {
    // Nothing kept: the grant just made is given back.
    if (granted) await revokeToken(deps.config, granted).catch(() => {});
    return back(pending.returnTo, { drive_error: `Failed to authenticate with Google Drive: ${err instanceof Error ? err.message : String(err)}` });
  }
}

export async function findConnection(db: Db, userId: string): Promise<Connection | null> {
  const [row] = await db.select().from(driveConnections).where(eq(driveConnections.userId, userId));
  return row ?? null;
}

/** The caller's connection, usable (connected), or the spec's 409. */
export async function requireConnection(deps: DriveDeps, userId: string): Promise<Connection> {
  const connection = await findConnection(deps.db, userId);
  if (!connection) throw new AppError('CONFLICT', NOT_AUTHENTICATED);
  if (connection.status === 'needs_reconnect') throw new AppError('CONFLICT', connection.message ?? NEEDS_RECONNECT_MESSAGE);
  return connection;
}

/** Marks the connection as needing a new consent (Google answered invalid_grant); copies wait for it. */
export async function markNeedsReconnect(db: Db, connectionId: string): Promise<void> {
  await db.update(driveConnections).set({ status: 'needs_reconnect', message: NEEDS_RECONNECT_MESSAGE, accessTokenEnc: null, refreshingUntil: null }).where(eq(driveConnections.id, connectionId));
}

/** In-process single flight: one refresh per connection at a time in this process (the lease covers the others). */
const refreshing = new Map<string, Promise<string>>();

/**
 * The connection's access token: the stored one while it is good for another minute, else a refreshed one — one
 * refresh per connection at a time, across processes (the refresh lease on the row: the process that takes it
 * refreshes, the others wait for its token). `force` (after a 401) refreshes even a token that looks good, unless
 * another refresh replaced it meanwhile.
 */
export async function accessToken(deps: DriveDeps, connectionId: string, force = false, seen?: string): Promise<string> {
  const box = await deps.box();
  const [row] = await deps.db.select().from(driveConnections).where(eq(driveConnections.id, connectionId));
  if (!row) throw new GoogleError(NOT_AUTHENTICATED, 'final');
  if (row.status !== 'connected') throw new GoogleError(row.message ?? NEEDS_RECONNECT_MESSAGE, 'invalid_grant');
  const current = row.accessTokenEnc ? box.open(row.accessTokenEnc) : null;
  const isFresh = current && row.accessTokenExpiresAt && row.accessTokenExpiresAt.getTime() - EXPIRY_MARGIN_MS > Date.now();
  if (current && isFresh && (!force || current !== seen)) return current;
  const inFlight = refreshing.get(connectionId);
  if (inFlight) return inFlight;
  const p = refreshOnce(deps, box, row, current).finally(() => refreshing.delete(connectionId));
  refreshing.set(connectionId, p);
  return p;
}

async function refreshOnce(deps: DriveDeps, box: TokenBox, row: Connection, stale: string | null): Promise<string> {
  for (let waited = 0; waited < REFRESH_LEASE_MS * 2; waited += 200) {
    const [leased] = await deps.db
      .update(driveConnections)
      .set({ refreshingUntil: new Date(Date.now() + REFRESH_LEASE_MS) })
      .where(and(eq(driveConnections.id, row.id), eq(driveConnections.status, 'connected'), or(isNull(driveConnections.refreshingUntil), lte(driveConnections.refreshingUntil, sql`now()`))))
      .returning();
    if (leased) {
      // Another process may have refreshed between our read and the lease: use its token.
      const latest = leased.accessTokenEnc ? box.open(leased.accessTokenEnc) : null;
      if (latest && latest !== stale && leased.accessTokenExpiresAt && leased.accessTokenExpiresAt.getTime() - EXPIRY_MARGIN_MS > Date.now()) {
        await deps.db.update(driveConnections).set({ refreshingUntil: null }).where(eq(driveConnections.id, row.id));
        return latest;
      }
      try {
        const tokens = await refreshAccessToken(deps.config, box.open(leased.refreshTokenEnc));
        await deps.db
          .update(driveConnections)
          .set({
            accessTokenEnc: box.seal(tokens.accessToken),
            accessTokenExpiresAt: new Date(Date.now() + tokens.expiresIn * 1000),
            refreshingUntil: null,
            ...(tokens.refreshToken ? { refreshTokenEnc: box.seal(tokens.refreshToken) } : {}),
          })
          .where(eq(driveConnections.id, row.id));
        return tokens.accessToken;
      } catch (err) {
        if (err instanceof GoogleError && err.kind === 'invalid_grant') await markNeedsReconnect(deps.db, row.id);
        else await deps.db.update(driveConnections).set({ refreshingUntil: null }).where(eq(driveConnections.id, row.id));
        throw err;
      }
    }
    // Another process holds the lease: wait for its new token.
    await sleep(200);
    const [now] = await deps.db.select().from(driveConnections).where(eq(driveConnections.id, row.id));
    if (!now || now.status !== 'connected') throw new GoogleError(now?.message ?? NEEDS_RECONNECT_MESSAGE, 'invalid_grant');
    const token = now.accessTokenEnc ? box.open(now.accessTokenEnc) : null;
    if (token && token !== stale && now.accessTokenExpiresAt && now.accessTokenExpiresAt > new Date()) return token;
  }
  throw new GoogleError('The access token could not be refreshed in time', 'transient');
}

/** A Drive client acting for the connection (tokens from `accessToken`). */
export function clientFor(deps: DriveDeps, connectionId: string): DriveClient {
  let last: string | undefined;
  return driveClient({
    config: deps.config,
    accessToken: async (force) => (last = await accessToken(deps, connectionId, force, last)),
  });
}

/**
 * POST /api/drive/disconnect: revokes the grant at Google, then forgets the tokens, the folders and the copies still
 * waiting (copying stops). Copies made stay in the user's Drive. A revoke Google refuses (already revoked) is fine; one
 * that cannot reach Google fails with the spec's message and keeps the connection, so the grant is never left alive
 * while the user sees Disconnected.
 */
export async function disconnect(deps: DriveDeps, userId: string): Promise<void> {
  const connection = await findConnection(deps.db, userId);
  if (!connection) return;
  const box = await deps.box();
  try {
    await revokeToken(deps.config, box.open(connection.refreshTokenEnc));
  } catch (err) {
    throw new AppError('UNAVAILABLE', `Failed to disconnect from Google Drive: ${err instanceof Error ? err.message : String(err)}`);
  }
  await deps.db.transaction(async (tx) => {
    await tx.delete(driveConnections).where(eq(driveConnections.id, connection.id));
    await tx.delete(driveCopies).where(and(eq(driveCopies.userId, userId), eq(driveCopies.status, 'pending')));
  });
}
