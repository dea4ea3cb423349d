import { QueryClientContext } from '@tanstack/react-query';
import { useCallback, useContext, useState, useSyncExternalStore } from 'react';
import { useAuth } from '../auth-provider';
import { errorReason } from '../error-reason';

/** Spec 001 §4 upload status: pending, uploading (percentage), success, error (retry offered). */
export type UploadState = 'pending' | 'uploading' | 'success' | 'error';
export type UploadEntry = { key: string; name: string; size: number; state: UploadState; percent: number; error?: string | undefined };

/**
 * One file's upload: `key` stays the same across its tries (a recording sends it as its upload_key); `signal` aborts
 * when the queue is dropped (its user signed out), for the upload to stop.
 */
export type RunUpload<T> = (source: T, ctx: { key: string; onProgress: (percent: number) => void; signal: AbortSignal }) => Promise<unknown>;

/** A queue's entries and, for each file not yet uploaded, its source and the upload it was queued with. */
type Queue = {
  entries: UploadEntry[];
  files: Map<string, { source: unknown; run: RunUpload<unknown> }>;
  listeners: Set<() => void>;
  stop: AbortController;
};

/**
 * Named queues live as long as the app (its query client), not the screen: an upload goes on in the background when
 * its screen closes, and the screen shows it — progress, outcome, Retry — when it opens again. They are the signed-in
 * user's (kept under their id) and go when that user signs out or another signs in (dropUploadQueues). Each test
 * render has its own query client, so its own queues.
 */
const appQueues = new WeakMap<object, Map<string, Queue>>();

function queueOf(owner: object, id: string): Queue {
  let byId = appQueues.get(owner);
  if (!byId) appQueues.set(owner, (byId = new Map()));
  let queue = byId.get(id);
  if (!queue) byId.set(id, (queue = { entries: [], files: new Map(), listeners: new Set(), stop: new AbortController() }));
  return queue;
}

/**
 * Drops the app's upload queues (the shell, when their user signs out or another user signs in): the files not sent
 * yet are not sent, the one being sent is aborted, and no screen shows them or offers their Retry any more.
 */
export function dropUploadQueues(owner: object): void {
  const byId = appQueues.get(owner);
  appQueues.delete(owner);
  for (const queue of byId?.values() ?? []) {
    queue.files.clear();
    queue.stop.abort();
    update(queue, []);
  }
}

function update(queue: Queue, entries: UploadEntry[]): void {
  queue.entries = entries;
  for (const listener of queue.listeners) listener();
}

/**
 * The upload queue of a screen (documents, recordings): files go one after another, each with its state and
 * progress; a failure keeps its reason and the file, so Retry sends it again, and the others go on. The transport
 * (uploadFile) already refreshed the session and retried network failures and 5xx — and for big files resumed from
 * the bytes the server has — before a file shows as failed.
 *
 * With an `id` the queue belongs to the app, not to the screen (see appQueues): uploads go on in the background and
 * the screen that opens again shows them. Without one it lives and dies with the component.
 */
export function useUploadQueue<T>(run: RunUpload<T>, opts: { id?: string } = {}) {
  const client = useContext(QueryClientContext);
  const userId = useAuth().user?.id ?? '';
  const [own] = useState(() => ({}));
  const queue = queueOf(opts.id && client ? client : own, opts.id ? `${userId}/${opts.id}` : '');
  const subscribe = useCallback(
    (listener: () => void) => {
      queue.listeners.add(listener);
      return () => queue.listeners.delete(listener);
    },
    [queue],
  );
  const entries = useSyncExternalStore(subscribe, () => queue.entries);
  const patch = useCallback((key: string, p: Partial<UploadEntry>) => update(queue, queue.entries.map((e) => (e.key === key ? { ...e, ...p } : e))), [queue]);

  const retry = useCallback(
    async (key: string): Promise<boolean> => {
      const file = queue.files.get(key);
      if (file === undefined) return false;
      patch(key, { state: 'uploading', percent: 0, error: undefined });
      try {
        // The upload the file was queued with (a screen opened again may be another job's, with another run).
        await file.run(file.source, { key, onProgress: (percent) => patch(key, { percent }), signal: queue.stop.signal });
        patch(key, { state: 'success', percent: 100 });
        queue.files.delete(key);
        return true;
      } catch (err) {
        patch(key, { state: 'error', error: errorReason(err) });
        return false;
      }
    },
    [patch, queue],
  );

  /**
   * Queues the files and uploads them in turn; resolves to whether every one was uploaded. A file may bring its own
   * `key` (one the screen knows it by, e.g. a shared file's); it replaces an entry with that key.
   */
  const add = useCallback(
    async (files: { name: string; size: number; source: T; key?: string | undefined }[]): Promise<boolean> => {
      const added = files.map((f) => {
        const key = f.key ?? crypto.randomUUID();
        queue.files.set(key, { source: f.source, run: run as RunUpload<unknown> });
        return { key, name: f.name, size: f.size, state: 'pending' as const, percent: 0 };
      });
      const keys = new Set(added.map((e) => e.key));
      update(queue, [...added, ...queue.entries.filter((e) => !keys.has(e.key))]);
      let allUploaded = true;
      for (const e of added) allUploaded = (await retry(e.key)) && allUploaded;
      return allUploaded;
    },
    [queue, retry, run],
  );

  const dismiss = useCallback(
    (key: string) => {
      queue.files.delete(key);
      update(
        queue,
        queue.entries.filter((e) => e.key !== key),
      );
    },
    [queue],
  );
  return { entries, add, retry, dismiss };
}

/** What the upload list shows and does (the source type plays no part there). */
export type UploadQueue = { entries: UploadEntry[]; retry: (key: string) => Promise<boolean>; dismiss: (key: string) => void };
