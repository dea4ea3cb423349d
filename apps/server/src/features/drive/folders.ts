import { DRIVE_ROOT_FOLDER_NAME, DRIVE_SUBFOLDERS, type DriveFolder, type DriveFolderKey } from '@fieldbook/contract';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { driveFolders } from './drive.schema';
import { FOLDER_MIME, type DriveClient } from './google-client';

export const FOLDER_KEYS: DriveFolderKey[] = ['root', ...DRIVE_SUBFOLDERS];
const folderLink = (id: string) => `https://drive.google.com/drive/folders/${id}`;
/** A string in a Drive query: quotes and backslashes escaped. */
export const qString = (value: string) => `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

/**
 * The Drive id of the folder `key` (root, a subfolder, or clients/<name>) named `name` under `parentId`, creating it
 * once. The id is decided once per connection and key: a folder found in Drive (an earlier connection's), else an id
 * from generateIds; it is written with INSERT … ON CONFLICT DO NOTHING on (connection, key), and every caller — two
 * tabs, two processes, a retry — reads back the row that won and creates the folder under that id. Drive refuses a
 * second create of one id (409), which the client answers with the existing folder: one folder, whoever races.
 */
export async function ensureFolder(opts: { db: Db; client: DriveClient; connectionId: string; key: string; name: string; parentId: string }): Promise<string> {
  const { db, client, connectionId, key } = opts;
  const read = async () => (await db.select().from(driveFolders).where(and(eq(driveFolders.connectionId, connectionId), eq(driveFolders.key, key))))[0];
  let row = await read();
  if (row?.created) return row.driveId;
  if (!row) {
    const found = await client.listFiles(`name = ${qString(opts.name)} and mimeType = ${qString(FOLDER_MIME)} and ${qString(opts.parentId)} in parents and trashed = false`, { pageSize: 1 });
    const existing = found.files[0];
    const driveId = existing?.id ?? (await client.generateIds(1))[0]!;
    await db.insert(driveFolders).values({ connectionId, key, driveId, created: Boolean(existing) }).onConflictDoNothing();
    row = (await read())!;
    if (row.created) return row.driveId;
  }
  await client.createWithId({ id: row.driveId, name: opts.name, mimeType: FOLDER_MIME, parents: [opts.parentId] });
  await db.update(driveFolders).set({ created: true }).where(eq(driveFolders.id, row.id));
  return row.driveId;
}

/** The FIELDBOOK root and its five subfolders, each created once; answers their ids by key. */
export async function ensureFolders(opts: { db: Db; client: DriveClient; connectionId: string }): Promise<Record<DriveFolderKey, string>> {
  const root = await ensureFolder({ ...opts, key: 'root', name: DRIVE_ROOT_FOLDER_NAME, parentId: 'root' });
  const ids = { root } as Record<DriveFolderKey, string>;
  for (const sub of DRIVE_SUBFOLDERS) ids[sub] = await ensureFolder({ ...opts, key: sub, name: sub, parentId: root });
  return ids;
}

/** The folder a copy goes to: a top folder by key, or clients/<name> under clients. */
export async function ensureCopyFolder(opts: { db: Db; client: DriveClient; connectionId: string; folderKey: string }): Promise<string> {
  const ids = await ensureFolders(opts);
  if (!opts.folderKey.startsWith('clients/')) return ids[opts.folderKey as DriveFolderKey] ?? ids.documents;
  const name = opts.folderKey.slice('clients/'.length);
  return ensureFolder({ ...opts, key: opts.folderKey, name, parentId: ids.clients });
}

/** The panel's folder list: root first, with Created markers. */
export async function listFolders(db: Db, connectionId: string | null): Promise<DriveFolder[]> {
  const rows = connectionId ? await db.select().from(driveFolders).where(eq(driveFolders.connectionId, connectionId)) : [];
  return FOLDER_KEYS.map((key) => {
    const row = rows.find((r) => r.key === key);
    const created = row?.created ?? false;
    return { key, name: key === 'root' ? DRIVE_ROOT_FOLDER_NAME : key, id: created ? row!.driveId : null, created, web_view_link: created ? folderLink(row!.driveId) : null };
  });
}
