import type { Db } from '../db/client';
import { contacts, jobs, tasks } from '../db/schema';

/** Test factories with overrides (style.md habit 9): rows written straight to the database. */
export async function insertJob(db: Db, values: Partial<typeof jobs.$inferInsert> & { workspaceId: string }) {
  const [row] = await db
    .insert(jobs)
    .values({ clientName: 'Acme Homes', propertyAddress: '12 Oak Street', title: 'Roof repair', ...values })
    .returning();
  return row!;
}

export async function insertTask(db: Db, values: Partial<typeof tasks.$inferInsert> & { workspaceId: string; jobId: string }) {
  const [row] = await db.insert(tasks).values({ description: 'Inspect the site', ...values }).returning();
  return row!;
}

export async function insertContact(db: Db, values: Partial<typeof contacts.$inferInsert> & { ownerId: string }) {
  const [row] = await db.insert(contacts).values({ name: 'Pat Crew', phoneNumber: '5551234567', ...values }).returning();
  return row!;
}
