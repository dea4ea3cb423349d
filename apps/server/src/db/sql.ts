import { createHash } from 'node:crypto';
import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db, Tx } from './client';
import { inRequestTransactionNow } from './request-transaction';

/**
 * Small SQL helpers shared by the features (jobs, tasks, search, dashboard, the auth guard).
 *
 * Why JSON is built in PostgreSQL for the hot lists: design.md §11 wants ≥ 60% of a bare `pg` + `node:http`
 * handler's throughput. Building the response in SQL and sending the text as-is keeps the Node side to one string
 * per request (no row mapping, no second serialization). Lists of many objects use json_agg / row_to_json over rows
 * of named columns: json_build_object per object cost PostgreSQL noticeably more (bench/README.md). The contract schemas still
 * describe these answers (OpenAPI) and every test parses them with the same schemas.
 */

/** A timestamptz as the ISO string Date#toISOString gives ('2026-01-02T03:04:05.678Z'), whatever the session time zone. */
export function isoTs(column: SQL): SQL {
  return sql`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}

/** A date column as 'YYYY-MM-DD' (or null). */
export function isoDate(column: SQL): SQL {
  return sql`to_char(${column}, 'YYYY-MM-DD')`;
}

const dialect = new PgDialect({ casing: 'snake_case' });

/** node-postgres' Pool, as drizzle exposes it on `db.$client` (PGlite's client has no `totalCount`). */
type PgPool = {
  totalCount: number;
  query: (q: { name: string; text: string; values: unknown[] }) => Promise<{ rows: unknown[] }>;
  /** pg's Client, whose `Query` is the submittable pg makes of a query config (absent in the benchmark's recorder). */
  Client?: { Query?: new (text: string, values: unknown[]) => { name: string; text: string; values: unknown[] } };
};

/** The pool behind each database object, read once (see pgPoolOf). */
const poolsOf = new WeakMap<object, PgPool | null>();

/**
 * The pool behind `db`; none for PGlite, nor for a transaction (it has no `$client`: its statements stay on its
 * connection), nor while a request's transaction is open (db/request-transaction.ts: the statement belongs to it).
 * Kept per object: `db` is request-transaction-aware, a Proxy whose every property read looks up the request's
 * context — at every statement that was ~1 µs (issue 37).
 */
function pgPoolOf(db: Db | Tx): PgPool | null {
  if (inRequestTransactionNow()) return null;
  let pool = poolsOf.get(db);
  if (pool === undefined) {
    const client = (db as unknown as { $client?: unknown }).$client;
    pool = client && typeof client === 'object' && 'totalCount' in client ? (client as PgPool) : null;
    poolsOf.set(db, pool);
  }
  return pool;
}

const statementNames = new Map<string, string>();

/** A stable name per statement text (the texts are few: filters only add fixed fragments, values are parameters). */
export function statementName(text: string): string {
  let name = statementNames.get(text);
  if (!name) {
    name = `fb_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
    statementNames.set(text, name);
  }
  return name;
}

/**
 * Runs a hand-written statement. On PostgreSQL it is a named prepared statement: the JSON-building queries are
 * long, and parsing and planning them cost as much as running them (EXPLAIN: ~1 ms planning for the jobs page).
 * PGlite runs in-process and takes the plain path.
 */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const pool = pgPoolOf(db);
  if (pool) {
    const { sql: text, params } = dialect.sqlToQuery(query);
    const result = await pool.query({ name: statementName(text), text, values: params });
    return result.rows as T[];
  }
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** Everything that changes a statement's text (filters present, page size…), never a request's values: its cache key. */
export type StatementShape = string | Readonly<Record<string, string | number | boolean | null | undefined>>;
/** A statement's values by name: sent as its parameters ($n), never written into its text. */
export type StatementValues = Readonly<Record<string, string | number | null>>;

/** One shape's statement, made once: its text and name, and where each request's values go among its parameters. */
type ShapedStatement = {
  /** The statement's name and text (a named prepared statement on PostgreSQL). */
  config: { name: string; text: string };
  /** Per parameter ($1, $2, …): the name of the request's value, or null for a constant of the statement. */
  slots: (string | null)[];
  constants: unknown[];
  /** The text cut at its parameters, for the drizzle path (the embedded database, a request's transaction). */
  strings: string[];
};

/** Stand-ins for the values while a shape's statement is built: no real value or statement text holds them. */
const STAND_IN_TEXT = '\u0000fb-value:';
const STAND_IN_NUMBER = Number.MAX_SAFE_INTEGER - 1000;

function buildShape<S extends StatementShape, V extends StatementValues>(build: (shape: S, values: V) => SQL, shape: S, values: V): ShapedStatement {
  const names = Object.keys(values);
  const standIns = new Map<unknown, string>();
  const fake: Record<string, string | number> = {};
  names.forEach((name, i) => {
    const standIn = typeof values[name] === 'number' ? STAND_IN_NUMBER + i : `${STAND_IN_TEXT}${name}\u0000`;
    standIns.set(standIn, name);
    fake[name] = standIn;
  });
  const { sql: text, params } = dialect.sqlToQuery(build(shape, fake as unknown as V));
  const slots = params.map((p) => standIns.get(p) ?? null);
  // A value must reach the statement as a parameter of its own: one written into the text, or changed on the way
  // (a LIKE pattern made of it), would give every request the first one's — such a builder is refused here.
  const leaked = (p: unknown) => (typeof p === 'string' && p.includes(STAND_IN_TEXT)) || (typeof p === 'number' && p >= STAND_IN_NUMBER);
  if (text.includes(STAND_IN_TEXT) || names.some((_, i) => text.includes(String(STAND_IN_NUMBER + i))) || params.some((p, i) => slots[i] === null && leaked(p))) {
    throw new Error(`A value of the statement is not one of its parameters (shape ${JSON.stringify(shape)}): ${text.slice(0, 200)}`);
  }
  // The text cut at $1, $2, … in order (drizzle numbers them so); anything else — a literal "$1" — is refused.
  const strings = text.split(/\$\d+\b/);
  const numbers = [...text.matchAll(/\$(\d+)\b/g)].map((m) => Number(m[1]));
  if (numbers.length !== params.length || numbers.some((n, i) => n !== i + 1)) throw new Error(`Unexpected parameters in a statement: ${text.slice(0, 200)}`);
  return { config: { name: statementName(text), text }, slots, constants: slots.map((slot, i) => (slot === null ? params[i] : undefined)), strings };
}

/**
 * Where a shape's statement is kept: a tree whose steps are the shape's names and values in order (a string shape is
 * one step). Found by a few map lookups of values that are mostly numbers, booleans and the code's own strings; a
 * key text made of the shape (JSON.stringify) was a new string to hash at every statement (~1 µs, issue 37).
 */
type ShapeNode = { made?: ShapedStatement; next?: Map<unknown, ShapeNode> };

function shapeNode(root: ShapeNode, shape: StatementShape): ShapeNode {
  if (typeof shape === 'string') return step(root, shape);
  let node = root;
  for (const name in shape) node = step(step(node, name), shape[name]);
  return node;
}

function step(node: ShapeNode, key: unknown): ShapeNode {
  let next = node.next?.get(key);
  if (!next) (node.next ??= new Map()).set(key, (next = {}));
  return next;
}

/**
 * A statement built once per shape (issue 37): drizzle's `sql` building, rendering and the statement's name cost a
 * list request ~10% of its server CPU, every time, for a text that depends only on which filters are present and the
 * page size. `build` gets the shape and stand-ins for the values; the text and the places of the values among its
 * parameters are kept per shape, and each request sends its own values there. Whatever changes the text must be in
 * the shape (a flat object or a string: its key): `build` sees the values only as stand-ins, and a builder that
 * writes a value into the text (or sends something made from it) is refused when the shape is built.
 * On PostgreSQL it is a named prepared statement, like queryRows'; elsewhere the same text goes through drizzle.
 */
export function shapedStatement<S extends StatementShape, V extends StatementValues, T>(build: (shape: S, values: V) => SQL): (db: Db | Tx, shape: S, values: V) => Promise<T[]> {
  const shapes: ShapeNode = {};
  return async (db, shape, values) => {
    const node = shapeNode(shapes, shape);
    const made = (node.made ??= buildShape(build, shape, values));
    const { slots, constants } = made;
    const params: unknown[] = new Array(slots.length);
    for (let i = 0; i < slots.length; i++) {
      const slot = slots[i]!;
      params[i] = slot === null ? constants[i] : values[slot];
    }
    const pool = pgPoolOf(db);
    if (pool) {
      // pg's own Query made from the text (a config object is copied property by property at every query, ~1 µs),
      // named afterwards: a named statement, prepared once per connection.
      const PgQuery = pool.Client?.Query;
      let query: { name: string; text: string; values: unknown[] };
      if (PgQuery) {
        query = new PgQuery(made.config.text, params);
        query.name = made.config.name;
      } else query = { ...made.config, values: params };
      const result = await pool.query(query);
      return result.rows as T[];
    }
    const query = sql(made.strings as unknown as TemplateStringsArray, ...params.map((p) => sql.param(p)));
    const result = (await db.execute(query)) as unknown as { rows: T[] };
    return result.rows;
  };
}

/** A shaped statement (shapedStatement) that selects one text column `body` (a JSON document): that text. */
export function shapedJsonText<S extends StatementShape, V extends StatementValues>(build: (shape: S, values: V) => SQL): (db: Db, shape: S, values: V) => Promise<string | null> {
  const run = shapedStatement<S, V, { body: string | null }>(build);
  return async (db, shape, values) => (await run(db, shape, values))[0]?.body ?? null;
}

/** Runs a statement that selects one text column `body` (a JSON document) and returns that text. */
export async function queryJsonText(db: Db, query: SQL): Promise<string | null> {
  const [row] = await queryRows<{ body: string | null }>(db, query);
  return row?.body ?? null;
}

/**
 * `LIMIT n`, the number written into the statement. A prepared statement's generic plan cannot see a `LIMIT $1`'s
 * value: PostgreSQL then assumes 10% of the rows (~950 of the workspace's tasks), plans a hash join over every job,
 * and so plans each execution afresh instead — for the cheap lists planning cost twice what running them did
 * (tasks?limit=10: 0.36 ms planning, 0.17 ms running). With the number in the text the generic plan is the custom
 * one and PostgreSQL keeps it (bench/README.md, 2026-11-29). Limits are few (each list's page sizes, capped by the
 * contract), so the statements stay few.
 */
export function limitSql(limit: number): SQL {
  if (!Number.isSafeInteger(limit) || limit < 1) throw new Error(`Not a limit: ${limit}`);
  return sql.raw(`LIMIT ${limit}`);
}

/**
 * An id the plan must not depend on: `(SELECT $1::uuid)`, a value PostgreSQL learns only when the statement runs.
 * Which workspace (or person) a list is for does not change its best plan — a range scan of that workspace's index,
 * cut at the page — but PostgreSQL's estimate for a big workspace differs from its average one, so it judges each
 * execution's own plan cheaper than the shared one and plans every execution afresh, which for the lists cost as much
 * as running them. With the id hidden every execution's plan is the shared one, and PostgreSQL keeps it.
 */
export function planFreeId(id: string): SQL {
  return sql`(SELECT ${id}::uuid)`;
}

/** A list page's `LIMIT n` (limitSql), with `OFFSET $m` past the first page (offsets are many: they stay parameters). */
export function pageSql(page: { limit: number; offset: number }): SQL {
  if (!Number.isSafeInteger(page.offset) || page.offset < 0) throw new Error(`Not an offset: ${page.offset}`);
  return page.offset === 0 ? limitSql(page.limit) : sql`${limitSql(page.limit)} OFFSET ${page.offset}`;
}

/** Escapes LIKE wildcards so user text matches literally. */
export function likePattern(text: string): string {
  return `%${escapeLike(text)}%`;
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * The order of a name search (workspaces, contacts): the name typed in full first, then names that start with what
 * was typed, then the rest (0, 1, 2; sort by it, then by name). Without it a search whose words also occur inside
 * other names ("Paged 55" in "Paged 1764…55… 01") can leave the one typed in full off the first page.
 * Case-insensitive and trimmed like the search; inner spaces are matched as typed.
 */
export function nameRank(column: SQL | AnyColumn, typed: string): SQL {
  const text = typed.trim().toLowerCase();
  return sql`(CASE WHEN lower(${column}) = ${text} THEN 0 WHEN lower(${column}) LIKE ${`${escapeLike(text)}%`} THEN 1 ELSE 2 END)`;
}

