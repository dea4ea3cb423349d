import { idbRecordStore } from '../../../lib/offline/idb-record-store';
import type { SyncEntry, SyncStore } from './recording-sync';

export const RECORDING_SYNC_DB_NAME = 'fieldbook-recording-sync';

function isSyncEntry(v: unknown): v is SyncEntry {
  if (!v || typeof v !== 'object') return false;
  const e = v as Partial<SyncEntry>;
  return typeof e.userId === 'string' && typeof e.deviceId === 'string' && typeof e.name === 'string' && typeof e.path === 'string' && typeof e.attempts === 'number' && ['pending', 'uploading', 'failed', 'done'].includes(e.state as string);
}

/** The sync service's state in IndexedDB (lib/offline), one record per user and device recording: it survives restarts. */
export function indexedDbSyncStore(): SyncStore {
  const records = idbRecordStore<unknown>(RECORDING_SYNC_DB_NAME, 'recordings');
  const key = (userId: string, deviceId: string) => `${userId}:${deviceId}`;
  return {
    load: async (userId) => (await records.all()).filter(isSyncEntry).filter((e) => e.userId === userId),
    put: ({ progress: _, ...entry }) => records.put(key(entry.userId, entry.deviceId), { ...entry, progress: 0 }),
    remove: (userId, deviceId) => records.remove(key(userId, deviceId)),
  };
}
