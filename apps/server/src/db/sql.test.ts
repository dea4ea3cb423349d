import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import type { Db } from './client';
import { likePattern, limitSql, pageSql, planFreeId, shapedStatement } from './sql';

const render = (s: Parameters<PgDialect['sqlToQuery']>[0]) => {
  const { sql, params } = new PgDialect().sqlToQuery(s);
  return { sql, params };
};

describe('page bounds written into statements', () => {
  it('writes the limit as a number and the first page without an offset', () => {
    expect(render(limitSql(10))).toEqual({ sql: 'LIMIT 10', params: [] });
    expect(render(pageSql({ limit: 50, offset: 0 }))).toEqual({ sql: 'LIMIT 50', params: [] });
  });

  it('keeps a later page’s offset a parameter', () => {
    expect(render(pageSql({ limit: 10, offset: 30 }))).toEqual({ sql: 'LIMIT 10 OFFSET $1', params: [30] });
  });

  it('refuses anything but whole numbers in range, so nothing else reaches the text', () => {
    for (const limit of [0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, '10; DROP TABLE tasks' as unknown as number]) {
      expect(() => limitSql(limit)).toThrow(/Not a limit/);
    }
    expect(() => pageSql({ limit: 10, offset: -10 })).toThrow(/Not an offset/);
  });

  it('hides an id from the planner behind a sub-select, still as a parameter', () => {
    expect(render(planFreeId('8819634c-0d9c-4413-b8a5-31760d3009ba'))).toEqual({ sql: '(SELECT $1::uuid)', params: ['8819634c-0d9c-4413-b8a5-31760d3009ba'] });
  });
});

describe('statements built once per shape (shapedStatement)', () => {
  type Sent = { name: string; text: string; values: unknown[] };
  /** A db whose pg pool records what it is sent (the PostgreSQL path). */
  const pooled = () => {
    const sent: Sent[] = [];
    const db = { $client: { totalCount: 1, query: async (q: Sent) => (sent.push({ name: q.name, text: q.text, values: q.values }), { rows: [{ n: sent.length }] }) } } as unknown as Db;
    return { db, sent };
  };
  /** A db without a pool (the embedded database, a request's transaction): drizzle's execute. */
  const embedded = () => {
    const sent: Array<{ sql: string; params: unknown[] }> = [];
    const db = { execute: async (q: SQL) => (sent.push(render(q)), { rows: [] }) } as unknown as Db;
    return { db, sent };
  };
  let builds = 0;
  const list = shapedStatement((shape: { status: string | null; limit: number }, v: { workspaceId: string; text: string | null }) => {
    builds++;
    return sql`SELECT ${v.text}::text AS t, ${'fixed'} AS f FROM tasks t WHERE t.workspace_id = ${planFreeId(v.workspaceId)}
      ${shape.status ? sql.raw(`AND t.status = '${shape.status}'`) : sql``} ${limitSql(shape.limit)}`;
  });

  it('builds the text once per shape and sends each request its own values, as one named statement', async () => {
    const { db, sent } = pooled();
    builds = 0;
    await list(db, { status: null, limit: 10 }, { workspaceId: 'w1', text: 'a' });
    await list(db, { status: null, limit: 10 }, { workspaceId: 'w2', text: null });
    await list(db, { status: 'pending', limit: 10 }, { workspaceId: 'w3', text: 'c' });
    expect(builds).toBe(2);
    expect(sent[0]!.text).toContain('$1::text AS t, $2 AS f');
    expect(sent[0]!.text).toContain('(SELECT $3::uuid)');
    expect(sent[0]!.text).toMatch(/LIMIT 10$/);
    expect(sent.map((s) => s.values)).toEqual([['a', 'fixed', 'w1'], [null, 'fixed', 'w2'], ['c', 'fixed', 'w3']]);
    expect(sent[1]!.name).toBe(sent[0]!.name);
    expect(sent[2]!.name).not.toBe(sent[0]!.name);
    expect(sent[2]!.text).toContain("AND t.status = 'pending'");
  });

  it('tells shapes apart by each value as it is, not as text (null and "null", 1 and "1")', async () => {
    const { db, sent } = pooled();
    const shaped = shapedStatement((shape: { a: string | number | null; b: boolean }, v: { id: string }) => sql.raw(`SELECT ${typeof shape.a} ${String(shape.a)} ${String(shape.b)}`).append(sql` ${v.id}`));
    for (const shape of [{ a: null, b: true }, { a: 'null', b: true }, { a: 1, b: true }, { a: '1', b: true }, { a: 1, b: false }, { a: null, b: true }]) await shaped(db, shape, { id: 'x' });
    expect(sent.map((s) => s.text)).toEqual(['SELECT object null true $1', 'SELECT string null true $1', 'SELECT number 1 true $1', 'SELECT string 1 true $1', 'SELECT number 1 false $1', 'SELECT object null true $1']);
  });

  it('sends the same text and values through drizzle without a pool', async () => {
    const { db, sent } = embedded();
    const { db: pdb, sent: psent } = pooled();
    await list(db, { status: 'done', limit: 5 }, { workspaceId: 'w9', text: 'x' });
    await list(pdb, { status: 'done', limit: 5 }, { workspaceId: 'w9', text: 'x' });
    expect(sent[0]).toEqual({ sql: psent[0]!.text, params: psent[0]!.values });
  });

  it('refuses a builder that writes a value into the text or sends something made from it', async () => {
    const { db } = pooled();
    const intoText = shapedStatement((_s: 'x', v: { id: string }) => sql.raw(`SELECT '${v.id}'`));
    await expect(intoText(db, 'x', { id: 'a' })).rejects.toThrow(/not one of its parameters/);
    const changed = shapedStatement((_s: 'x', v: { text: string }) => sql`SELECT 1 WHERE name ILIKE ${likePattern(v.text)}`);
    await expect(changed(db, 'x', { text: 'a' })).rejects.toThrow(/not one of its parameters/);
    const numberInText = shapedStatement((_s: 'x', v: { n: number }) => sql`SELECT 1 ${limitSql(v.n)}`);
    await expect(numberInText(db, 'x', { n: 5 })).rejects.toThrow(/not one of its parameters/);
  });
});
