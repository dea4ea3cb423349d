import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite, openPostgres, type Database } from './client';
import { queryRows, shapedStatement } from './sql';
import { inRequestTransaction, inRequestTransactionNow } from './request-transaction';

/** The database object every feature holds sends a request's statements to its transaction while one is open. */
let database: Database;

beforeAll(async () => {
  database = await openPglite('memory://');
  await database.db.execute(sql`CREATE TABLE notes (body text NOT NULL)`);
});
afterAll(() => database.close());

const count = async () => (await queryRows<{ n: number }>(database.db, sql`SELECT count(*)::int AS n FROM notes`))[0]!.n;

describe('request transactions', () => {
  it('statements of the work, its own nested transaction included, commit with what finish writes', async () => {
    const { db } = database;
    const answer = await inRequestTransaction(
      db,
      async () => {
        expect(inRequestTransactionNow()).toBe(true);
        await db.execute(sql`INSERT INTO notes VALUES ('one')`);
        await db.transaction(async (tx) => tx.execute(sql`INSERT INTO notes VALUES ('two')`));
        // The work sees its own uncommitted rows (the same transaction).
        return queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM notes`);
      },
      async (tx, rows) => {
        expect(inRequestTransactionNow()).toBe(false);
        await tx.execute(sql`INSERT INTO notes VALUES ('kept answer')`);
        return rows[0]!.n;
      },
    );
    expect(answer).toBe(2);
    expect(await count()).toBe(3);
  });

  it('a throw in finish rolls the work back too (a crash before the commit leaves nothing)', async () => {
    const { db } = database;
    const before = await count();
    await expect(
      inRequestTransaction(
        db,
        async () => db.execute(sql`INSERT INTO notes VALUES ('lost')`),
        async () => {
          throw new Error('crash');
        },
      ),
    ).rejects.toThrow('crash');
    expect(await count()).toBe(before);
  });

  it('outside a request, and after its transaction ended, statements go to the database', async () => {
    const { db } = database;
    expect(inRequestTransactionNow()).toBe(false);
    let later: Promise<unknown> | undefined;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    await inRequestTransaction(
      db,
      async () => {
        // Work left behind: it runs after the transaction committed, on the database.
        later = gate.then(() => db.execute(sql`INSERT INTO notes VALUES ('after')`));
      },
      async () => undefined,
    );
    const before = await count();
    release();
    await later;
    expect(await count()).toBe(before + 1);
  });
});

/**
 * On PostgreSQL the hand-written statements (queryRows, shapedStatement) go to the pool as named statements, the
 * pool read once per database object (db/sql.ts pgPoolOf): inside a request's transaction they must go to it instead.
 */
describe.runIf(process.env.TEST_DATABASE_URL)('request transactions on PostgreSQL', () => {
  let pg: Database;
  const table = `request_tx_${process.pid}_${Date.now()}`;
  const countOf = shapedStatement<'count', { marker: string }, { n: number }>(
    (_shape, v) => sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)} WHERE body <> ${v.marker}`,
  );
  const rowsNow = async () => (await queryRows<{ n: number }>(pg.db, sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)}`))[0]!.n;

  beforeAll(async () => {
    pg = await openPostgres(process.env.TEST_DATABASE_URL!, { max: 2 });
    await pg.db.execute(sql`CREATE TABLE ${sql.identifier(table)} (body text NOT NULL)`);
  });
  afterAll(async () => {
    await pg?.db.execute(sql`DROP TABLE IF EXISTS ${sql.identifier(table)}`);
    await pg?.close();
  });

  it('queryRows and a shaped statement see the transaction’s own rows inside it, and the pool’s outside', async () => {
    expect(await rowsNow()).toBe(0);
    const seen = await inRequestTransaction(
      pg.db,
      async () => {
        await pg.db.execute(sql`INSERT INTO ${sql.identifier(table)} VALUES ('one')`);
        return { rows: await rowsNow(), shaped: (await countOf(pg.db, 'count', { marker: '-' }))[0]!.n };
      },
      async (_tx, inside) => inside,
    );
    expect(seen).toEqual({ rows: 1, shaped: 1 });
    expect(await rowsNow()).toBe(1);
    expect((await countOf(pg.db, 'count', { marker: '-' }))[0]!.n).toBe(1);
  });
});
