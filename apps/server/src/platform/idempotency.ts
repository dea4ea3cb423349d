import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest, onSendHookHandler, preHandlerAsyncHookHandler } from 'fastify';
import type { Db, Tx } from '../db/client';
import { inRequestTransaction } from '../db/request-transaction';
import { queryRows } from '../db/sql';
import { AppError } from './errors';

/**
 * `Idempotency-Key` on the product API's write endpoints (issue 26; the IETF draft "The Idempotency-Key HTTP Header
 * Field"). A client that may send a write twice — the web's offline queue replaying after a lost answer, a retry
 * after a timeout — sends a key of its own with it. Implemented once, here, and applied by route() to every signed-in
 * POST/PUT/PATCH/DELETE of a scope that registered it (the /api scope):
 *
 * - the first request with a key claims it (a row in `idempotency_keys`, per user, committed at once so repeats see
 *   it) and its handler runs inside ONE database transaction (db/request-transaction.ts: every statement the handler
 *   sends through the features' `db` joins it) that also keeps the 2xx answer in the claim's row before it commits.
 *   The write and its kept answer are committed together or not at all: a process killed at any point leaves either
 *   both (a repeat gets the answer) or neither (after the claim's lease, 60 s, a repeat runs the write — once);
 * - a repeat with the same key, endpoint and request (path parameters, query and body as validated, hashed) gets the
 *   kept answer — status and body, with `Idempotent-Replayed: true` — and the handler does not run;
 * - the same key with another endpoint or another request: 422 IDEMPOTENCY_KEY_REUSED, nothing runs;
 * - a repeat while the first still runs waits for its answer (up to 5 s), then 409 CONFLICT: try again (the web's
 *   queue does); a repeat that took over a claim whose lease ran out while its first request still ran: whichever
 *   keeps its answer first commits, the other finds the claim no longer its own and rolls back (409) — never two;
 * - any answer but 2xx rolls the handler's transaction back and releases the claim (a repeat runs again).
 *
 * Not covered: 'public' endpoints (no user to scope a key to) and multipart uploads (the body is a stream the hash
 * cannot see; recordings carry their own `upload_key`). A handler that sends its reply itself (a redirect, a stream)
 * is committed before its answer is kept, as before. A handler that calls another service (mail goes through the
 * outbox table, so it is covered) does so inside the transaction: keep such handlers short.
 */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
export const IDEMPOTENT_REPLAYED_HEADER = 'idempotent-replayed';
/** How long a kept answer is given to repeats of its request. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60_000;
/** How long a claim stands without an answer before a repeat may run the request again (its process died). */
export const IDEMPOTENCY_LEASE_MS = 60_000;
const WAIT_FOR_FIRST_MS = 5_000;
const POLL_MS = 25;
const PRUNE_INTERVAL_MS = 60_000;
const KEY_PATTERN = /^[\x21-\x7e]{1,200}$/;

export const IDEMPOTENCY_KEY_INVALID = 'Idempotency-Key must be 1 to 200 visible ASCII characters';
export const IDEMPOTENCY_KEY_REUSED = 'This Idempotency-Key was already used for a different request';
export const IDEMPOTENCY_KEY_IN_PROGRESS = 'A request with this Idempotency-Key is still being processed. Try again shortly.';

type IdempotencyDeps = { db: Db; now: () => Date };
/** A claim this process holds: `at` is the claim's `created_at`, which a takeover after the lease changes. */
type Claim = { userId: string; key: string; at: string; kept: boolean };

declare module 'fastify' {
  interface FastifyInstance {
    /** Set on a scope whose write endpoints honour `Idempotency-Key` (registerIdempotency). */
    idempotency?: IdempotencyDeps;
  }
}

/** Makes route() honour `Idempotency-Key` on the signed-in write endpoints registered in this scope. */
export function registerIdempotency(app: FastifyInstance, deps: IdempotencyDeps): void {
  app.decorate('idempotency', deps);
}

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const claims = new WeakMap<FastifyRequest, Claim>();
const lastPruneAt = new WeakMap<Db, number>();

/** JSON with object keys sorted, so the same request hashes the same whatever order its fields came in. */
function stableJson(value: unknown): string {
  return JSON.stringify(value ?? null, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : v,
  );
}

export function requestHash(req: Pick<FastifyRequest, 'params' | 'query' | 'body'>): string {
  return createHash('sha256')
    .update(stableJson({ params: req.params ?? null, query: req.query ?? null, body: req.body ?? null }))
    .digest('hex');
}

type KeptRow = { endpoint: string; request_hash: string; response_status: number | null; response_body: string | null; response_type: string | null };

async function prune(db: Db, at: Date): Promise<void> {
  const last = lastPruneAt.get(db);
  if (last !== undefined && at.getTime() - last < PRUNE_INTERVAL_MS && at.getTime() >= last) return;
  lastPruneAt.set(db, at.getTime());
  await db.execute(sql`DELETE FROM idempotency_keys WHERE expires_at < ${at.toISOString()}`);
}

/**
 * One statement: the key is claimed when it is new, when its kept answer has expired, or when the claim of an
 * identical request has outlived its lease. Concurrent claims of one key: exactly one gets the row.
 */
async function tryClaim(db: Db, claim: Omit<Claim, 'at' | 'kept'>, endpoint: string, hash: string, at: Date): Promise<string | null> {
  const now = at.toISOString();
  const rows = await queryRows<{ claimed: number }>(
    db,
    sql`INSERT INTO idempotency_keys AS k (user_id, key, endpoint, request_hash, locked_until, created_at, expires_at)
        VALUES (${claim.userId}, ${claim.key}, ${endpoint}, ${hash}, ${new Date(at.getTime() + IDEMPOTENCY_LEASE_MS).toISOString()}, ${now},
                ${new Date(at.getTime() + IDEMPOTENCY_TTL_MS).toISOString()})
        ON CONFLICT (user_id, key) DO UPDATE SET
          endpoint = EXCLUDED.endpoint, request_hash = EXCLUDED.request_hash, response_status = NULL, response_body = NULL,
          response_type = NULL, locked_until = EXCLUDED.locked_until, created_at = EXCLUDED.created_at, expires_at = EXCLUDED.expires_at
        WHERE k.expires_at <= EXCLUDED.created_at
           OR (k.response_status IS NULL AND k.locked_until <= EXCLUDED.created_at
               AND k.endpoint = EXCLUDED.endpoint AND k.request_hash = EXCLUDED.request_hash)
        RETURNING 1 AS claimed`,
  );
  return rows.length > 0 ? now : null;
}

async function readKept(db: Db, claim: Omit<Claim, 'at' | 'kept'>): Promise<KeptRow | undefined> {
  const [row] = await queryRows<KeptRow>(
    db,
    sql`SELECT endpoint, request_hash, response_status, response_body, response_type FROM idempotency_keys
        WHERE user_id = ${claim.userId} AND key = ${claim.key}`,
  );
  return row;
}

function headerKey(req: FastifyRequest): string | undefined {
  const raw = req.headers[IDEMPOTENCY_KEY_HEADER];
  if (raw === undefined) return undefined;
  if (typeof raw !== 'string' || !KEY_PATTERN.test(raw)) throw new AppError('BAD_REQUEST', IDEMPOTENCY_KEY_INVALID);
  return raw;
}

/**
 * The route hooks that make one endpoint idempotent, or none: route() adds them to every write endpoint whose
 * callers are signed in, in a scope with registerIdempotency.
 */
export function idempotencyHooks(
  app: FastifyInstance,
  endpoint: { method: string; path: string; offlineQueued?: true },
  signedIn: boolean,
): {
  preHandler?: preHandlerAsyncHookHandler;
  onSend?: onSendHookHandler;
  around?: (req: FastifyRequest, reply: FastifyReply, status: number, run: () => Promise<unknown>) => Promise<unknown>;
} {
  const deps = app.idempotency;
  if (!deps || !signedIn || !WRITE_METHODS.has(endpoint.method)) return {};
  const { db, now } = deps;
  const name = `${endpoint.method} ${endpoint.path}`;

  async function preHandler(req: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> {
    const key = headerKey(req);
    if (key === undefined || !req.actor) return undefined;
    // An upload's body is streamed by its handler, never kept as an answer (media types are case-insensitive).
    if (/^multipart\//i.test(String(req.headers['content-type'] ?? ''))) return undefined;
    const claim = { userId: req.actor.userId, key };
    const hash = requestHash(req);
    const giveUpAt = Date.now() + WAIT_FOR_FIRST_MS;
    await prune(db, now());
    for (;;) {
      const at = await tryClaim(db, claim, name, hash, now());
      if (at !== null) {
        claims.set(req, { ...claim, at, kept: false });
        return undefined;
      }
      const kept = await readKept(db, claim);
      // Released between the two statements (the first answered an error): claim it again.
      if (!kept) continue;
      if (kept.endpoint !== name || kept.request_hash !== hash) throw new AppError('IDEMPOTENCY_KEY_REUSED', IDEMPOTENCY_KEY_REUSED);
      if (kept.response_status !== null) {
        reply.status(kept.response_status).header(IDEMPOTENT_REPLAYED_HEADER, 'true');
        if (kept.response_type) reply.type(kept.response_type);
        return reply.send(kept.response_body ?? undefined);
      }
      if (Date.now() >= giveUpAt) throw new AppError('CONFLICT', IDEMPOTENCY_KEY_IN_PROGRESS);
      await sleep(POLL_MS);
    }
  }

  /**
   * Runs the handler of a request that holds a claim in one transaction with keeping its answer (see above); without
   * a claim, just runs it. Answers what route() sends: the answer as kept (JSON text), or the handler's own.
   */
  async function around(req: FastifyRequest, reply: FastifyReply, status: number, run: () => Promise<unknown>): Promise<unknown> {
    const claim = claims.get(req);
    if (!claim) return run();
    const answer = await inRequestTransaction(db, run, async (tx, result) => {
      // The handler replied itself (a redirect, a stream): onSend keeps what it can, after the commit.
      if (result === reply || reply.sent) return result;
      await idempotencyCrashPoints.beforeKeep?.();
      const body = result === undefined || result === null ? null : typeof result === 'string' ? result : serializeAnswer(reply, status, result);
      await keepAnswer(tx, claim, status, body);
      return body ?? result;
    });
    await idempotencyCrashPoints.afterCommit?.();
    return answer;
  }

  const onSend: onSendHookHandler = async (req, reply, payload) => {
    const claim = claims.get(req);
    if (!claim) return payload;
    claims.delete(req);
    // Kept in the handler's transaction already (an error after it, e.g. in sending, leaves it kept: it committed).
    if (claim.kept) return payload;
    const where = sql`user_id = ${claim.userId} AND key = ${claim.key} AND response_status IS NULL AND created_at = ${claim.at}`;
    const kept = reply.statusCode >= 200 && reply.statusCode < 300 && (payload === undefined || payload === null || typeof payload === 'string' || Buffer.isBuffer(payload));
    try {
      if (kept) {
        const body = payload === undefined || payload === null ? null : Buffer.isBuffer(payload) ? payload.toString('utf8') : payload;
        const type = reply.getHeader('content-type');
        await db.execute(
          sql`UPDATE idempotency_keys SET response_status = ${reply.statusCode}, response_body = ${body},
              response_type = ${typeof type === 'string' ? type : null}, locked_until = NULL WHERE ${where}`,
        );
      } else {
        // An error answer changed nothing (or a streamed answer cannot be kept): a repeat runs the request again.
        await db.execute(sql`DELETE FROM idempotency_keys WHERE ${where}`);
      }
    } catch (err) {
      // The write itself succeeded or failed already; its answer goes out. The claim then waits out its lease.
      req.log.error({ err }, 'could not keep the answer of an idempotent request');
    }
    return payload;
  };

  // The handler in one transaction with its kept answer only where the contract says the endpoint is the offline
  // queue's (short, nothing outside the database): a key sent to a slow endpoint (a model, Google) must not hold a
  // transaction — on the embedded database, every other query — for its whole run.
  return endpoint.offlineQueued ? { preHandler, onSend, around } : { preHandler, onSend };
}

/** The answer as Fastify would send it: through the route's response serializer for `status` (the contract's schema). */
function serializeAnswer(reply: FastifyReply, status: number, answer: unknown): string {
  reply.status(status);
  const text = reply.serialize(answer);
  return typeof text === 'string' ? text : Buffer.from(text as ArrayBuffer).toString('utf8');
}

const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * Keeps a 2xx answer in the claim's row, in the handler's transaction. The row must still be this request's claim:
 * if its lease ran out and a repeat took it over (created_at changed) or answered it, this write is refused and rolled
 * back — the one that keeps its answer first is the one that commits.
 */
async function keepAnswer(tx: Tx, claim: Claim, status: number, body: string | null): Promise<void> {
  const rows = await queryRows<{ kept: number }>(
    tx as unknown as Db,
    sql`UPDATE idempotency_keys SET response_status = ${status}, response_body = ${body}, response_type = ${body === null ? null : JSON_TYPE},
        locked_until = NULL
        WHERE user_id = ${claim.userId} AND key = ${claim.key} AND response_status IS NULL AND created_at = ${claim.at}
        RETURNING 1 AS kept`,
  );
  if (rows.length === 0) throw new AppError('CONFLICT', IDEMPOTENCY_KEY_IN_PROGRESS);
  claim.kept = true;
}

/**
 * Tests only: where a crash is simulated (a throw there is the process dying at that point — the transaction is
 * rolled back exactly as a killed connection's would be). `beforeKeep`: the handler's writes are done, its answer not
 * yet kept nor committed; `afterCommit`: write and answer committed, nothing sent yet.
 */
export const idempotencyCrashPoints: { beforeKeep?: () => Promise<void> | void; afterCommit?: () => Promise<void> | void } = {};
