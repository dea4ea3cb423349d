import { buffer } from 'node:stream/consumers';
import { driveClientFolderName } from '@fieldbook/contract';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { BlobStore } from '../../platform/blob-store';
import type { AddedItem } from '../../platform/item-events';
import { defineJob } from '../../platform/jobs';
import { clientFor, findConnection, type DriveDeps } from './connection.service';
import { driveCopies, driveFolders } from './drive.schema';
import { ensureCopyFolder } from './folders';
import { DEFAULT_CHUNK_BYTES, GoogleError, RESUMABLE_OVER_BYTES } from './google-client';

type CopyRow = typeof driveCopies.$inferSelect;

export const copyGivenUp = (attempts: number) => `Copy to Google Drive stopped: ${attempts} attempts ended without a result`;

/** Where an item goes in FIELDBOOK (issue 25): a document with a client under clients/<client>, else by kind. */
export function folderKeyFor(kind: AddedItem['kind'], clientName: string | null): string {
  if (kind === 'document') return clientName ? `clients/${driveClientFolderName(clientName)}` : 'documents';
  return kind === 'recording' ? 'recordings' : kind === 'transcript' ? 'transcripts' : 'tasks';
}

/**
 * Queues the copy of an item (one row per user and item: a second notice of the same item changes nothing). Only for
 * a user with a connection — connected, or waiting for a reconnect (the copy then waits too).
 */
export async function queueCopy(db: Db, item: AddedItem & { folderKey: string; existing?: boolean }): Promise<boolean> {
  const connection = await findConnection(db, item.userId);
  if (!connection) return false;
  const inserted = await db
    .insert(driveCopies)
    .values({
      userId: item.userId,
      itemKind: item.kind,
      itemId: item.id,
      folderKey: item.folderKey,
      name: item.name,
      mimeType: item.mimeType,
      blobKey: item.blobKey,
      textContent: item.blobKey ? null : (item.text ?? ''),
      size: item.size,
      existing: item.existing ?? false,
    })
    .onConflictDoNothing()
    .returning({ id: driveCopies.id });
  // "Copy existing items" counts an item already queued or copied among its own (its progress).
  if (inserted.length === 0 && item.existing) {
    await db.update(driveCopies).set({ existing: true }).where(and(eq(driveCopies.userId, item.userId), eq(driveCopies.itemKind, item.kind), eq(driveCopies.itemId, item.id)));
  }
  return inserted.length > 0;
}

/**
 * Copies queued items to the user's Drive, a job of the runner (platform/jobs.ts; ADR 0008). The row is the job; it
 * is only claimable while its user's connection is connected, so copies wait through a needs-reconnect and resume
 * after the new consent. No duplicates: the Drive id comes from generateIds and is written to the row before the
 * upload, and Drive refuses a second file under one id (the client then answers the existing file) — a retried
 * create, a restart mid-copy or a second process end in one file. Files over 5 MB go up resumably in chunks streamed
 * from the blob store; the session URL is kept on the row, so a restart resumes where Drive is.
 */
export function driveCopyJob(opts: { drive: DriveDeps; blobs: BlobStore; chunkBytes?: number }) {
  const { drive, blobs } = opts;
  const { db } = drive;

  async function work(row: CopyRow): Promise<void> {
    const connection = await findConnection(db, row.userId);
    if (!connection || connection.status !== 'connected') return putBack(row);
    const client = clientFor(drive, connection.id);
    try {
      const fileId = row.driveFileId ?? (await reserveId(row, client));
      const upload = async (sessionUrl: string | null) => {
        const parentId = await ensureCopyFolder({ db, client, connectionId: connection.id, folderKey: row.folderKey });
        const meta = { id: fileId, name: row.name, mimeType: row.mimeType, parents: [parentId] };
        if (!row.blobKey) return client.uploadMultipart(meta, async () => Buffer.from(row.textContent ?? '', 'utf8'));
        const blobKey = row.blobKey;
        const size = await blobs.size(blobKey);
        if (size === null) throw new GoogleError('The file is no longer stored in Fieldbook', 'final');
        if (size <= RESUMABLE_OVER_BYTES) return client.uploadMultipart(meta, async () => buffer((await openBlob(blobKey)).body));
        return client.uploadResumable({
          meta,
          size,
          chunkBytes: opts.chunkBytes ?? DEFAULT_CHUNK_BYTES,
          openRange: async (start, end) => (await openBlob(blobKey, { start, end })).body,
          session: { url: sessionUrl, save: (url) => db.update(driveCopies).set({ uploadUrl: url }).where(eq(driveCopies.id, row.id)).then(() => {}) },
        });
      };
      let file;
      try {
        file = await upload(row.uploadUrl);
      } catch (err) {
        if (!(err instanceof GoogleError && err.status === 404 && err.reason === 'notFound')) throw err;
        // The folder is gone from Drive (the user deleted it): the folders are looked up or made again, once.
        await db.delete(driveFolders).where(eq(driveFolders.connectionId, connection.id));
        await db.update(driveCopies).set({ uploadUrl: null }).where(eq(driveCopies.id, row.id));
        file = await upload(null);
      }
      await db
        .update(driveCopies)
        .set({ status: 'done', driveFileId: file.id, webViewLink: file.webViewLink ?? null, uploadUrl: null, error: null, lockedUntil: null })
        .where(eq(driveCopies.id, row.id));
    } catch (err) {
      // The grant was revoked: the connection now needs reconnecting and the copy waits for it, its try not counted.
      if (err instanceof GoogleError && err.kind === 'invalid_grant') return putBack(row, err.message);
      throw err;
    }
  }

  async function openBlob(key: string, range?: { start: number; end: number }) {
    const blob = await blobs.get(key, range);
    if (!blob) throw new GoogleError('The file is no longer stored in Fieldbook', 'final');
    return blob;
  }

  /** The file's Drive id, reserved once: the first id written wins (a second process reads it back). */
  async function reserveId(row: CopyRow, client: ReturnType<typeof clientFor>): Promise<string> {
    const [id] = await client.generateIds(1);
    await db.update(driveCopies).set({ driveFileId: id }).where(and(eq(driveCopies.id, row.id), isNull(driveCopies.driveFileId)));
    const [latest] = await db.select({ driveFileId: driveCopies.driveFileId }).from(driveCopies).where(eq(driveCopies.id, row.id));
    return latest!.driveFileId!;
  }

  async function putBack(row: CopyRow, message?: string): Promise<void> {
    await db
      .update(driveCopies)
      .set({ attempts: sql`greatest(${driveCopies.attempts} - 1, 0)`, lockedUntil: null, ...(message ? { error: message } : {}) })
      .where(eq(driveCopies.id, row.id));
  }

  return defineJob<CopyRow>({
    name: 'drive copies',
    queue: {
      table: driveCopies,
      key: driveCopies.id,
      pending: and(
        eq(driveCopies.status, 'pending'),
        sql`EXISTS (SELECT 1 FROM drive_connections c WHERE c.user_id = ${driveCopies.userId} AND c.status = 'connected')`,
      )!,
      dueAt: driveCopies.nextAttemptAt,
      lockedUntil: driveCopies.lockedUntil,
      attempts: driveCopies.attempts,
      failed: eq(driveCopies.status, 'failed'),
    },
    // A 200 MB recording at a slow uplink takes minutes; the lease is well above it.
    leaseMs: 30 * 60_000,
    maxAttempts: 8,
    backoffMs: (attempts) => Math.min(60 * 60_000, 30_000 * 2 ** attempts),
    intervalMs: 2000,
    describe: (row) => `copying ${row.itemKind} ${row.itemId} to Google Drive`,
    work,
    isFinal: (err) => err instanceof GoogleError && err.kind === 'final',
    onRetry: (_row, reason) => ({ error: reason }),
    onGiveUp: (_row, reason) => ({ status: 'failed', error: reason }),
    givenUpReason: copyGivenUp,
  });
}
