import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { limitSql, pageSql, planFreeId } from './sql';

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
