import { DRIVE_UPLOAD_KEY_FIELD, driveEndpoints, DriveUploadResultSchema, endpointPath, type DriveFile, type DriveFolderKey, type DriveItemKind, type DriveStatus } from '@fieldbook/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useAuth } from '../../../lib/auth-provider';
import { apiErrorFrom, buildUrl, rawApiAccess } from '../../../lib/api-client';
import { isNativeApp } from '../../../lib/native-platform';
import { callEndpoint } from '../../../lib/call-endpoint';
import { uploadFile } from '../../../lib/uploads/upload-file';
import { onePrefix } from '../lib/one-prefix';

/** Spec 000 §9: the Drive init timeout (10 s) and the connect component's (20 s). */
export const DRIVE_CHECK_TIMEOUT_MS = 10_000;
export const DRIVE_CONNECT_TIMEOUT_MS = 20_000;
/** Spec 001 §4/§9: after connecting, folder initialisation runs after 0.5 s (jobs dashboard: 1 s). */
export const FOLDER_INIT_DELAY_MS = 500;
export const JOBS_FOLDER_INIT_DELAY_MS = 1000;

export const driveKeys = {
  all: ['drive'] as const,
  status: (userId: string | undefined) => [...driveKeys.all, 'status', userId ?? 'anonymous'] as const,
  files: (userId: string | undefined, folder: DriveFolderKey | 'all') => [...driveKeys.all, 'files', userId ?? 'anonymous', folder] as const,
  item: (userId: string | undefined, kind: DriveItemKind, id: string) => [...driveKeys.all, 'item', userId ?? 'anonymous', kind, id] as const,
};

/** GET /api/drive: the connection as the server holds it (never a token). */
export function driveStatusQueryOptions(userId: string | undefined) {
  return queryOptions({
    queryKey: driveKeys.status(userId),
    queryFn: ({ signal }) => callEndpoint(driveEndpoints.status, { signal, timeoutMs: DRIVE_CHECK_TIMEOUT_MS }),
  });
}

export function useDriveStatus(opts: { followExisting?: boolean } = {}) {
  const { user } = useAuth();
  return useQuery({
    ...driveStatusQueryOptions(user?.id),
    enabled: Boolean(user),
    // "Copy existing items" shows its progress: read again while some of its copies are on their way.
    refetchInterval: opts.followExisting ? (query) => (isCopyingExisting(query.state.data) ? EXISTING_PROGRESS_POLL_MS : false) : false,
  });
}

export const isCopyingExisting = (status: DriveStatus | undefined) => Boolean(status && status.status === 'connected' && status.existing.done + status.existing.failed < status.existing.total);

/** GET /api/drive/files: one FIELDBOOK folder's files (or all of them), 50 a page. */
export function useDriveFiles(folder: DriveFolderKey | 'all', opts: { enabled: boolean }) {
  const { user } = useAuth();
  return useQuery({
    queryKey: driveKeys.files(user?.id, folder),
    queryFn: ({ signal }) => callEndpoint(driveEndpoints.files, { signal, timeoutMs: DRIVE_CONNECT_TIMEOUT_MS, query: folder === 'all' ? {} : { folder } }),
    enabled: Boolean(user) && opts.enabled,
  });
}

/** GET /api/drive/items/:kind/:id: the item's copy in Drive (404 when it has none). */
export function useDriveCopy(kind: DriveItemKind, id: string) {
  const { user } = useAuth();
  return useQuery({
    queryKey: driveKeys.item(user?.id, kind, id),
    queryFn: ({ signal }) => callEndpoint(driveEndpoints.item, { signal, params: { kind, id } }),
    enabled: Boolean(user),
    retry: false,
  });
}

/**
 * POST /api/drive/connect, then off to Google's consent page; Google sends the browser back to the server. In the phone
 * app the consent opens in the system browser (Google refuses embedded web views) and the server's callback comes back
 * to the app as `fieldbook://drive-connected?result=…` (app/app-links.ts), which the Integrations tab confirms.
 * Answers 'left' when this page is on its way to Google, 'opened' when the app stays (the browser opened beside it).
 */
export function useConnectDrive() {
  return useMutation({
    mutationFn: async (returnTo: string): Promise<'left' | 'opened'> => {
      const inApp = isNativeApp();
      const { authorization_url } = await callEndpoint(driveEndpoints.connect, { body: { return_to: returnTo, ...(inApp ? { client: 'app' as const } : {}) }, timeoutMs: DRIVE_CONNECT_TIMEOUT_MS });
      if (!inApp) {
        window.location.assign(authorization_url);
        return 'left';
      }
      const { Browser } = await import('@capacitor/browser');
      await Browser.open({ url: authorization_url });
      return 'opened';
    },
  });
}

/** POST /api/drive/connect/confirm: the phone app's return from Google (its single-use result code), as this session. */
export const useConfirmDriveConnect = () => useStatusMutationWith((result: string) => callEndpoint(driveEndpoints.confirmConnect, { body: { result }, timeoutMs: DRIVE_CONNECT_TIMEOUT_MS }));

function useStatusMutation(run: () => Promise<DriveStatus>) {
  return useStatusMutationWith<void>(run);
}

function useStatusMutationWith<V>(run: (vars: V) => Promise<DriveStatus>) {
  const queryClient = useQueryClient();
  const { user } = useAuth();
  return useMutation({
    mutationFn: run,
    onSuccess: (status) => {
      queryClient.setQueryData(driveKeys.status(user?.id), status);
      void queryClient.invalidateQueries({ queryKey: [...driveKeys.all, 'files'] });
    },
  });
}

export const useDisconnectDrive = () => useStatusMutation(() => callEndpoint(driveEndpoints.disconnect, { timeoutMs: DRIVE_CONNECT_TIMEOUT_MS }));
export const useInitializeFolders = () => useStatusMutation(() => callEndpoint(driveEndpoints.initializeFolders, { timeoutMs: DRIVE_CONNECT_TIMEOUT_MS }));

/** GET /api/drive/files: one page (50) of the caller's FIELDBOOK files, for the Document Manager's import. */
export function listDriveFilesPage(pageToken: string | undefined, signal?: AbortSignal) {
  return callEndpoint(driveEndpoints.files, { signal, timeoutMs: DRIVE_CONNECT_TIMEOUT_MS, query: pageToken ? { page_token: pageToken } : {} });
}

/** A Drive file's bytes (GET /api/drive/files/:id/content, through the server) as a File; spec 000 §8 "Download failed: {status}". */
export async function fetchDriveFile(file: Pick<DriveFile, 'id' | 'name' | 'mimeType'>, signal?: AbortSignal): Promise<File> {
  const { baseUrl, token } = await rawApiAccess();
  const res = await fetch(buildUrl(baseUrl, endpointPath(driveEndpoints.content.path, { id: file.id })), { headers: token ? { Authorization: `Bearer ${token}` } : {}, ...(signal ? { signal } : {}) });
  if (!res.ok) {
    const err = apiErrorFrom(res.status, await res.json().catch(() => null));
    throw new Error(err.message ? onePrefix('Download failed', err.message, (r) => `Download failed: ${res.status} (${r})`) : `Download failed: ${res.status}`);
  }
  return new File([await res.blob()], file.name, { type: file.mimeType });
}

/** The folder manager's Upload: one file into a FIELDBOOK folder (the shared upload transport: progress, refresh, retries). */
export function uploadToDriveFolder(folder: DriveFolderKey, file: File, uploadKey: string = crypto.randomUUID()) {
  // One key for the file across the transport's tries: a try sent again after a lost answer lands on the same Drive file.
  return uploadFile({ path: endpointPath(driveEndpoints.uploadToFolder.path, { key: folder }), fields: { [DRIVE_UPLOAD_KEY_FIELD]: uploadKey }, file, fileName: file.name, schema: DriveUploadResultSchema, onProgress: () => {} });
}

/** POST /api/drive/copy-existing: "Copy existing items" — what was added before connecting, queued for the copy job. */
export const useCopyExistingItems = () => useStatusMutation(() => callEndpoint(driveEndpoints.copyExisting, { timeoutMs: DRIVE_CONNECT_TIMEOUT_MS }));

/** While "Copy existing items" has copies on their way: how often the status is read again for its progress. */
export const EXISTING_PROGRESS_POLL_MS = 2000;

/** POST /api/drive/recordings/:id/copy: Recordings' Upload to Drive (the copy job takes it at once). */
export function useCopyRecordingToDrive() {
  const queryClient = useQueryClient();
  const { user } = useAuth();
  return useMutation({
    mutationFn: (id: string) => callEndpoint(driveEndpoints.copyRecording, { params: { id }, timeoutMs: DRIVE_CONNECT_TIMEOUT_MS }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: driveKeys.status(user?.id) }),
  });
}
