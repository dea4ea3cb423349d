import { RECORDING_UPLOAD_EXTENSIONS } from '@fieldbook/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { errorReason } from '../../../lib/error-reason';
import { recordingKeys } from '../api/keys';
import { uploadRecording } from '../api/upload-recording';

/** The picker's accept list; the server decides by the bytes. */
export const RECORDING_ACCEPT = ['audio/*', ...RECORDING_UPLOAD_EXTENSIONS.map((e) => `.${e}`)].join(',');

/** Spec 001 §4 upload status: pending, uploading (percentage), success, error (retry offered). */
export type UploadState = 'pending' | 'uploading' | 'success' | 'error';
export type UploadEntry = { key: string; name: string; size: number; state: UploadState; percent: number; error?: string };

type Source = { blob: Blob; name: string; groupId: string | undefined };

/**
 * The upload status area's queue: files go one after another; each keeps one upload key for all its tries, so a
 * retry after a lost answer never stores a second recording.
 */
export function useUploads() {
  const queryClient = useQueryClient();
  const [entries, setEntries] = useState<UploadEntry[]>([]);
  const [sources] = useState(() => new Map<string, Source>());
  const patch = useCallback((key: string, p: Partial<UploadEntry>) => setEntries((all) => all.map((e) => (e.key === key ? { ...e, ...p } : e))), []);

  const run = useCallback(
    async (key: string): Promise<boolean> => {
      const source = sources.get(key);
      if (!source) return false;
      patch(key, { state: 'uploading', percent: 0, error: undefined });
      try {
        await uploadRecording(source.blob, { fileName: source.name, uploadKey: key, groupId: source.groupId, onProgress: (percent) => patch(key, { percent }) });
        patch(key, { state: 'success', percent: 100 });
        sources.delete(key);
        void queryClient.invalidateQueries({ queryKey: recordingKeys.all });
        return true;
      } catch (err) {
        patch(key, { state: 'error', error: errorReason(err) });
        return false;
      }
    },
    [patch, queryClient, sources],
  );

  /** Resolves to whether every file was uploaded (a page that is gone can still say how it went). */
  const add = useCallback(
    async (files: { blob: Blob; name: string }[], groupId: string | undefined): Promise<boolean> => {
      const added = files.map((f) => {
        const key = crypto.randomUUID();
        sources.set(key, { ...f, groupId });
        return { key, name: f.name, size: f.blob.size, state: 'pending' as const, percent: 0 };
      });
      setEntries((all) => [...added, ...all]);
      let allUploaded = true;
      for (const e of added) allUploaded = (await run(e.key)) && allUploaded;
      return allUploaded;
    },
    [run, sources],
  );

  const dismiss = (key: string) => {
    sources.delete(key);
    setEntries((all) => all.filter((e) => e.key !== key));
  };
  return { entries, add, retry: run, dismiss };
}
