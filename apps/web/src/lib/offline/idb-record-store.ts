import { createStore, del, set, values, type UseStore } from 'idb-keyval';

/**
 * A keyed store of plain records in an IndexedDB database of its own (idb-keyval, as the offline queue's
 * idb-storage.ts), for state a feature keeps across restarts beside the queue (the recordings' sync service); in
 * memory where there is no IndexedDB. A file of its own so the entry chunk, which holds the queue's storage, does not
 * carry it (design.md §11: the login route's budget).
 */
export function idbRecordStore<T>(dbName: string, storeName: string) {
  let store: UseStore | null = null;
  const memory = new Map<string, T>();
  const db = () => (store ??= createStore(dbName, storeName));
  const available = () => typeof indexedDB !== 'undefined';
  return {
    all: async (): Promise<T[]> => (available() ? values<T>(db()) : [...memory.values()]),
    put: async (key: string, value: T): Promise<void> => (available() ? set(key, value, db()) : void memory.set(key, value)),
    remove: async (key: string): Promise<void> => (available() ? del(key, db()) : void memory.delete(key)),
  };
}
