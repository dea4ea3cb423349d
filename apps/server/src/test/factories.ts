import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { contacts, documents, groupMembers, groups, jobs, recordings, tasks } from '../db/schema';

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

/** A group in `workspaceId` created by `createdBy`, who is its admin member (as the groups service makes it). */
export async function insertGroup(db: Db, values: Partial<typeof groups.$inferInsert> & { workspaceId: string; createdBy: string }) {
  const [row] = await db
    .insert(groups)
    .values({ name: 'North Crew', ...values })
    .returning();
  await db.insert(groupMembers).values({ groupId: row!.id, userId: values.createdBy, role: 'admin', addedBy: values.createdBy });
  return row!;
}

/** A document row (no blob: for list and column tests; upload tests go through the endpoint). */
export async function insertDocument(db: Db, values: Partial<typeof documents.$inferInsert> & { workspaceId: string }) {
  const [row] = await db
    .insert(documents)
    .values({ name: 'Document.pdf', status: 'processed', fileType: 'pdf', mimeType: 'application/pdf', fileSize: 1024, ...values })
    .returning();
  return row!;
}

/** A stored call whose transcription is done (as the transcription worker leaves it), one segment per line. */
export async function insertTranscribedCall(db: Db, values: { workspaceId: string; userId: string; lines: string[]; fileName?: string; phoneNumber?: string }) {
  const segments = values.lines.map((text, i) => ({ start: i * 5, end: i * 5 + 4.5, text }));
  const [row] = await db
    .insert(recordings)
    .values({
      workspaceId: values.workspaceId,
      userId: values.userId,
      fileName: values.fileName ?? 'incoming_20261124_153012_5125550100_a.m4a',
      fileType: 'm4a',
      mimeType: 'audio/mp4',
      phoneNumber: values.phoneNumber ?? null,
      status: 'stored',
      storageKey: `recordings/${values.workspaceId}/${randomUUID()}`,
      transcriptionStatus: 'done',
      transcriptSegments: segments,
      transcriptText: values.lines.join('\n'),
      transcriptEngine: 'test',
    })
    .returning();
  return row!;
}

/**
 * Many rows in one INSERT … SELECT generate_series (paging tests need hundreds; one insert each is slow).
 * Created times repeat every `distinctTimes` rows, so pages also cross ties (the id breaks them).
 */
const bulkTimes = (distinctTimes: number) => sql`now() - ((g % ${distinctTimes}) * interval '1 minute')`;

/** `count` processed documents named doc-0001.pdf… in a workspace. */
export async function insertDocumentsBulk(db: Db, values: { workspaceId: string; count: number; distinctTimes?: number }) {
  await db.execute(sql`INSERT INTO documents (workspace_id, name, status, file_type, mime_type, file_size, created_at)
    SELECT ${values.workspaceId}, 'doc-' || lpad(g::text, 4, '0') || '.pdf', 'processed', 'pdf', 'application/pdf', 1024, ${bulkTimes(values.distinctTimes ?? 7)}
    FROM generate_series(1, ${values.count}) g`);
}

/** `count` stored, transcribed calls of one user named call-0001.m4a… (no blobs: for list tests). */
export async function insertRecordingsBulk(db: Db, values: { workspaceId: string; userId: string; count: number; distinctTimes?: number }) {
  await db.execute(sql`INSERT INTO recordings (workspace_id, user_id, file_name, file_type, mime_type, status, storage_key, transcription_status, created_at)
    SELECT ${values.workspaceId}, ${values.userId}, 'call-' || lpad(g::text, 4, '0') || '.m4a', 'm4a', 'audio/mp4', 'stored',
           'recordings/bulk/' || gen_random_uuid(), 'done', ${bulkTimes(values.distinctTimes ?? 7)}
    FROM generate_series(1, ${values.count}) g`);
}

/** `count` workspaces named `${prefix}0001`… */
export async function insertWorkspacesBulk(db: Db, values: { prefix: string; count: number }) {
  await db.execute(sql`INSERT INTO workspaces (name) SELECT ${values.prefix} || lpad(g::text, 4, '0') FROM generate_series(1, ${values.count}) g`);
}
