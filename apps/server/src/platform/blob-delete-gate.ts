import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import type { BlobStore } from './blob-store';

/**
 * Blob deletions wait while a backup runs (docs/operations.md, Backups). A backup takes the database's snapshot, then
 * copies the blobs its rows name; a row deleted after the snapshot must not lose its blob before the copy. Rows are
 * always deleted before their blob (documents, recordings, discarded uploads), so a deletion that started before the
 * backup belongs to a row the snapshot no longer has: only deletions asked for during the backup must wait. They
 * are kept and done when it is over (a process that stops meanwhile leaves the blob behind: unreferenced, harmless).
 */
export type DeleteGate = {
  /** Runs `remove` now unless a backup is running; answers whether it ran. */
  tryDelete: (remove: () => Promise<void>) => Promise<boolean>;
  /** Called when a backup ends, if the gate knows (in one process); otherwise waiting deletions are retried on a timer. */
  onRelease?: (listener: () => void) => void;
};

/** The PostgreSQL advisory lock a backup holds (exclusively) from its snapshot until its blobs are copied: "FBBKP". */
export const BACKUP_LOCK = 0x46_42_42_4b_50n;

/** On PostgreSQL: every process asks the backup lock, shared, around each deletion (a backup may run anywhere). */
export function advisoryDeleteGate(db: Db): DeleteGate {
  return {
    tryDelete: (remove) =>
      db.transaction(async (tx) => {
        const result = await tx.execute<{ free: boolean }>(sql`SELECT pg_try_advisory_xact_lock_shared(${BACKUP_LOCK.toString()}::bigint) AS free`);
        const free = (result as unknown as { rows: { free: boolean }[] }).rows[0]?.free === true;
        if (free) await remove();
        return free;
      }),
  };
}

/** In one process (the embedded database: the backup runs in the server itself): `hold()` until its release. */
export function memoryDeleteGate(): DeleteGate & { hold: () => () => void } {
  let holds = 0;
  const released = new Set<() => void>();
  return {
    tryDelete: async (remove) => {
      if (holds > 0) return false;
      await remove();
      return true;
    },
    hold: () => {
      holds++;
      let isReleased = false;
      return () => {
        if (isReleased) return;
        isReleased = true;
        holds--;
        if (holds === 0) for (const onRelease of released) onRelease();
      };
    },
    onRelease: (listener) => released.add(listener),
  };
}

export type GatedBlobStore = BlobStore & {
  /** Deletions waiting for a backup to end. */
  waiting: () => number;
  /** Tries the waiting deletions again now. */
  flush: () => Promise<void>;
  close: () => void;
};

/** `store` whose deletions pass `gate`: a deletion refused by it waits and is tried again every `retryMs`. */
export function gateBlobDeletes(store: BlobStore, gate: DeleteGate, opts: { retryMs?: number; log?: (msg: string, err?: unknown) => void } = {}): GatedBlobStore {
  const waiting = new Set<string>();
  let flushing: Promise<void> | null = null;
  const flush = () =>
    (flushing ??= (async () => {
      for (const key of [...waiting]) {
        try {
          if (await gate.tryDelete(() => store.delete(key))) waiting.delete(key);
          else break;
        } catch (err) {
          opts.log?.(`deleting blob ${key} failed; tried again later`, err);
        }
      }
    })().finally(() => (flushing = null)));
  const timer = setInterval(() => {
    if (waiting.size > 0) void flush();
  }, opts.retryMs ?? 30_000);
  timer.unref();
  gate.onRelease?.(() => void flush());
  return {
    kind: store.kind,
    put: (key, body, putOpts) => {
      // A new blob under a key whose deletion waits is not to be deleted.
      waiting.delete(key);
      return store.put(key, body, putOpts);
    },
    get: (key, range) => store.get(key, range),
    size: (key) => store.size(key),
    delete: async (key) => {
      if (!(await gate.tryDelete(() => store.delete(key)))) waiting.add(key);
    },
    waiting: () => waiting.size,
    flush,
    close: () => clearInterval(timer),
  };
}
