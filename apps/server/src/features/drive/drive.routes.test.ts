import { createHash } from 'node:crypto';
import { DRIVE_RETURN_ERRORS, DriveConnectSchema, DriveFileListSchema } from '@fieldbook/contract';
import { eq } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authSessions, driveConnectResults, driveConnections, driveOauthStates } from '../../db/schema';
import { FOLDER_MIME, startGoogleStub, type GoogleStub } from '../../test/google-stub';
import { createTestApp, createTestUser, type TestContext, type TestUser } from '../../test/setup-app';
import { browserCookie, connectDrive, driveStatus } from './drive.test-helpers';

let stub: GoogleStub;
let ctx: TestContext;
let alice: TestUser;
let bob: TestUser; // another workspace
const seen: LightMyRequestResponse[] = [];

beforeAll(async () => {
  stub = await startGoogleStub();
  ctx = await createTestApp({ ...stub.env, DRIVE_RETRY_BASE_MS: '1' });
  alice = await createTestUser(ctx);
  bob = await createTestUser(ctx);
});
afterAll(async () => {
  await ctx.close();
  await stub.close();
});

/** Every answer this file gets is kept, to check none carries a Google token. */
async function call(opts: InjectOptions): Promise<LightMyRequestResponse> {
  const res = await ctx.app.inject(opts);
  seen.push(res);
  return res;
}

describe('connect (authorization code + PKCE, state bound to the session)', () => {
  it('sends the user to Google with PKCE S256, a state, offline access and the drive.file scope only', async () => {
    const res = await call({ method: 'POST', url: '/api/drive/connect', headers: alice.headers, payload: {} });
    expect(res.statusCode).toBe(200);
    const url = new URL(DriveConnectSchema.parse(res.json()).authorization_url);
    expect(`${url.origin}${url.pathname}`).toBe(stub.env.GOOGLE_OAUTH_URL);
    const q = url.searchParams;
    expect(q.get('client_id')).toBe(stub.clientId);
    expect(q.get('redirect_uri')).toBe('http://localhost:3000/api/drive/callback');
    expect(q.get('response_type')).toBe('code');
    expect(q.get('scope')).toBe('https://www.googleapis.com/auth/drive.file');
    expect(q.get('access_type')).toBe('offline');
    expect(q.get('code_challenge_method')).toBe('S256');
    expect(q.get('state')!.length).toBeGreaterThanOrEqual(43);
    // The verifier stays on the server; the challenge is its SHA-256; the state is kept hashed, bound to the session.
    const [row] = await ctx.db.select().from(driveOauthStates).where(eq(driveOauthStates.stateHash, createHash('sha256').update(q.get('state')!).digest('hex')));
    expect(row).toMatchObject({ userId: alice.id, sessionId: alice.sessionId });
    expect(createHash('sha256').update(row!.codeVerifier).digest('base64url')).toBe(q.get('code_challenge'));
  });

  it('connects: the account’s name and email are shown, the refresh token is kept sealed, and the state is spent', async () => {
    const before = await driveStatus(ctx, alice);
    expect(before).toMatchObject({ configured: true, status: 'disconnected', user: null });
    expect(await connectDrive(ctx, alice, stub)).toBe('http://localhost:3000/jobs?drive=connected');
    const status = await driveStatus(ctx, alice);
    expect(status).toMatchObject({ status: 'connected', user: { displayName: 'Dana Drive', emailAddress: 'dana.drive@example.com' } });
    const [row] = await ctx.db.select().from(driveConnections).where(eq(driveConnections.userId, alice.id));
    const [grant] = [...stub.grants.values()];
    expect(row!.refreshTokenEnc).not.toContain(grant!.refreshToken);
    expect(row!.refreshTokenEnc.startsWith('v1.')).toBe(true);
    expect(stub.tokenCalls.filter((c) => c.grantType === 'authorization_code')).toHaveLength(1);
  });

  it('refuses a callback whose state it did not issue, one from another browser, a replayed state, and a state whose session signed out — without asking Google for tokens', async () => {
    const tokenCalls = stub.tokenCalls.length;
    const started = await call({ method: 'POST', url: '/api/drive/connect', headers: bob.headers, payload: {} });
    const start = DriveConnectSchema.parse(started.json());
    const cookie = browserCookie(started.headers['set-cookie']);
    expect(String(started.headers['set-cookie'])).toMatch(/HttpOnly; SameSite=Lax/);
    const callback = new URL(stub.approve(start.authorization_url));
    // A code, never text (DRIVE_RETURN_ERRORS): the app shows its own words for it.
    const refused = 'unknown_request';
    // A forged state with a real code.
    const forged = new URL(callback);
    forged.searchParams.set('state', 'forged-state-forged-state-forged-state-forged');
    const wrong = await call({ method: 'GET', url: `${forged.pathname}${forged.search}`, headers: { cookie } });
    expect(wrong.statusCode).toBe(302);
    expect(new URL(String(wrong.headers.location)).searchParams.get('drive_error')).toBe(refused);
    // The real state and code, but in a browser that did not start the connect (a consent link sent to a victim).
    const elsewhere = await call({ method: 'GET', url: `${callback.pathname}${callback.search}` });
    expect(new URL(String(elsewhere.headers.location)).searchParams.get('drive_error')).toBe(refused);
    expect(stub.tokenCalls.length).toBe(tokenCalls);
    expect((await driveStatus(ctx, bob)).status).toBe('disconnected');

    // The session that started the connect signs out: its state goes with it.
    const carol = await createTestUser(ctx);
    const carolStarted = await call({ method: 'POST', url: '/api/drive/connect', headers: carol.headers, payload: {} });
    const carolBack = new URL(stub.approve(DriveConnectSchema.parse(carolStarted.json()).authorization_url));
    await ctx.db.delete(authSessions).where(eq(authSessions.id, carol.sessionId));
    const signedOut = await call({ method: 'GET', url: `${carolBack.pathname}${carolBack.search}`, headers: { cookie: browserCookie(carolStarted.headers['set-cookie']) } });
    expect(String(signedOut.headers.location)).toContain('drive_error=unknown_request');
    expect(stub.tokenCalls.length).toBe(tokenCalls);

    // A fresh connect in the right browser works once; its replay is refused.
    const again = await call({ method: 'POST', url: '/api/drive/connect', headers: bob.headers, payload: {} });
    const okBack = new URL(stub.approve(DriveConnectSchema.parse(again.json()).authorization_url));
    const okCookie = browserCookie(again.headers['set-cookie']);
    const ok = await call({ method: 'GET', url: `${okBack.pathname}${okBack.search}`, headers: { cookie: okCookie } });
    expect(String(ok.headers.location)).toBe('http://localhost:3000/?drive=connected');
    const replay = await call({ method: 'GET', url: `${okBack.pathname}${okBack.search}`, headers: { cookie: okCookie } });
    expect(String(replay.headers.location)).toContain('drive_error=unknown_request');
    expect((await driveStatus(ctx, bob)).status).toBe('connected');
  });

  it('reports a failed connect as a code the app knows, never as text: a refused consent, another Google error, a failed exchange', async () => {
    const failWith = async (query: string) => {
      const started = await call({ method: 'POST', url: '/api/drive/connect', headers: alice.headers, payload: { return_to: '/jobs' } });
      const state = new URL(DriveConnectSchema.parse(started.json()).authorization_url).searchParams.get('state')!;
      const res = await call({ method: 'GET', url: `/api/drive/callback?state=${encodeURIComponent(state)}&${query}`, headers: { cookie: browserCookie(started.headers['set-cookie']) } });
      const back = new URL(String(res.headers.location));
      expect(back.pathname).toBe('/jobs');
      return back.searchParams.get('drive_error');
    };
    expect(await failWith('error=access_denied')).toBe('access_denied');
    expect(await failWith('error=Your%20account%20is%20locked.%20Call%20555-0100')).toBe('consent_failed');
    expect(await failWith('')).toBe('consent_failed');
    // A code Google does not know: the exchange fails (why is logged, not sent).
    expect(await failWith('code=made-up-code')).toBe('auth_failed');
    for (const code of ['access_denied', 'consent_failed', 'auth_failed', 'unknown_request', 'not_configured']) expect(DRIVE_RETURN_ERRORS).toContain(code);
  });
});

describe('folders', () => {
  it('creates FIELDBOOK with documents, clients, recordings, transcripts and tasks once — again, and from two tabs at once, never a second folder', async () => {
    const first = await call({ method: 'POST', url: '/api/drive/folders', headers: alice.headers });
    expect(first.statusCode).toBe(200);
    const again = await Promise.all([1, 2, 3].map(() => call({ method: 'POST', url: '/api/drive/folders', headers: alice.headers })));
    expect(again.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    const folders = [...stub.files.values()].filter((f) => f.mimeType === FOLDER_MIME && f.owner === stub.user.emailAddress);
    const root = folders.filter((f) => f.name === 'FIELDBOOK');
    expect(root).toHaveLength(1);
    expect(root[0]!.parents).toEqual(['root']);
    for (const name of ['documents', 'clients', 'recordings', 'transcripts', 'tasks']) {
      expect(folders.filter((f) => f.name === name && f.parents[0] === root[0]!.id)).toHaveLength(1);
    }
    const status = await driveStatus(ctx, alice);
    expect(status.folders.map((f) => [f.key, f.name, f.created])).toEqual([
      ['root', 'FIELDBOOK', true],
      ['documents', 'documents', true],
      ['clients', 'clients', true],
      ['recordings', 'recordings', true],
      ['transcripts', 'transcripts', true],
      ['tasks', 'tasks', true],
    ]);
    expect(status.folders[0]!.id).toBe(root[0]!.id);
  });

  it('initialising concurrently on a fresh connection still makes one folder each', async () => {
    const dave = await createTestUser(ctx);
    const alicesAccount = stub.user;
    stub.useAccount({ displayName: 'Dave Field', emailAddress: 'dave.field@example.com' });
    try {
      await connectDrive(ctx, dave, stub);
    } finally {
      stub.useAccount(alicesAccount);
    }
    const answers = await Promise.all([1, 2, 3, 4].map(() => call({ method: 'POST', url: '/api/drive/folders', headers: dave.headers })));
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    const daves = [...stub.files.values()].filter((f) => f.owner === 'dave.field@example.com');
    expect(daves.filter((f) => f.name === 'FIELDBOOK')).toHaveLength(1);
    expect(daves).toHaveLength(6);
    expect((await driveStatus(ctx, dave)).folders.every((f) => f.created)).toBe(true);
    // An earlier connection's folders are found again: disconnecting and connecting again makes none.
    await call({ method: 'POST', url: '/api/drive/disconnect', headers: dave.headers });
    stub.useAccount({ displayName: 'Dave Field', emailAddress: 'dave.field@example.com' });
    try {
      await connectDrive(ctx, dave, stub);
    } finally {
      stub.useAccount(alicesAccount);
    }
    await call({ method: 'POST', url: '/api/drive/folders', headers: dave.headers });
    expect([...stub.files.values()].filter((f) => f.owner === 'dave.field@example.com')).toHaveLength(6);
  });

  it('lists the files in the FIELDBOOK folders, 50 a page', async () => {
    const res = await call({ method: 'GET', url: '/api/drive/files', headers: alice.headers });
    expect(res.statusCode).toBe(200);
    expect(DriveFileListSchema.parse(res.json())).toEqual({ files: [], next_page_token: null });
    expect(stub.requests.filter((r) => r.path === '/drive/v3/files' && r.method === 'GET').at(-1)!.query.get('pageSize')).toBe('50');
  });
});

describe('the phone app’s return (consent in the system browser, no cookie): a single-use result code its session confirms', () => {
  const refused = { error: { code: 'CONFLICT', message: 'Failed to connect to Google Drive: the sign-in request is unknown or has expired. Please try again.' } };

  /** Connect from the app → Google's consent (Allow) in another browser → the callback's app link, as parts. */
  async function appConnect(user: TestUser, returnTo = '/') {
    const started = await call({ method: 'POST', url: '/api/drive/connect', headers: user.headers, payload: { return_to: returnTo, client: 'app' } });
    expect(started.statusCode).toBe(200);
    // No cookie: the system browser that runs the consent would never send it back.
    expect(started.headers['set-cookie']).toBeUndefined();
    const callback = new URL(stub.approve(DriveConnectSchema.parse(started.json()).authorization_url));
    const back = await call({ method: 'GET', url: `${callback.pathname}${callback.search}` });
    expect(back.statusCode).toBe(302);
    const location = String(back.headers.location);
    return { location, link: new URL(location), callback };
  }
  const confirm = (user: TestUser, result: string) => call({ method: 'POST', url: '/api/drive/connect/confirm', headers: user.headers, payload: { result } });

  it('finishes the exchange on the server, sends the app a result code (never a token) and connects only when the app confirms it', async () => {
    const dave = await createTestUser(ctx);
    const grantsBefore = stub.grants.size;
    const { location, link } = await appConnect(dave, '/jobs');
    expect(`${link.protocol}//${link.host}`).toBe('fieldbook://drive-connected');
    expect([...link.searchParams.keys()].sort()).toEqual(['result', 'return_to']);
    expect(link.searchParams.get('return_to')).toBe('/jobs');
    const result = link.searchParams.get('result')!;
    expect(result).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Exchanged at Google, kept sealed and hashed on the server; not a connection yet.
    expect(stub.grants.size).toBe(grantsBefore + 1);
    for (const token of [...stub.grants.keys(), ...stub.accessTokens.keys()]) expect(location).not.toContain(token);
    const [waiting] = await ctx.db.select().from(driveConnectResults).where(eq(driveConnectResults.userId, dave.id));
    expect(waiting).toMatchObject({ sessionId: dave.sessionId, googleEmail: 'dana.drive@example.com' });
    expect(waiting!.codeHash).not.toContain(result);
    expect(waiting!.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(5 * 60_000);
    expect((await driveStatus(ctx, dave)).status).toBe('disconnected');

    const res = await confirm(dave, result);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'connected', user: { displayName: 'Dana Drive', emailAddress: 'dana.drive@example.com' } });
    expect(await ctx.db.select().from(driveConnectResults).where(eq(driveConnectResults.userId, dave.id))).toEqual([]);

    // Single use: the same code again is refused, and so is the callback replayed.
    expect((await confirm(dave, result)).json()).toEqual(refused);
  });

  it('refuses another user’s code and another session’s, spending the code and giving the grant back', async () => {
    const erin = await createTestUser(ctx);
    const mallory = await createTestUser(ctx);
    const { link } = await appConnect(erin);
    const result = link.searchParams.get('result')!;
    const [waiting] = await ctx.db.select().from(driveConnectResults).where(eq(driveConnectResults.userId, erin.id));
    const revokedBefore = stub.revoked.length;
    const stolen = await confirm(mallory, result);
    expect(stolen.statusCode).toBe(409);
    expect(stolen.json()).toEqual(refused);
    expect((await driveStatus(ctx, mallory)).status).toBe('disconnected');
    // Spent, and the consent given back at Google: Erin starts again.
    expect(stub.revoked.length).toBe(revokedBefore + 1);
    expect((await confirm(erin, result)).json()).toEqual(refused);
    expect((await driveStatus(ctx, erin)).status).toBe('disconnected');
    expect(waiting).toBeDefined();

    // The same user signed in elsewhere (another session) is not the app that started the connect either.
    const second = await appConnect(erin);
    const [otherSession] = await ctx.db.insert(authSessions).values({ userId: erin.id, amr: [{ method: 'password', timestamp: Math.floor(Date.now() / 1000) }] }).returning();
    const { token } = await ctx.signer.sign(
      { sub: erin.id, email: erin.email, phone: '', session_id: otherSession!.id, aal: 'aal1', amr: otherSession!.amr, app_metadata: { provider: 'email', providers: ['email'] }, user_metadata: {}, is_anonymous: false },
      new Date(),
    );
    const elsewhere = await confirm({ ...erin, sessionId: otherSession!.id, token, headers: { authorization: `Bearer ${token}` } }, second.link.searchParams.get('result')!);
    expect(elsewhere.json()).toEqual(refused);
    expect((await driveStatus(ctx, erin)).status).toBe('disconnected');
  });

  it('refuses an expired code (and forgets unconfirmed ones, revoking their grants), a made-up one and malformed input', async () => {
    const frank = await createTestUser(ctx);
    const { link } = await appConnect(frank);
    await ctx.db.update(driveConnectResults).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(driveConnectResults.userId, frank.id));
    const revokedBefore = stub.revoked.length;
    expect((await confirm(frank, link.searchParams.get('result')!)).json()).toEqual(refused);
    expect(stub.revoked.length).toBe(revokedBefore + 1);
    expect(await ctx.db.select().from(driveConnectResults).where(eq(driveConnectResults.userId, frank.id))).toEqual([]);
    expect((await driveStatus(ctx, frank)).status).toBe('disconnected');

    expect((await confirm(frank, 'A'.repeat(43))).json()).toEqual(refused);
    for (const bad of ['', 'short', '../../etc/passwd-xxxxxxxxxxxx', 'x'.repeat(201)]) expect((await confirm(frank, bad)).statusCode, bad).toBe(400);
    expect((await call({ method: 'POST', url: '/api/drive/connect', headers: frank.headers, payload: { client: 'webview' } })).statusCode).toBe(400);
  });

  it('refuses a tampered state and never turns a browser connect into an app one: the flag lives with the state on the server', async () => {
    const gina = await createTestUser(ctx);
    const tokenCalls = stub.tokenCalls.length;
    const started = await call({ method: 'POST', url: '/api/drive/connect', headers: gina.headers, payload: { client: 'app' } });
    const callback = new URL(stub.approve(DriveConnectSchema.parse(started.json()).authorization_url));
    const state = callback.searchParams.get('state')!;
    const tampered = new URL(callback);
    tampered.searchParams.set('state', `${state.slice(0, -1)}${state.endsWith('A') ? 'B' : 'A'}`);
    const res = await call({ method: 'GET', url: `${tampered.pathname}${tampered.search}` });
    // An unknown state is nobody's connect: the web app's error page, no app link, no token request.
    expect(String(res.headers.location)).toMatch(/^http:\/\/localhost:3000\/\?drive_error=/);
    expect(stub.tokenCalls.length).toBe(tokenCalls);

    // A browser connect's callback reached without its cookie stays refused, whatever the query says.
    const browser = await call({ method: 'POST', url: '/api/drive/connect', headers: gina.headers, payload: { client: 'browser' } });
    expect(browser.headers['set-cookie']).toBeDefined();
    const browserBack = new URL(stub.approve(DriveConnectSchema.parse(browser.json()).authorization_url));
    browserBack.searchParams.set('client', 'app');
    const noCookie = await call({ method: 'GET', url: `${browserBack.pathname}${browserBack.search}` });
    expect(String(noCookie.headers.location)).toMatch(/^http:\/\/localhost:3000\/\?drive_error=/);
    expect(stub.tokenCalls.length).toBe(tokenCalls);
    expect((await driveStatus(ctx, gina)).status).toBe('disconnected');
  });

  it('brings a refused consent back to the app as an error', async () => {
    const hank = await createTestUser(ctx);
    const started = await call({ method: 'POST', url: '/api/drive/connect', headers: hank.headers, payload: { client: 'app', return_to: '/jobs' } });
    const state = new URL(DriveConnectSchema.parse(started.json()).authorization_url).searchParams.get('state')!;
    const res = await call({ method: 'GET', url: `/api/drive/callback?state=${encodeURIComponent(state)}&error=access_denied` });
    const link = new URL(String(res.headers.location));
    expect(`${link.protocol}//${link.host}`).toBe('fieldbook://drive-connected');
    expect(link.searchParams.get('drive_error')).toBe('access_denied');
    expect(link.searchParams.get('return_to')).toBe('/jobs');
    expect(link.searchParams.get('result')).toBeNull();
  });
});

describe('authorization (design.md §9)', () => {
  const endpoints = [
    { method: 'GET', url: '/api/drive' },
    { method: 'POST', url: '/api/drive/connect', payload: {} },
    { method: 'POST', url: '/api/drive/disconnect' },
    { method: 'POST', url: '/api/drive/connect/confirm' },
    { method: 'POST', url: '/api/drive/folders' },
    { method: 'GET', url: '/api/drive/files' },
    { method: 'GET', url: '/api/drive/items/document/00000000-0000-4000-8000-000000000000' },
    { method: 'POST', url: '/api/drive/folders/documents/files' },
    { method: 'GET', url: '/api/drive/files/1AbC/content' },
    { method: 'POST', url: '/api/drive/recordings/00000000-0000-4000-8000-000000000000/copy' },
  ] as const;

  it('answers 401 to a caller without a session on every Drive endpoint but Google’s callback', async () => {
    for (const e of endpoints) expect((await call({ ...e })).statusCode, `${e.method} ${e.url}`).toBe(401);
  });

  it('keeps another user’s connection invisible and unusable: their status, copies and files are not the caller’s', async () => {
    const erin = await createTestUser(ctx, { workspaceId: alice.workspaceId });
    expect(await driveStatus(ctx, erin)).toMatchObject({ status: 'disconnected', user: null });
    expect((await call({ method: 'GET', url: '/api/drive/files', headers: erin.headers })).json()).toEqual({ error: { code: 'CONFLICT', message: 'Not authenticated with Google Drive' } });
    expect((await call({ method: 'POST', url: '/api/drive/folders', headers: erin.headers })).statusCode).toBe(409);
    expect((await call({ method: 'GET', url: '/api/drive/items/document/00000000-0000-4000-8000-000000000000', headers: bob.headers })).statusCode).toBe(404);
  });

  it('refuses bad input without writing anything', async () => {
    const before = (await ctx.db.select().from(driveOauthStates)).length;
    const res = await call({ method: 'POST', url: '/api/drive/connect', headers: alice.headers, payload: { return_to: 'https://evil.example/' } });
    expect(res.statusCode).toBe(400);
    expect((await ctx.db.select().from(driveOauthStates)).length).toBe(before);
    expect((await call({ method: 'GET', url: '/api/drive/items/folder/x', headers: alice.headers })).statusCode).toBe(400);
  });
});

describe('disconnect', () => {
  it('revokes the grant at Google, forgets the tokens and shows Disconnected', async () => {
    const [row] = await ctx.db.select().from(driveConnections).where(eq(driveConnections.userId, bob.id));
    expect(row).toBeDefined();
    const grantsBefore = [...stub.grants.values()].filter((g) => !g.revoked).length;
    const res = await call({ method: 'POST', url: '/api/drive/disconnect', headers: bob.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'disconnected', user: null });
    expect([...stub.grants.values()].filter((g) => !g.revoked).length).toBe(grantsBefore - 1);
    expect(await ctx.db.select().from(driveConnections).where(eq(driveConnections.userId, bob.id))).toEqual([]);
    // Alice's connection is untouched.
    expect((await driveStatus(ctx, alice)).status).toBe('connected');
  });
});

describe('no Google token reaches the browser', () => {
  it('appears in no answer of this file', () => {
    const tokens = [...stub.accessTokens.keys(), ...stub.grants.keys()];
    expect(tokens.length).toBeGreaterThan(3);
    for (const res of seen) {
      const text = `${res.body} ${JSON.stringify(res.headers)}`;
      for (const token of tokens) expect(text).not.toContain(token);
    }
  });
});

describe('not configured', () => {
  it('says so when GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET are not both set', async () => {
    const bare = await createTestApp({ GOOGLE_CLIENT_ID: 'only-the-id' });
    try {
      const user = await createTestUser(bare);
      expect((await driveStatus(bare, user)).configured).toBe(false);
      const res = await bare.app.inject({ method: 'POST', url: '/api/drive/connect', headers: user.headers, payload: {} });
      expect(res.json()).toEqual({ error: { code: 'CONFLICT', message: 'Google Drive is not configured on this server' } });
      const back = await bare.app.inject({ method: 'GET', url: '/api/drive/callback?state=x&code=y' });
      expect(String(back.headers.location)).toBe('http://localhost:3000/?drive_error=not_configured');
    } finally {
      await bare.close();
    }
  });
});
