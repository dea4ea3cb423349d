import { afterAll, beforeAll } from 'vitest';
import { createTestApp, createTestUser, type TestContext, type TestUser } from './setup-app';

/**
 * The app and one signed-in user for a whole test file: started before the first test, closed after the last. The
 * fields are filled in by beforeAll, so read them inside tests and helpers, not at the file's top level.
 */
export function appWithUser(): { ctx: TestContext; alice: TestUser } {
  const t = {} as { ctx: TestContext; alice: TestUser };
  beforeAll(async () => {
    t.ctx = await createTestApp();
    t.alice = await createTestUser(t.ctx);
  });
  afterAll(() => t.ctx.close());
  return t;
}
