import { useCallback, useState } from 'react';
import { errorReason } from '../error-reason';

/** Spec 001 §4 upload status: pending, uploading (percentage), success, error (retry offered). */
export type UploadState = 'pending' | 'uploading' | 'success' | 'error';
export type UploadEntry = { key: string; name: string; size: number; state: UploadState; percent: number; error?: string | undefined };

/** One file's upload: `key` stays the same across its tries (a recording sends it as its upload_key). */
export type RunUpload<T> = (source: T, ctx: { key: string; onProgress: (percent: number) => void }) => Promise<unknown>;

/**
 * The upload queue of a screen (documents, recordings): files go one after another, each with its state and
 * progress; a failure keeps its reason and the file, so Retry sends it again, and the others go on. The transport
 * (uploadFile) already refreshed the session and retried network failures and 5xx before a file shows as failed.
 */
export function useUploadQueue<T>(run: RunUpload<T>) {
  const [entries, setEntries] = useState<UploadEntry[]>([]);
  const [sources] = useState(() => new Map<string, T>());
  const patch = useCallback((key: string, p: Partial<UploadEntry>) => setEntries((all) => all.map((e) => (e.key === key ? { ...e, ...p } : e))), []);

  const retry = useCallback(
    async (key: string): Promise<boolean> => {
      const source = sources.get(key);
      if (source === undefined) return false;
      patch(key, { state: 'uploading', percent: 0, error: undefined });
      try {
        await run(source, { key, onProgress: (percent) => patch(key, { percent }) });
        patch(key, { state: 'success', percent: 100 });
        sources.delete(key);
        return true;
      } catch (err) {
        patch(key, { state: 'error', error: errorReason(err) });
        return false;
      }
    },
    [patch, run, sources],
  );

  /** Queues the files and uploads them in turn; resolves to whether every one was uploaded. */
  const add = useCallback(
    async (files: { name: string; size: number; source: T }[]): Promise<boolean> => {
      const added = files.map((f) => {
        const key = crypto.randomUUID();
        sources.set(key, f.source);
        return { key, name: f.name, size: f.size, state: 'pending' as const, percent: 0 };
      });
      setEntries((all) => [...added, ...all]);
      let allUploaded = true;
      for (const e of added) allUploaded = (await retry(e.key)) && allUploaded;
      return allUploaded;
    },
    [retry, sources],
  );

  const dismiss = useCallback(
    (key: string) => {
      sources.delete(key);
      setEntries((all) => all.filter((e) => e.key !== key));
    },
    [sources],
  );
  return { entries, add, retry, dismiss };
}

/** What the upload list shows and does (the source type plays no part there). */
export type UploadQueue = { entries: UploadEntry[]; retry: (key: string) => Promise<boolean>; dismiss: (key: string) => void };
