import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres } from '../db/client';
import { createTestApp, type TestContext } from '../test/setup-app';
import { sharedSecret } from './server-secret';

describe('a secret shared by every process on the database', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('is the first candidate stored; later processes get that one, not their own', async () => {
    expect(await sharedSecret(ctx.db, 'jwt-a', 'first-candidate-first-candidate-0001')).toBe('first-candidate-first-candidate-0001');
    expect(await sharedSecret(ctx.db, 'jwt-a', 'second-candidate-second-candidate-02')).toBe('first-candidate-first-candidate-0001');
    expect(await sharedSecret(ctx.db, 'jwt-b', 'another-name-another-name-another-03')).toBe('another-name-another-name-another-03');
  });

  it.runIf(process.env.TEST_DATABASE_URL)('is one value for processes that ask at the same moment (PostgreSQL)', async () => {
    const handles = await Promise.all([1, 2, 3].map(() => openPostgres(ctx.databaseUrl!, { max: 2 })));
    try {
      const got = await Promise.all(handles.map((h, i) => sharedSecret(h.db, 'jwt-race', `candidate-of-process-${i}-padding-padding`)));
      expect(new Set(got).size).toBe(1);
    } finally {
      await Promise.all(handles.map((h) => h.close()));
    }
  });
});
