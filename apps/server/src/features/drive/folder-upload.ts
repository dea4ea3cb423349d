import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { DriveFile, DriveFolderKey } from '@fieldbook/contract';
import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { AppError } from '../../platform/errors';
import { clientFor, requireConnection, type DriveDeps } from './connection.service';
import { and, eq, lte, sql } from 'drizzle-orm';
import { driveFolderUploads, driveFolders } from './drive.schema';
import { ensureFolders } from './folders';
import { GoogleError, RESUMABLE_OVER_BYTES, type DriveClient } from './google-client';

const NO_VALID_FOLDER = 'No valid folder found for uploads';

/**
 * The folder manager's Upload (spec 001): one file into a FIELDBOOK folder of the caller's Drive. The file is spooled
 * to a temporary file as it arrives (bounded by the size limit), then sent to Drive — multipart up to 5 MB, else
 * resumably in chunks read back from the spool — under a generated id. With an upload key (the web sends one per
 * file, the same on every try) the id is the key's, reserved once: a request sent again after a lost answer lands on
 * the same Drive file (Drive refuses a second create of one id and the client answers the file) — one file.
 * A FIELDBOOK folder the user deleted in Drive is looked up or made again, once, as the copy job does.
 */
export async function uploadToFolder(
  deps: DriveDeps,
  opts: { userId: string; folder: DriveFolderKey; fileName: string; mimeType: string; body: Readable; uploadKey?: string | undefined },
): Promise<{ file: DriveFile }> {
  const connection = await requireConnection(deps, opts.userId);
  const client = clientFor(deps, connection.id);
  const dir = await mkdtemp(path.join(os.tmpdir(), 'fieldbook-drive-upload-'));
  try {
    const spool = path.join(dir, 'file');
    await pipeline(opts.body, createWriteStream(spool));
    const { size } = await stat(spool);
    const folderId = async () => {
      const folders = await ensureFolders({ db: deps.db, client, connectionId: connection.id }).catch((err: unknown) => {
        // The reason in brackets, once: the spec's message is the prefix (issue 32 item 11, no doubled prefixes).
        throw new AppError('CONFLICT', `${NO_VALID_FOLDER}${err instanceof Error ? ` (${err.message})` : ''}`);
      });
      return folders[opts.folder];
    };
    const id = await reserveUploadId(deps, client, opts.userId, opts.uploadKey);
    const upload = async () => {
      const meta = { id, name: opts.fileName, mimeType: opts.mimeType, parents: [await folderId()] };
      return size <= RESUMABLE_OVER_BYTES
        ? client.uploadMultipart(meta, () => readFile(spool))
        : client.uploadResumable({ meta, size, openRange: async (start, end) => createReadStream(spool, { start, end }), session: { url: null, save: async () => {} } });
    };
    let file;
    try {
      file = await upload();
    } catch (err) {
      if (!(err instanceof GoogleError && err.status === 404 && err.reason === 'notFound')) throw err;
      // The folder is gone from Drive (the user deleted it): the folders are looked up or made again, once.
      await deps.db.delete(driveFolders).where(eq(driveFolders.connectionId, connection.id));
      file = await upload();
    }
    return { file: { id: file.id, name: file.name, mimeType: file.mimeType, folder: opts.folder, web_view_link: file.webViewLink ?? null } };
  } catch (err) {
    if (err instanceof GoogleError) throw new AppError(err.kind === 'final' ? 'CONFLICT' : 'UNAVAILABLE', err.message.startsWith('Upload failed') ? err.message : `Upload failed: ${err.message}`);
    throw err;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The Drive id for an upload: the key's (reserved once per user and key; the first written wins), else a fresh one. */
async function reserveUploadId(deps: DriveDeps, client: DriveClient, userId: string, uploadKey: string | undefined): Promise<string> {
  const read = async () => (await deps.db.select().from(driveFolderUploads).where(and(eq(driveFolderUploads.userId, userId), eq(driveFolderUploads.uploadKey, uploadKey!))))[0];
  if (uploadKey) {
    const kept = await read();
    if (kept) return kept.driveFileId;
  }
  const [id] = await client.generateIds(1);
  if (!uploadKey) return id!;
  // Kept a day; a key older than that is a new upload.
  await deps.db.delete(driveFolderUploads).where(lte(driveFolderUploads.createdAt, sql`now() - interval '1 day'`));
  await deps.db.insert(driveFolderUploads).values({ userId, uploadKey, driveFileId: id! }).onConflictDoNothing();
  return (await read())!.driveFileId;
}

export const uploadFileName = (name: string | undefined) => (name?.split(/[\\/]/).pop() || `upload-${randomUUID().slice(0, 8)}`).slice(0, 255);
