import { AsyncLocalStorage } from 'node:async_hooks';
import type { Db, Tx } from './client';

/**
 * One transaction for all of a request's statements, when the request asks for it (platform/idempotency.ts: a write
 * with an `Idempotency-Key` commits its changes and its kept answer together, so no crash can leave one without the
 * other). The features keep the `db` they were given: the database object handed out by openPglite/openPostgres
 * sends each statement to the transaction of the request it runs for, when there is one, and to the database
 * otherwise. A feature's own `db.transaction(…)` inside such a request is a savepoint of it.
 *
 * The transaction is reached through the request's async context only while its work runs; work it left behind
 * (a promise not awaited) goes to the database once the transaction has ended.
 */
type Scope = { tx: Tx; open: boolean };
const scopes = new AsyncLocalStorage<Scope>();

/** `root`, sending each statement to the current request's transaction while one is open. */
export function requestTransactionAware(root: Db): Db {
  return new Proxy(root, {
    get(target, prop, receiver) {
      const scope = scopes.getStore();
      if (!scope?.open) return Reflect.get(target, prop, receiver) as unknown;
      const value = Reflect.get(scope.tx, prop, scope.tx) as unknown;
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(scope.tx) : value;
    },
  });
}

/**
 * Runs `work` in one transaction of `db`: every statement it sends through a request-transaction-aware `db` is part
 * of it. `finish` runs inside the same transaction after `work` (the idempotency layer keeps the answer there); a
 * throw from either rolls everything back.
 */
export async function inRequestTransaction<T, R>(db: Db, work: () => Promise<T>, finish: (tx: Tx, result: T) => Promise<R>): Promise<R> {
  return db.transaction(async (tx) => {
    const scope: Scope = { tx, open: true };
    let result: T;
    try {
      result = await scopes.run(scope, work);
    } finally {
      scope.open = false;
    }
    return finish(tx, result);
  });
}

/** Whether this code runs inside a request's transaction (db/sql.ts sends its statements there; tests). */
export function inRequestTransactionNow(): boolean {
  return scopes.getStore()?.open === true;
}
