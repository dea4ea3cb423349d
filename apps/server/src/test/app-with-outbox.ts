import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { outboxMessages } from '../db/schema';
import { createTestApp, type TestContext } from './setup-app';

/**
 * The app for a test file of the outbox's senders: started before the first test, closed after the last, the outbox
 * emptied after each test; `rowsFor(to)` reads a recipient's messages. Read `ctx` inside tests, not at the top level.
 */
export function appWithOutbox() {
  const t = {
    ctx: undefined as unknown as TestContext,
    rowsFor: (to: string) => t.ctx.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, to)),
  };
  beforeAll(async () => {
    t.ctx = await createTestApp();
  });
  afterAll(() => t.ctx?.close());
  afterEach(async () => {
    await t.ctx.db.delete(outboxMessages);
  });
  return t;
}
