import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, ownerRef, updatedAt } from '../../db/schema/_columns';
import { authSessions, users } from '../auth/auth.schema';

/**
 * A user's Google Drive connection (issue 25; design.md §10): the server holds it, the browser never sees a token.
 * The refresh token (and the current access token) are encrypted at rest (drive/token-crypto.ts, AES-256-GCM under a
 * key kept like the JWT secret). One per user.
 */
export const driveConnections = pgTable('drive_connections', {
  id: id(),
  userId: uuid()
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** connected, or needs_reconnect after Google answered invalid_grant (copies wait for a new consent). */
  status: text().$type<'connected' | 'needs_reconnect'>().notNull(),
  googleEmail: text().notNull(),
  googleName: text().notNull(),
  refreshTokenEnc: text().notNull(),
  accessTokenEnc: text(),
  accessTokenExpiresAt: timestamp({ withTimezone: true }),
  /**
   * The refresh lease: a process refreshing the access token holds it, so one refresh runs per connection across
   * processes; the others wait for the new token.
   */
  refreshingUntil: timestamp({ withTimezone: true }),
  /** Why the connection needs reconnecting (shown in the panel). */
  message: text(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * A connect in progress: the PKCE verifier and the state (kept hashed) bound to the session that started it; single
 * use, 10 minutes.
 */
export const driveOauthStates = pgTable(
  'drive_oauth_states',
  {
    stateHash: text().primaryKey(),
    userId: ownerRef(() => users.id),
    sessionId: ownerRef(() => authSessions.id),
    codeVerifier: text().notNull(),
    returnTo: text().notNull().default('/'),
    /** 'app': the return goes to the phone app with a result code it confirms (driveConnectResults), not by cookie. */
    client: text().$type<'browser' | 'app'>().notNull().default('browser'),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('drive_oauth_states_expires_idx').on(t.expiresAt)],
);

/**
 * A connect finished for the phone app, waiting for the app to confirm it (issue 25/26). The consent ran in the
 * system browser, which has no cookie to bind the return to: Google's callback exchanged the code and keeps the
 * account and tokens here (sealed like a connection's), then sends the browser to `fieldbook://drive-connected` with a
 * single-use result code (kept hashed, 5 minutes). Only the session that started the connect may turn it into the
 * connection; another session's attempt spends it and gives the grant back.
 */
export const driveConnectResults = pgTable(
  'drive_connect_results',
  {
    codeHash: text().primaryKey(),
    userId: ownerRef(() => users.id),
    /**
     * The session that started the connect; null once it signed out (issue 32 item 11): the row then waits for the
     * connect sweep, which gives its grant back to Google (a cascade would forget the grant and leave it alive).
     */
    sessionId: uuid().references(() => authSessions.id, { onDelete: 'set null' }),
    googleEmail: text().notNull(),
    googleName: text().notNull(),
    refreshTokenEnc: text().notNull(),
    accessTokenEnc: text().notNull(),
    accessTokenExpiresAt: timestamp({ withTimezone: true }).notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('drive_connect_results_expires_idx').on(t.expiresAt)],
);

/**
 * The FIELDBOOK folders of a connection (root, documents, clients, recordings, transcripts, tasks, and clients/<name>):
 * the Drive id is reserved (generateIds) and written here before the folder is created, unique per connection and
 * key, so two tabs or two processes initialising at once create each folder once, with the id that won.
 */
export const driveFolders = pgTable(
  'drive_folders',
  {
    id: id(),
    connectionId: ownerRef(() => driveConnections.id),
    key: text().notNull(),
    driveId: text().notNull(),
    /** The folder exists in Drive (created, or found there). */
    created: boolean().notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('drive_folders_connection_key_idx').on(t.connectionId, t.key)],
);

/**
 * One Fieldbook item copied to the user's Drive, and the copy job's row (platform/jobs.ts): pending until the file
 * is in Drive. The Drive file id comes from generateIds and is written before the upload, so a retried create, a
 * restart mid-copy or a second process never makes a second file (Drive refuses a used id with 409). A resumable
 * upload's session URL is kept to resume after a restart.
 */
export const driveCopies = pgTable(
  'drive_copies',
  {
    id: id(),
    userId: ownerRef(() => users.id),
    itemKind: text().$type<'document' | 'recording' | 'transcript' | 'task_list'>().notNull(),
    itemId: uuid().notNull(),
    /** The folder: documents, clients/<client>, recordings, transcripts or tasks. */
    folderKey: text().notNull(),
    name: text().notNull(),
    mimeType: text().notNull(),
    /** The blob store key of the content, or null when the content is `textContent` (transcripts, task lists). */
    blobKey: text(),
    textContent: text(),
    size: bigint({ mode: 'number' }).notNull().default(0),
    status: text().$type<'pending' | 'done' | 'failed'>().notNull().default('pending'),
    driveFileId: text(),
    webViewLink: text(),
    uploadUrl: text(),
    error: text(),
    /** Queued by "Copy existing items" (issue 32 item 11): what its progress counts. */
    existing: boolean().notNull().default(false),
    attempts: integer().notNull().default(0),
    nextAttemptAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('drive_copies_item_idx').on(t.userId, t.itemKind, t.itemId),
    index('drive_copies_queue_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
  ],
);

/**
 * The folder manager's uploads by their upload key (issue 32 item 11): the Drive id reserved for the key, so an upload
 * sent again after a lost answer goes to the same Drive file (Drive refuses a second create of one id) — one file.
 */
export const driveFolderUploads = pgTable(
  'drive_folder_uploads',
  {
    id: id(),
    userId: ownerRef(() => users.id),
    uploadKey: text().notNull(),
    driveFileId: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('drive_folder_uploads_key_idx').on(t.userId, t.uploadKey), index('drive_folder_uploads_created_idx').on(t.createdAt)],
);
