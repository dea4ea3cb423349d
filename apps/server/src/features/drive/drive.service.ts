import { DRIVE_LIST_PAGE_SIZE, DRIVE_SUBFOLDERS, type DriveCopy, type DriveFile, type DriveFolderKey, type DriveItemKind, type DriveStatus } from '@fieldbook/contract';
import type { Readable } from 'node:stream';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { AppError } from '../../platform/errors';
import type { AddedItem } from '../../platform/item-events';
import { documentItemsOf } from '../documents';
import { findJobJson } from '../jobs';
import { getUserSettings } from '../settings';
import { getRecordingRow, recordingItemsOf } from '../recordings';
import { isWorkspaceDriveEnabled } from '../workspaces';
import type { Actor } from '../../platform/auth-guard';
import { clientFor, findConnection, requireConnection, type DriveDeps } from './connection.service';
import { folderKeyFor, queueCopy } from './copy.job';
import { driveCopies, driveFolders } from './drive.schema';
import { ensureFolders, listFolders, qString } from './folders';
import { GoogleError } from './google-client';

/** Spec 000 §8 / 001 §8. */
export const FOLDER_INIT_FAILED = 'Failed to initialize folder structure. This will not affect basic functionality.';
export const NO_VALID_FOLDER = 'No valid folder found for uploads';

/** GET /api/drive: the caller's connection as the panel shows it (never a token). */
export async function getDriveStatus(opts: { db: Db; configured: boolean; userId: string }): Promise<DriveStatus> {
  const connection = await findConnection(opts.db, opts.userId);
  const [counts] = await opts.db
    .select({
      pending: sql<number>`count(*) filter (where ${driveCopies.status} = 'pending')::int`,
      failed: sql<number>`count(*) filter (where ${driveCopies.status} = 'failed')::int`,
      existingTotal: sql<number>`count(*) filter (where ${driveCopies.existing})::int`,
      existingDone: sql<number>`count(*) filter (where ${driveCopies.existing} and ${driveCopies.status} = 'done')::int`,
      existingFailed: sql<number>`count(*) filter (where ${driveCopies.existing} and ${driveCopies.status} = 'failed')::int`,
    })
    .from(driveCopies)
    .where(eq(driveCopies.userId, opts.userId));
  return {
    configured: opts.configured,
    status: connection ? connection.status : 'disconnected',
    user: connection ? { displayName: connection.googleName, emailAddress: connection.googleEmail } : null,
    folders: await listFolders(opts.db, connection?.id ?? null),
    copies: { pending: counts?.pending ?? 0, failed: counts?.failed ?? 0 },
    existing: { total: counts?.existingTotal ?? 0, done: counts?.existingDone ?? 0, failed: counts?.existingFailed ?? 0 },
    message: connection?.message ?? null,
  };
}

/** POST /api/drive/folders: the FIELDBOOK folders, created once (initialising again finds them). */
export async function initializeFolders(deps: DriveDeps, userId: string): Promise<DriveStatus> {
  const connection = await requireConnection(deps, userId);
  try {
    await ensureFolders({ db: deps.db, client: clientFor(deps, connection.id), connectionId: connection.id });
  } catch (err) {
    throw driveFailure(err, FOLDER_INIT_FAILED);
  }
  return getDriveStatus({ db: deps.db, configured: true, userId });
}

/** GET /api/drive/files: the files in the caller's FIELDBOOK folders (one folder, or all five), 50 a page. */
export async function listDriveFiles(deps: DriveDeps, opts: { userId: string; folder: DriveFolderKey | undefined; pageToken: string | undefined }): Promise<{ files: DriveFile[]; next_page_token: string | null }> {
  const connection = await requireConnection(deps, opts.userId);
  const folders = await deps.db.select().from(driveFolders).where(and(eq(driveFolders.connectionId, connection.id), eq(driveFolders.created, true)));
  const byId = new Map(folders.map((f) => [f.driveId, f.key]));
  // The Clients card lists what is in the clients' own folders (clients/<client>): that is where documents go.
  const isWanted = (key: string) =>
    opts.folder === 'clients' ? key === 'clients' || key.startsWith('clients/') : opts.folder ? key === opts.folder : (DRIVE_SUBFOLDERS as readonly string[]).includes(key) || key.startsWith('clients/');
  const wanted = folders.filter((f) => isWanted(f.key));
  if (wanted.length === 0) throw new AppError('CONFLICT', NO_VALID_FOLDER);
  const parents = wanted.map((f) => `${qString(f.driveId)} in parents`).join(' or ');
  try {
    const page = await clientFor(deps, connection.id).listFiles(`(${parents}) and trashed = false and mimeType != 'application/vnd.google-apps.folder'`, { pageSize: DRIVE_LIST_PAGE_SIZE, pageToken: opts.pageToken });
    return {
      files: page.files.map((f) => {
        const key = f.parents?.map((p) => byId.get(p)).find(Boolean) ?? null;
        return { id: f.id, name: f.name, mimeType: f.mimeType, folder: key ? ((key.startsWith('clients/') ? 'clients' : key) as DriveFolderKey) : null, web_view_link: f.webViewLink ?? null };
      }),
      next_page_token: page.nextPageToken,
    };
  } catch (err) {
    throw driveFailure(err, 'Failed to load folder structure');
  }
}

/** GET /api/drive/files/:id/content: a file of the caller's Drive (this app's scope: files it made or opened), streamed. */
export async function openDriveFile(deps: DriveDeps, opts: { userId: string; id: string }): Promise<{ name: string; mimeType: string; body: Readable }> {
  const connection = await requireConnection(deps, opts.userId);
  const client = clientFor(deps, connection.id);
  try {
    const meta = await client.getFile(opts.id);
    if (!meta || meta.mimeType === 'application/vnd.google-apps.folder') throw new AppError('NOT_FOUND', 'No such file in your Google Drive');
    return { name: meta.name, mimeType: meta.mimeType, body: await client.download(opts.id) };
  } catch (err) {
    if (err instanceof GoogleError && err.status === 404) throw new AppError('NOT_FOUND', 'No such file in your Google Drive');
    throw driveFailure(err, 'Download failed');
  }
}

/** Spec 001 §8: Upload to Drive without a connection. */
export const DRIVE_NOT_ENABLED = 'Google Drive is not enabled. Please enable it in settings.';

/**
 * POST /api/drive/recordings/:id/copy (Recordings' Upload to Drive): the caller's own recording queued for its copy
 * now — again after a failure, with its tries counted afresh; one already copied or on its way is left as it is.
 */
export async function copyRecordingNow(opts: { db: Db; actor: Actor; id: string }): Promise<DriveCopy> {
  // Any recording the caller may open (the admin: everyone's calls) goes to the caller's own Drive (issue 32 item 11).
  const row = await getRecordingRow(opts);
  const userId = opts.actor.userId;
  const connection = await findConnection(opts.db, userId);
  if (!connection) throw new AppError('CONFLICT', DRIVE_NOT_ENABLED);
  if (!(await isWorkspaceDriveEnabled(opts.db, row.workspaceId))) throw new AppError('CONFLICT', WORKSPACE_DRIVE_OFF);
  await queueCopy(opts.db, { kind: 'recording', id: row.id, userId, workspaceId: row.workspaceId, name: row.fileName, mimeType: row.mimeType, blobKey: row.storageKey, size: row.fileSize, folderKey: 'recordings' });
  await opts.db
    .update(driveCopies)
    .set({ status: 'pending', attempts: 0, error: null, nextAttemptAt: new Date() })
    .where(and(eq(driveCopies.userId, userId), eq(driveCopies.itemKind, 'recording'), eq(driveCopies.itemId, row.id), eq(driveCopies.status, 'failed')));
  return getDriveCopy({ db: opts.db, userId, kind: 'recording', id: row.id });
}

/** My Workspace's Google Drive Integration toggle is off (issue 32 item 11). */
export const WORKSPACE_DRIVE_OFF = 'Google Drive integration is turned off for this workspace.';

/**
 * POST /api/drive/copy-existing ("Copy existing items", issue 32 item 11): what the caller added before connecting —
 * their documents in their workspace, their recordings and finished transcripts — queued for the copy job (the one job
 * runner), by the same rules as a new item. Asking again queues only what is not queued yet; the status counts its
 * progress (`existing`).
 */
export async function copyExistingItems(deps: DriveDeps, actor: Actor): Promise<DriveStatus> {
  await requireConnection(deps, actor.userId);
  const items = [...(actor.workspaceId ? await documentItemsOf(deps.db, { userId: actor.userId, workspaceId: actor.workspaceId }) : []), ...(await recordingItemsOf(deps.db, actor.userId))];
  for (const item of items) await copyAddedItem(deps.db, item, deps, { existing: true });
  return getDriveStatus({ db: deps.db, configured: true, userId: actor.userId });
}

/** GET /api/drive/items/:kind/:id: the caller's copy of one item (another user's copies are never found). */
export async function getDriveCopy(opts: { db: Db; userId: string; kind: DriveItemKind; id: string }): Promise<DriveCopy> {
  const [row] = await opts.db
    .select()
    .from(driveCopies)
    .where(and(eq(driveCopies.userId, opts.userId), eq(driveCopies.itemKind, opts.kind), eq(driveCopies.itemId, opts.id)));
  if (!row) throw new AppError('NOT_FOUND', 'This item has no copy in Google Drive');
  return { item_kind: row.itemKind, item_id: row.itemId, status: row.status, drive_file_id: row.status === 'done' ? row.driveFileId : null, web_view_link: row.webViewLink, error: row.error };
}

/** The items the call recorder's "Upload to Google Drive" switch decides about: its calls and their transcripts. */
const RECORDER_KINDS: readonly AddedItem['kind'][] = ['recording', 'transcript'];

/**
 * An item was added (platform/item-events.ts): queue its copy when the user is connected, the workspace's Google Drive
 * Integration is on (My Workspace), and — for a call or its transcript — the recorder's "Upload to Google Drive"
 * setting is on (its default); documents and task lists do not depend on the recorder's switch (issue 32 item 11). A
 * document of a job with a client goes under its client. `existing`: queued by "Copy existing items".
 */
export async function copyAddedItem(db: Db, item: AddedItem, drive?: DriveDeps, opts: { existing?: boolean } = {}): Promise<void> {
  if (!(await findConnection(db, item.userId))) return;
  if (item.workspaceId && !(await isWorkspaceDriveEnabled(db, item.workspaceId))) return;
  if (RECORDER_KINDS.includes(item.kind)) {
    const settings = await getUserSettings({ db, userId: item.userId });
    if (!settings.recorder_settings.useGoogleDrive) return;
  }
  let clientName: string | null = null;
  if (item.kind === 'document' && item.jobId && item.workspaceId) {
    const job = await findJobJson({ db, workspaceId: item.workspaceId, jobId: item.jobId });
    clientName = job ? ((JSON.parse(job) as { client_name: string | null }).client_name ?? null) : null;
  }
  const folderKey = folderKeyFor(item.kind, clientName);
  if (item.importedFrom) {
    // Imported from the user's Drive: the item already has its file there (when it is really theirs).
    const connection = await findConnection(db, item.userId);
    const file = connection?.status === 'connected' && drive ? await clientFor(drive, connection.id).getFile(item.importedFrom).catch(() => null) : null;
    if (file) {
      await db
        .insert(driveCopies)
        .values({ userId: item.userId, itemKind: item.kind, itemId: item.id, folderKey, name: item.name, mimeType: item.mimeType, blobKey: item.blobKey, size: item.size, status: 'done', driveFileId: file.id, webViewLink: file.webViewLink ?? null })
        .onConflictDoNothing();
      return;
    }
  }
  await queueCopy(db, { ...item, folderKey, existing: opts.existing ?? false });
}

/** A Google failure as the user sees it: quota and permission errors with Google's words, the rest with `message`. */
function driveFailure(err: unknown, message: string): unknown {
  if (err instanceof AppError) return err;
  if (err instanceof GoogleError) return new AppError(err.kind === 'invalid_grant' ? 'CONFLICT' : 'UNAVAILABLE', err.kind === 'invalid_grant' ? err.message : `${message} (${err.message})`);
  return err;
}
