import { z } from 'zod';
import { defineEndpoint } from './endpoint';

/**
 * Google Drive (spec 000 §2–§9, spec 001 Settings › Integrations). The server holds the connection (design.md §10):
 * the browser gets the account's name and email, the folders and the copies — never a Google token.
 */

/** The FIELDBOOK folder structure (spec 000 §3): the root named after the product in capitals, then its subfolders. */
export const DRIVE_ROOT_FOLDER_NAME = 'FIELDBOOK';
export const DRIVE_SUBFOLDERS = ['documents', 'clients', 'recordings', 'transcripts', 'tasks'] as const;
export const DriveFolderKeySchema = z.enum(['root', ...DRIVE_SUBFOLDERS]);
export type DriveFolderKey = z.infer<typeof DriveFolderKeySchema>;
/** Spec 000 §9: the drive list page size. */
export const DRIVE_LIST_PAGE_SIZE = 50;

/** Spec 001 §7: a client's folder under 'clients' is the client name with every non-alphanumeric replaced by '_'. */
export function driveClientFolderName(clientName: string): string {
  return clientName.replace(/[^A-Za-z0-9]/g, '_');
}

export const DriveConnectionStatusSchema = z.enum(['disconnected', 'connected', 'needs_reconnect']);
export type DriveConnectionStatus = z.infer<typeof DriveConnectionStatusSchema>;

/** Spec 000 §3 Drive user. */
export const DriveUserSchema = z.object({ displayName: z.string(), emailAddress: z.string() });
export type DriveUser = z.infer<typeof DriveUserSchema>;

export const DriveFolderSchema = z.object({
  key: DriveFolderKeySchema,
  /** FIELDBOOK for the root, else the subfolder's name. */
  name: z.string(),
  /** The Drive folder id, once created. */
  id: z.string().nullable(),
  /** Whether the folder exists in the user's Drive (the panel's Created marker). */
  created: z.boolean(),
  /** Opens the folder in Drive (the folder manager's Open). */
  web_view_link: z.string().nullable(),
});
export type DriveFolder = z.infer<typeof DriveFolderSchema>;

export const DriveStatusSchema = z.object({
  /** False when GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET are not both set on the server. */
  configured: z.boolean(),
  status: DriveConnectionStatusSchema,
  user: DriveUserSchema.nullable(),
  /** The root first, then documents, clients, recordings, transcripts, tasks. */
  folders: z.array(DriveFolderSchema),
  /** Copies waiting for the connection (or retrying) and copies that failed for good. */
  copies: z.object({ pending: z.number().int(), failed: z.number().int() }),
  /**
   * "Copy existing items" (issue 32 item 11): what was there before the connection, queued for the copy job — how many,
   * how many are in Drive, how many failed (zeros until it is asked for).
   */
  existing: z.object({ total: z.number().int(), done: z.number().int(), failed: z.number().int() }),
  /** Why the connection needs reconnecting, or the last copy failure (shown to the user). */
  message: z.string().nullable(),
});
export type DriveStatus = z.infer<typeof DriveStatusSchema>;

export const DriveConnectBodySchema = z.object({
  /** Where to come back to in the app after the consent (a path of this app; default '/'). */
  return_to: z
    .string()
    .regex(/^\/(?!\/)[^\s\\]*$/, 'return_to must be a path of this app')
    .max(500)
    .optional(),
  /**
   * 'app': started in the phone app, whose consent runs in the system browser (Google refuses embedded web views), so
   * the browser cookie cannot bind the return. The callback then finishes the exchange but keeps the connection
   * waiting, and redirects to `fieldbook://drive-connected?result=…`: a short-lived, single-use code the app confirms
   * as the same signed-in session (POST /api/drive/connect/confirm). It only chooses the way back; who connects is
   * always the session that started it.
   */
  client: z.enum(['browser', 'app']).optional(),
});
export const DriveConnectSchema = z.object({ authorization_url: z.url() });

/** The app's return from Google: the result code of `fieldbook://drive-connected?result=…` (never a token). */
export const DriveConnectConfirmBodySchema = z.object({ result: z.string().min(16).max(200).regex(/^[A-Za-z0-9_-]+$/, 'Not a result code') });
/** The app link Google's consent comes back to in the phone app (the server's callback redirects there). */
export const DRIVE_APP_RETURN_URL = 'fieldbook://drive-connected';

/**
 * Why a connect failed, as the server's callback reports it: `?drive_error=<code>` on the web app's page or on the
 * app link. Only a code travels — never text — and the app shows its own text for it (features/drive/lib/
 * drive-return.ts): a link anyone can make (`fieldbook://drive-connected?drive_error=…`, or the web app's address
 * with it) cannot put words of its own into Settings. A value that is not one of these is ignored.
 * unknown_request: the state is unknown, used, expired, its session signed out, or another browser's;
 * access_denied: the user did not allow access on Google's consent page; consent_failed: Google answered another
 * error, or no code; auth_failed: the code could not be exchanged, the account read or the connection stored (the
 * server logs why); not_configured: GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET are not both set.
 */
export const DRIVE_RETURN_ERRORS = ['unknown_request', 'access_denied', 'consent_failed', 'auth_failed', 'not_configured'] as const;
export type DriveReturnError = (typeof DRIVE_RETURN_ERRORS)[number];
export const isDriveReturnError = (code: string | null | undefined): code is DriveReturnError => (DRIVE_RETURN_ERRORS as readonly string[]).includes(code ?? '');

export const DriveCallbackQuerySchema = z.object({
  state: z.string().max(200).optional(),
  code: z.string().max(2000).optional(),
  error: z.string().max(200).optional(),
  scope: z.string().max(2000).optional(),
});

/** A copy of one Fieldbook item in the user's Drive (the document details' "in Drive" link). */
export const DriveItemKindSchema = z.enum(['document', 'recording', 'transcript', 'task_list']);
export type DriveItemKind = z.infer<typeof DriveItemKindSchema>;
export const DriveCopySchema = z.object({
  item_kind: DriveItemKindSchema,
  item_id: z.uuid(),
  status: z.enum(['pending', 'done', 'failed']),
  drive_file_id: z.string().nullable(),
  web_view_link: z.string().nullable(),
  error: z.string().nullable(),
});
export type DriveCopy = z.infer<typeof DriveCopySchema>;
export const DriveItemParamsSchema = z.object({ kind: DriveItemKindSchema, id: z.uuid() });

export const DriveFileSchema = z.object({
  id: z.string(),
  name: z.string(),
  mimeType: z.string(),
  folder: DriveFolderKeySchema.nullable(),
  web_view_link: z.string().nullable(),
});
export type DriveFile = z.infer<typeof DriveFileSchema>;
export const DriveFilesQuerySchema = z.object({
  folder: DriveFolderKeySchema.optional(),
  page_token: z.string().max(200).optional(),
});
export const DriveFileListSchema = z.object({ files: z.array(DriveFileSchema), next_page_token: z.string().nullable() });

export const DriveFolderParamsSchema = z.object({ key: DriveFolderKeySchema });
export const DriveFileParamsSchema = z.object({ id: z.string().min(1).max(200).regex(/^[A-Za-z0-9_-]+$/, 'Not a Drive file id') });
/**
 * The folder manager's Upload: the field sent before the file that names one upload across its tries (a retry after a
 * lost answer sends the same key and lands on the same Drive file).
 */
export const DRIVE_UPLOAD_KEY_FIELD = 'upload_key';
export const DriveUploadKeySchema = z.string().regex(/^[A-Za-z0-9_-]{8,100}$/, 'Not an upload key');
/** The folder manager's Upload: one file into a FIELDBOOK folder. */
export const DriveUploadResultSchema = z.object({ file: DriveFileSchema });

const tags = ['drive'] as const;

export const driveEndpoints = {
  status: defineEndpoint({ method: 'GET', path: '/api/drive', access: 'user', summary: 'The caller’s Google Drive connection, folders and copies', tags, response: DriveStatusSchema }),
  connect: defineEndpoint({
    method: 'POST',
    path: '/api/drive/connect',
    access: 'user',
    summary: 'Start connecting Google Drive: the consent URL (authorization code with PKCE, state bound to this session)',
    tags,
    body: DriveConnectBodySchema,
    response: DriveConnectSchema,
  }),
  callback: defineEndpoint({
    method: 'GET',
    path: '/api/drive/callback',
    access: 'public',
    summary: 'Google’s redirect after the consent: exchanges the code, then redirects into the app',
    tags,
    query: DriveCallbackQuerySchema,
    status: 302,
    response: z.null(),
  }),
  confirmConnect: defineEndpoint({
    method: 'POST',
    path: '/api/drive/connect/confirm',
    access: 'user',
    summary: 'The phone app’s return from Google: confirms a connect started by this session with its single-use result code',
    tags,
    body: DriveConnectConfirmBodySchema,
    response: DriveStatusSchema,
  }),
  disconnect: defineEndpoint({ method: 'POST', path: '/api/drive/disconnect', access: 'user', summary: 'Revoke the grant at Google and forget the tokens', tags, response: DriveStatusSchema }),
  initializeFolders: defineEndpoint({
    method: 'POST',
    path: '/api/drive/folders',
    access: 'user',
    summary: 'Create the FIELDBOOK folders (once: again never makes a second folder)',
    tags,
    response: DriveStatusSchema,
  }),
  files: defineEndpoint({
    method: 'GET',
    path: '/api/drive/files',
    access: 'user',
    summary: 'Files in the caller’s FIELDBOOK folders, 50 a page',
    tags,
    query: DriveFilesQuerySchema,
    response: DriveFileListSchema,
  }),
  uploadToFolder: defineEndpoint({
    method: 'POST',
    path: '/api/drive/folders/:key/files',
    access: 'user',
    summary: 'Upload one file (multipart, field "file", after an optional upload_key) into a FIELDBOOK folder',
    tags,
    params: DriveFolderParamsSchema,
    status: 201,
    response: DriveUploadResultSchema,
  }),
  content: defineEndpoint({
    method: 'GET',
    path: '/api/drive/files/:id/content',
    access: 'user',
    summary: 'A file of the caller’s Drive (one this app made or opened), streamed: the Document Manager imports it',
    tags,
    params: DriveFileParamsSchema,
    response: z.unknown(),
  }),
  copyExisting: defineEndpoint({
    method: 'POST',
    path: '/api/drive/copy-existing',
    access: 'user',
    summary: 'Copy existing items: queue the copies of the caller’s documents, recordings and transcripts added before connecting',
    tags,
    status: 202,
    response: DriveStatusSchema,
  }),
  copyRecording: defineEndpoint({
    method: 'POST',
    path: '/api/drive/recordings/:id/copy',
    access: 'user',
    summary: 'Recordings’ Upload to Drive: copy one of the caller’s recordings to FIELDBOOK/recordings now',
    tags,
    params: z.object({ id: z.uuid() }),
    status: 202,
    response: DriveCopySchema,
  }),
  item: defineEndpoint({
    method: 'GET',
    path: '/api/drive/items/:kind/:id',
    access: 'user',
    summary: 'The Drive copy of one of the caller’s items',
    tags,
    params: DriveItemParamsSchema,
    response: DriveCopySchema,
  }),
} as const;
