import type { Actor } from './auth-guard';

/** The NOTIFY channel of migration 0006: its payload is the id of a user whose sessions or profile changed. */
export const ACTOR_CHANNEL = 'fieldbook_actor';

/** A remembered session is looked up again after this long, whatever the notifications said. */
export const ACTOR_TTL_MS = 10_000;

const MAX_ENTRIES = 10_000;

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's remembered sessions (buildApp); `isEnabled` tells whether the listener is connected. */
    actorCache: ActorCache;
  }
}

type Entry = { actor: Readonly<Actor>; expires: number };

/**
 * Verified sessions, remembered for a few seconds so that an API request costs one database round trip, not two
 * (the session lookup was a fifth of a cheap list request's throughput, bench/README.md).
 *
 * Why a remembered session never outlives its revocation by more than a moment:
 * - Every change to a user's sessions, account or profile sends a NOTIFY (migration 0006, triggers); each server
 *   process LISTENs and forgets that user. The cache only answers while that listener is connected: on a lost
 *   connection it empties itself and stays off until LISTEN succeeds again.
 * - Auth writes handled by this process (logout, refresh, MFA, account changes) forget everything once they have
 *   committed, before their answer leaves (`forgetAll` from the auth scope), so the caller's next request is
 *   checked against the database, never against a notification still in flight.
 * - A lookup that was in flight while something was forgotten is not remembered (the epoch moved on), so a
 *   session read before a logout committed cannot be stored after the logout's notification arrived.
 * - Entries expire after ACTOR_TTL_MS, the bound should a connection die without telling us.
 * JWT verification (signature, expiry, issuer) still runs on every request; only the session row is remembered.
 * With the embedded database there is no listener and the cache stays off (the lookup is in-process anyway).
 */
export class ActorCache {
  #entries = new Map<string, Entry>();
  #epoch = 0;
  #isEnabled = false;

  constructor(private readonly now: () => number = Date.now) {}

  /** Take before a lookup and hand to `remember`: a lookup overtaken by a change is not remembered. */
  get epoch(): number {
    return this.#epoch;
  }

  get isEnabled(): boolean {
    return this.#isEnabled;
  }

  get(sessionId: string, userId: string): Readonly<Actor> | undefined {
    if (!this.#isEnabled) return undefined;
    const entry = this.#entries.get(sessionId);
    if (!entry) return undefined;
    if (entry.expires <= this.now() || entry.actor.userId !== userId) {
      this.#entries.delete(sessionId);
      return undefined;
    }
    return entry.actor;
  }

  remember(actor: Actor, epoch: number): void {
    if (!this.#isEnabled || epoch !== this.#epoch) return;
    if (this.#entries.size >= MAX_ENTRIES) this.#entries.clear();
    this.#entries.set(actor.sessionId, { actor: Object.freeze({ ...actor }), expires: this.now() + ACTOR_TTL_MS });
  }

  forgetUser(userId: string): void {
    this.#epoch++;
    for (const [sessionId, entry] of this.#entries) if (entry.actor.userId === userId) this.#entries.delete(sessionId);
  }

  forgetAll(): void {
    this.#epoch++;
    this.#entries.clear();
  }

  /** The listener is listening: notifications will arrive from now on. */
  enable(): void {
    this.#isEnabled = true;
  }

  /** The listener is gone: notifications may be missed, so nothing is remembered until it is back. */
  disable(): void {
    this.#isEnabled = false;
    this.forgetAll();
  }
}
