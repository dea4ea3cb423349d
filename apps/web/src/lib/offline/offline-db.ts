/**
 * The IndexedDB database and object store of the offline queue (idb-storage.ts): one record per queued write, keyed by
 * its id. A file without imports, so the browser tests read the same names (e2e/support/offline.ts).
 */
export const OFFLINE_DB_NAME = 'fieldbook-offline';
export const OFFLINE_STORE_NAME = 'writes';
