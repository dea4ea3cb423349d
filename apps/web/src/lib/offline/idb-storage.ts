import { createStore, del, set, values, type UseStore } from 'idb-keyval';
import { OFFLINE_DB_NAME, OFFLINE_STORE_NAME } from './offline-db';
import type { QueuedWrite, WriteStorage } from './write-queue';

function isQueuedWrite(v: unknown): v is QueuedWrite {
  if (!v || typeof v !== 'object') return false;
  const w = v as Partial<QueuedWrite>;
  return typeof w.id === 'string' && typeof w.userId === 'string' && typeof w.seq === 'number' && typeof w.label === 'string' && !!w.request && (w.state === 'pending' || w.state === 'failed');
}

/** A queued file as stored: its bytes and type (an ArrayBuffer clones everywhere; some engines refuse a stored Blob). */
type StoredFile = { bytes: ArrayBuffer; type: string };
type StoredWrite = Omit<QueuedWrite, 'request'> & { request: QueuedWrite['request'] | (Omit<Extract<QueuedWrite['request'], { kind: 'upload' }>, 'file'> & { file: StoredFile }) };

async function toStored(write: QueuedWrite): Promise<StoredWrite> {
  if (write.request.kind !== 'upload') return write;
  const { file } = write.request;
  return { ...write, request: { ...write.request, file: { bytes: await file.arrayBuffer(), type: file.type } } };
}

function fromStored(stored: StoredWrite): QueuedWrite {
  const { request } = stored;
  if (request.kind !== 'upload' || request.file instanceof Blob) return stored as QueuedWrite;
  const file = request.file as StoredFile;
  return { ...stored, request: { ...request, file: new Blob([file.bytes], { type: file.type }) } };
}

/**
 * The queue kept in IndexedDB (idb-keyval): it survives closing the app, and holds files (a recording) as their
 * bytes. Records of every user share the store; each user loads their own.
 */
export function indexedDbStorage(): WriteStorage {
  let store: UseStore | null = null;
  const db = () => (store ??= createStore(OFFLINE_DB_NAME, OFFLINE_STORE_NAME));
  // Without IndexedDB (an old engine, some private modes, a test's DOM) the queue still works, in memory only.
  const available = () => typeof indexedDB !== 'undefined';
  return {
    async load(userId) {
      if (!available()) return [];
      const all = await values<unknown>(db());
      return all
        .filter(isQueuedWrite)
        .filter((w) => w.userId === userId)
        .map((w) => fromStored(w as StoredWrite))
        .sort((a, b) => a.seq - b.seq);
    },
    put: async (write) => (available() ? set(write.id, await toStored(write), db()) : undefined),
    remove: async (id) => (available() ? del(id, db()) : undefined),
  };
}
