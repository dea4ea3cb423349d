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
import { ensureFolders } from './folders';
import { GoogleError, RESUMABLE_OVER_BYTES } from './google-client';

/**
 * The folder manager's Upload (spec 001): one file into a FIELDBOOK folder of the caller's Drive. The file is spooled
 * to a temporary file as it arrives (bounded by the size limit), then sent to Drive — multipart up to 5 MB, else
 * resumably in chunks read back from the spool — under a generated id, so a retried request never makes a second file.
 */
export async function uploadToFolder(deps: DriveDeps, opts: { userId: string; folder: DriveFolderKey; fileName: string; mimeType: string; body: Readable }): Promise<{ file: DriveFile }> {
  const connection = await requireConnection(deps, opts.userId);
  const client = clientFor(deps, connection.id);
  const dir = await mkdtemp(path.join(os.tmpdir(), 'fieldbook-drive-upload-'));
  try {
    const spool = path.join(dir, 'file');
    await pipeline(opts.body, createWriteStream(spool));
    const { size } = await stat(spool);
    const folders = await ensureFolders({ db: deps.db, client, connectionId: connection.id }).catch((err: unknown) => {
      throw new AppError('CONFLICT', `No valid folder found for uploads${err instanceof Error ? ` (${err.message})` : ''}`);
    });
    const [id] = await client.generateIds(1);
    const meta = { id: id!, name: opts.fileName, mimeType: opts.mimeType, parents: [folders[opts.folder]] };
    const file =
      size <= RESUMABLE_OVER_BYTES
        ? await client.uploadMultipart(meta, () => readFile(spool))
        : await client.uploadResumable({ meta, size, openRange: async (start, end) => createReadStream(spool, { start, end }), session: { url: null, save: async () => {} } });
    return { file: { id: file.id, name: file.name, mimeType: file.mimeType, folder: opts.folder, web_view_link: file.webViewLink ?? null } };
  } catch (err) {
    if (err instanceof GoogleError) throw new AppError(err.kind === 'final' ? 'CONFLICT' : 'UNAVAILABLE', err.message.startsWith('Upload failed') ? err.message : `Upload failed: ${err.message}`);
    throw err;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export const uploadFileName = (name: string | undefined) => (name?.split(/[\\/]/).pop() || `upload-${randomUUID().slice(0, 8)}`).slice(0, 255);
