import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { DRIVE_APP_RETURN_URL, type DriveReturnError } from '@fieldbook/contract';
import { setTimeout as sleep } from 'node:timers/promises';
import type { DriveConfig } from '../../config';
import { and, eq, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Actor } from '../../platform/auth-guard';
import { AppError } from '../../platform/errors';
import { sharedSecret } from '../../platform/server-secret';
import { driveConnectResults, driveConnections, driveCopies, driveFolders, driveOauthStates } from './drive.schema';
import { authorizationUrl, driveClient, exchangeCode, GoogleError, refreshAccessToken, revokeToken, type DriveClient } from './google-client';
import { tokenBox, type TokenBox } from './token-crypto';

/** Spec 000 §8. */
export const NOT_AUTHENTICATED = 'Not authenticated with Google Drive';
export const NOT_CONFIGURED = 'Google Drive is not configured on this server';
export const NEEDS_RECONNECT_MESSAGE = 'Google Drive access was revoked or has expired. Connect again to resume copying.';
const STATE_TTL_MS = 10 * 60_000;
/** How long the phone app has to confirm a finished connect (its result code). */
export const RESULT_TTL_MS = 5 * 60_000;
/** How often the server's maintenance forgets what unfinished connects left (`sweepExpiredConnects`). */
export const CONNECT_SWEEP_INTERVAL_MS = 5 * 60_000;
export const UNKNOWN_REQUEST_MESSAGE = 'Failed to connect to Google Drive: the sign-in request is unknown or has expired. Please try again.';
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
export async function startConnect(deps: DriveDeps, opts: { actor: Actor; returnTo: string | undefined; client?: 'browser' | 'app' | undefined }): Promise<{ authorization_url: string; proof: string }> {
  const state = randomBytes(32).toString('base64url');
  const codeVerifier = randomBytes(48).toString('base64url');
  const codeChallenge = createHash('sha256').update(codeVerifier).digest('base64url');
  await deps.db.insert(driveOauthStates).values({
    stateHash: hashState(state),
    userId: opts.actor.userId,
    sessionId: opts.actor.sessionId,
    codeVerifier,
    returnTo: opts.returnTo ?? '/',
    client: opts.client ?? 'browser',
    expiresAt: new Date(Date.now() + STATE_TTL_MS),
  });
  return { authorization_url: authorizationUrl(deps.config, { redirectUri: redirectUri(deps.publicUrl), state, codeChallenge }), proof: await stateProof(deps, state) };
}

type GoogleAccount = { email: string; name: string; refreshToken: string; accessToken: string; expiresIn: number };

/** The code exchanged with the PKCE verifier and the account read (about.get user); a grant made is revoked on failure. */
async function exchangeForAccount(deps: DriveDeps, code: string, codeVerifier: string): Promise<GoogleAccount> {
  let granted: string | null = null;
  try {
    const tokens = await exchangeCode(deps.config, { code, codeVerifier, redirectUri: redirectUri(deps.publicUrl) });
    if (!tokens.refreshToken) throw new GoogleError('Google gave no refresh token', 'final');
    granted = tokens.refreshToken;
    const client = driveClient({ config: deps.config, accessToken: async () => tokens.accessToken });
    const user = await client.aboutUser();
    return { email: user.emailAddress, name: user.displayName, refreshToken: tokens.refreshToken, accessToken: tokens.accessToken, expiresIn: tokens.expiresIn };
  } catch (err) {
    // Nothing kept: the grant just made is given back.
    if (granted) await revokeToken(deps.config, granted).catch(() => {});
    throw err;
  }
}

/** Stores (or replaces) the user's connection with the account's tokens sealed; a replaced grant is revoked. */
async function saveConnection(deps: DriveDeps, userId: string, account: { email: string; name: string; refreshTokenEnc: string; accessTokenEnc: string; accessTokenExpiresAt: Date }): Promise<void> {
  const box = await deps.box();
  const values = {
    status: 'connected' as const,
    googleEmail: account.email,
    googleName: account.name,
    refreshTokenEnc: account.refreshTokenEnc,
    accessTokenEnc: account.accessTokenEnc,
    accessTokenExpiresAt: account.accessTokenExpiresAt,
    refreshingUntil: null,
    message: null,
  };
  const [previous] = await deps.db.select().from(driveConnections).where(eq(driveConnections.userId, userId));
  await deps.db.insert(driveConnections).values({ userId, ...values }).onConflictDoUpdate({ target: driveConnections.userId, set: values });
  // Another Google account than before: the folders recorded are that account's.
  if (previous && previous.googleEmail !== account.email) await deps.db.delete(driveFolders).where(eq(driveFolders.connectionId, previous.id));
  if (previous && previous.refreshTokenEnc !== values.refreshTokenEnc) await revokeToken(deps.config, box.open(previous.refreshTokenEnc)).catch(() => {});
}

const hashResult = (code: string) => createHash('sha256').update(`drive-result\0${code}`).digest('hex');

/**
 * Forgets what unfinished connects left, on the server's maintenance schedule (maintenance.ts, every
 * CONNECT_SWEEP_INTERVAL_MS): a phone app's result its app never confirmed (the user never came back to the app, or
 * signed out first) holds a live Google grant and its sealed tokens — past its 5 minutes, or once its session is gone,
 * the grant is given back to Google and the row forgotten; a revoke Google could not take (unreachable, 5xx) keeps the row for the next sweep. Expired states (no
 * grant yet) are deleted. Each row is revoked and deleted once even with several processes sweeping: a process
 * deletes a row only after its revoke, and a second revoke of a token is answered 400 (already revoked) and ignored.
 */
export async function sweepExpiredConnects(deps: DriveDeps): Promise<{ revoked: number; kept: number; states: number }> {
  const states = await deps.db.delete(driveOauthStates).where(lte(driveOauthStates.expiresAt, sql`now()`)).returning({ stateHash: driveOauthStates.stateHash });
  // Also a result whose session signed out before the app confirmed it (its session_id set null): nobody can confirm it.
  const expired = await deps.db
    .select()
    .from(driveConnectResults)
    .where(or(lte(driveConnectResults.expiresAt, sql`now()`), isNull(driveConnectResults.sessionId)));
  let revoked = 0;
  let kept = 0;
  if (expired.length > 0) {
    const box = await deps.box();
    for (const row of expired) {
      try {
        await revokeToken(deps.config, box.open(row.refreshTokenEnc));
      } catch {
        kept += 1;
        continue;
      }
      await deps.db.delete(driveConnectResults).where(eq(driveConnectResults.codeHash, row.codeHash));
      revoked += 1;
    }
  }
  return { revoked, kept, states: states.length };
}

/**
 * GET /api/drive/callback: Google's redirect. The state must be one this server issued, unused, unexpired, to a
 * session still signed in. Started in a browser, the browser must be the one that started it (its cookie); then the
 * code is exchanged with the PKCE verifier, the account read (about.get user) and the connection stored with its
 * refresh token sealed. Started in the phone app (the consent ran in the system browser, which has no such cookie),
 * the exchange is finished but the connection waits for the app: the answer is the app link with a single-use result
 * code only the starting session can confirm (`confirmAppConnect`). Answers the absolute address to redirect to.
 *
 * A failure goes back as a code (`drive_error`, DRIVE_RETURN_ERRORS), never as text: the app shows its own text for
 * the code, so nobody can make it show theirs. What Google or the exchange said goes to `log`.
 */
export async function finishConnect(
  deps: DriveDeps,
  query: { state?: string | undefined; code?: string | undefined; error?: string | undefined },
  proof: string | undefined,
  log: (detail: string) => void = () => {},
): Promise<string> {
  const back = (returnTo: string, outcome: Record<string, string>) => {
    const url = new URL(returnTo, 'http://app');
    for (const [k, v] of Object.entries(outcome)) url.searchParams.set(k, v);
    return `${deps.publicUrl}${url.pathname}${url.search}`;
  };
  const toApp = (outcome: Record<string, string>) => `${DRIVE_APP_RETURN_URL}?${new URLSearchParams(outcome).toString()}`;
  // The state is spent whatever happens next: a replayed callback finds nothing.
  const [pending] = query.state ? await deps.db.delete(driveOauthStates).where(eq(driveOauthStates.stateHash, hashState(query.state))).returning() : [];
  const unknown: Record<string, DriveReturnError> = { drive_error: 'unknown_request' };
  if (!pending || pending.expiresAt.getTime() <= Date.now()) return back('/', unknown);
  const isApp = pending.client === 'app';
  // The state row goes with its session (a sign-out deletes the session, and the state by its foreign key). A browser
  // connect must finish in the browser that started it (its cookie), so a consent link sent to someone else cannot
  // bind their Google account to the sender's Fieldbook account; an app connect is bound by its result code instead.
  if (!isApp && !(query.state && (await isStateProof(deps, query.state, proof)))) return back('/', unknown);
  const fail = (code: DriveReturnError, detail: string) => {
    log(`drive: connect failed (${code}): ${detail}`);
    return isApp ? toApp({ drive_error: code, return_to: pending.returnTo }) : back(pending.returnTo, { drive_error: code });
  };
  const reason = (err: unknown) => (err instanceof Error ? err.message : String(err));
  if (query.error || !query.code) return fail(query.error === 'access_denied' ? 'access_denied' : 'consent_failed', `Google answered ${query.error ?? 'no authorization code'}`);
  let account: GoogleAccount;
  try {
    account = await exchangeForAccount(deps, query.code, pending.codeVerifier);
  } catch (err) {
    return fail('auth_failed', reason(err));
  }
  const box = await deps.box();
  const sealed = {
    email: account.email,
    name: account.name,
    refreshTokenEnc: box.seal(account.refreshToken),
    accessTokenEnc: box.seal(account.accessToken),
    accessTokenExpiresAt: new Date(Date.now() + account.expiresIn * 1000),
  };
  if (!isApp) {
    try {
      await saveConnection(deps, pending.userId, sealed);
    } catch (err) {
      await revokeToken(deps.config, account.refreshToken).catch(() => {});
      return fail('auth_failed', reason(err));
    }
    return back(pending.returnTo, { drive: 'connected' });
  }
  // The phone app: the account waits, sealed, for the app of the session that started the connect.
  const result = randomBytes(32).toString('base64url');
  await deps.db.insert(driveConnectResults).values({
    codeHash: hashResult(result),
    userId: pending.userId,
    sessionId: pending.sessionId,
    googleEmail: sealed.email,
    googleName: sealed.name,
    refreshTokenEnc: sealed.refreshTokenEnc,
    accessTokenEnc: sealed.accessTokenEnc,
    accessTokenExpiresAt: sealed.accessTokenExpiresAt,
    expiresAt: new Date(Date.now() + RESULT_TTL_MS),
  });
  return toApp({ result, return_to: pending.returnTo });
}

/**
 * POST /api/drive/connect/confirm: the phone app presents the result code of its return link. The code is spent at
 * once (single use); it must be unexpired and belong to the caller's own session — the user and the session that
 * started the connect, never a value the app sends. Refused: the same answer whatever the reason, and a code that
 * was real but not the caller's gives its grant back (someone else's consent must not wait to be claimed).
 */
export async function confirmAppConnect(deps: DriveDeps, actor: Pick<Actor, 'userId' | 'sessionId'>, result: string): Promise<void> {
  const [row] = await deps.db.delete(driveConnectResults).where(eq(driveConnectResults.codeHash, hashResult(result))).returning();
  if (!row) throw new AppError('CONFLICT', UNKNOWN_REQUEST_MESSAGE);
  const isOwn = row.userId === actor.userId && row.sessionId === actor.sessionId;
  if (!isOwn || row.expiresAt.getTime() <= Date.now()) {
    const box = await deps.box();
    await revokeToken(deps.config, box.open(row.refreshTokenEnc)).catch(() => {});
    throw new AppError('CONFLICT', UNKNOWN_REQUEST_MESSAGE);
  }
  await saveConnection(deps, row.userId, {
    email: row.googleEmail,
    name: row.googleName,
    refreshTokenEnc: row.refreshTokenEnc,
    accessTokenEnc: row.accessTokenEnc,
    accessTokenExpiresAt: row.accessTokenExpiresAt,
  });
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
