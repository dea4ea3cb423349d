import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { queryRows } from '../db/sql';
import type { ActorCache } from './actor-cache';
import { AppError } from './errors';
import { sessionCutoffs, type SessionLimits } from './session-limits';
import type { TokenSigner } from './tokens';

/** Who is calling, resolved from the verified token and the live session row (never from client-sent ids). */
export type Actor = {
  userId: string;
  email: string;
  role: 'admin' | 'user';
  workspaceId: string | null;
  sessionId: string;
  aal: 'aal1' | 'aal2';
};

declare module 'fastify' {
  interface FastifyRequest {
    actor: Actor | null;
  }
}

export function bearerToken(req: FastifyRequest): string | null {
  const header = req.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(.+)$/i.exec(header);
  return match?.[1]?.trim() || null;
}

type SessionRow = { session_id: string; aal: string; email: string; role: string | null; workspace_id: string | null };

export async function resolveActor(
  db: Db,
  signer: TokenSigner,
  token: string,
  opts: { cache?: ActorCache | undefined; limits: SessionLimits; now: Date },
): Promise<Actor | null> {
  const cache = opts.cache;
  const claims = await signer.verify(token);
  if (!claims) return null;
  const remembered = cache?.get(claims.session_id, claims.sub);
  if (remembered) return remembered;
  const epoch = cache?.epoch ?? 0;
  // One indexed lookup: the session must still exist (logout revokes at once), belong to the token's user and be
  // within its lifetime and inactivity timeout (SESSION_MAX_LIFETIME / SESSION_INACTIVITY_TIMEOUT).
  // Hand-written and sent as a named prepared statement: it runs on every request, and parsing, planning and
  // drizzle's query building were a visible share of a cheap list request (bench/README.md).
  const { createdAfter, activeAfter } = sessionCutoffs(opts.limits, opts.now);
  const [row] = await queryRows<SessionRow>(
    db,
    sql`SELECT s.id AS session_id, s.aal, u.email, p.role, p.workspace_id
        FROM auth_sessions s JOIN users u ON u.id = s.user_id LEFT JOIN profiles p ON p.id = s.user_id
        WHERE s.id = ${claims.session_id} AND s.user_id = ${claims.sub}
          AND s.created_at > ${createdAfter.toISOString()} AND coalesce(s.refreshed_at, s.created_at) > ${activeAfter.toISOString()}
        LIMIT 1`,
  );
  if (!row) return null;
  const actor: Actor = {
    userId: claims.sub,
    email: row.email,
    role: row.role === 'admin' ? 'admin' : 'user',
    workspaceId: row.workspace_id ?? null,
    sessionId: row.session_id,
    aal: row.aal === 'aal2' ? 'aal2' : 'aal1',
  };
  cache?.remember(actor, epoch);
  return actor;
}

/**
 * The caller when everything needed is already in memory — a token verified before whose session is remembered
 * (ActorCache) — or null for an expired token; undefined: resolveActor must look it up. What resolveActor would answer,
 * without a promise: most requests of a signed-in client end here.
 */
export function knownActor(signer: TokenSigner, cache: ActorCache | undefined, token: string): Readonly<Actor> | null | undefined {
  const claims = cache && signer.verified ? signer.verified(token) : undefined;
  if (claims === null) return null;
  return claims ? cache!.get(claims.session_id, claims.sub) : undefined;
}

/** Adds `req.actor` to every request of the scope and answers 401 unless the endpoint is declared 'public'. */
export function registerAuthGuard(
  app: FastifyInstance,
  deps: { db: Db; signer: TokenSigner; actors?: ActorCache; config: SessionLimits; now: () => Date },
): void {
  app.decorateRequest('actor', null);
  // Only an endpoint declared 'public' in the contract answers without a session (route() puts its access level in
  // the route's config); anything else in the scope — a route without a level, an unknown path — is 401 first.
  const admit = (req: FastifyRequest, token: string | null, actor: Actor | null, done: (err?: Error) => void) => {
    req.actor = actor;
    if (!actor && req.routeOptions.config?.access !== 'public') {
      return done(new AppError('UNAUTHORIZED', token ? 'Invalid or expired session' : 'Authentication required'));
    }
    done();
  };
  // A callback hook, not an async one: a caller already known (knownActor) goes on without a promise.
  app.addHook('onRequest', (req, _reply, done) => {
    const token = bearerToken(req);
    if (!token) return admit(req, null, null, done);
    const known = knownActor(deps.signer, deps.actors, token);
    if (known !== undefined) return admit(req, token, known, done);
    resolveActor(deps.db, deps.signer, token, { cache: deps.actors, limits: deps.config, now: deps.now() }).then(
      (actor) => admit(req, token, actor, done),
      (err: Error) => done(err),
    );
  });
}

export function requireActor(req: FastifyRequest): Actor {
  if (!req.actor) throw new AppError('UNAUTHORIZED', 'Authentication required');
  return req.actor;
}

/** Work data lives in a workspace; a user an admin removed from theirs has none until they save My Workspace. */
export function requireWorkspace(actor: Actor): string {
  if (!actor.workspaceId) throw new AppError('NO_WORKSPACE', 'You are not in a workspace. Set one up under My Workspace.');
  return actor.workspaceId;
}

export function requireAdmin(actor: Actor): void {
  if (actor.role !== 'admin') throw new AppError('FORBIDDEN', 'You do not have permission to access this page');
}
