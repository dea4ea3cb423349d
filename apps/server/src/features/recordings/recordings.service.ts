import { GROUP_NOT_FOUND, RECORDING_NOT_FOUND, type ListRecordingsQuery, type RecordingDetailSchema, type RecordingDirection, type RecordingListSchema } from '@fieldbook/contract';
import type { Readable } from 'node:stream';
import { and, asc, eq, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { profiles, recordingContacts, recordings, users } from '../../db/schema';
import { requireAdmin, requireWorkspace, type Actor } from '../../platform/auth-guard';
import type { BlobStore } from '../../platform/blob-store';
import { AppError, fieldError } from '../../platform/errors';
import type { JsonText } from '../../platform/json-text';
import { findContactsByIds } from '../contacts';
import { isGroupMember } from '../groups';
import { AUDIO_KINDS, recogniseAudio, UNSUPPORTED_AUDIO_MESSAGE } from './audio-kind';
import { directionFromName, parseRecordingName } from './file-name';
import { findRecordingJson, findRecordingRow, findRecordingsPageJson, type RecordingRow } from './recordings.repository';

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An upload a crash cut off is removed (row and blob) after this long. */
export const ABANDONED_UPLOAD_MS = 60 * 60_000;

export async function listRecordings(opts: { db: Db; actor: Actor; query: ListRecordingsQuery }): Promise<JsonText<typeof RecordingListSchema>> {
  const { actor, query } = opts;
  // Spec 001 §6: a user sees their own recordings; the admin everyone's, optionally one user's.
  if (query.user_id && actor.role !== 'admin') throw new AppError('FORBIDDEN', 'Only an administrator can see other users’ recordings');
  const scope = actor.role === 'admin' ? { all: true as const, userId: query.user_id } : { userId: actor.userId };
  return findRecordingsPageJson(opts.db, scope, query);
}

/** The admin's Filter by User list: every user with a profile, by user_name (spec 001 §6). */
export async function listRecordingUsers(opts: { db: Db; actor: Actor }) {
  requireAdmin(opts.actor);
  const rows = await opts.db
    .select({ id: users.id, user_name: profiles.userName, email: users.email })
    .from(users)
    .innerJoin(profiles, eq(profiles.id, users.id))
    .orderBy(sql`${profiles.userName} ASC NULLS LAST`, asc(users.email));
  return { users: rows };
}

/** A recording the caller may open (their own, or any for the admin); 404 for everything else. */
export async function getRecordingRow(opts: { db: Db; actor: Actor; id: string }): Promise<RecordingRow> {
  const row = await findRecordingRow(opts.db, opts.id);
  if (!row || (row.userId !== opts.actor.userId && opts.actor.role !== 'admin')) throw new AppError('NOT_FOUND', RECORDING_NOT_FOUND);
  return row;
}

export async function getRecordingJson(opts: { db: Db; actor: Actor; id: string }): Promise<JsonText<typeof RecordingDetailSchema>> {
  await getRecordingRow(opts);
  const json = await findRecordingJson(opts.db, opts.id);
  if (!json) throw new AppError('NOT_FOUND', RECORDING_NOT_FOUND);
  return json;
}

export type UploadFields = {
  upload_key?: string | undefined;
  group_id?: string | undefined;
  direction?: RecordingDirection | undefined;
  phone_number?: string | undefined;
  recorded_at?: string | undefined;
  /** The uploader's IANA zone (validated): the file name's wall-clock time is read in it; UTC without. */
  time_zone?: string | undefined;
};

/**
 * Stores one upload, row first (status uploading, blob key fixed), then the audio; finishRecording then makes a
 * complete file stored. With an upload_key the same file is never stored twice: a repeat
 * of a stored upload answers the stored recording (and reads none of the repeated bytes into the store).
 */
export async function storeRecording(opts: {
  db: Db;
  blobs: BlobStore;
  actor: Actor;
  fields: UploadFields;
  file: { fileName: string | undefined; stream: Readable };
  now: Date;
}): Promise<{ id: string; existing: boolean; storageKey: string; size: number }> {
  const { db, blobs, actor, fields } = opts;
  const workspaceId = requireWorkspace(actor);
  // A group id names a group only its members may tag: a tagged call becomes that group's assistant material.
  // Free-text ids (the recorder's 'default') name no group and stay labels.
  if (fields.group_id && UUID_RE.test(fields.group_id) && !(await isGroupMember(db, actor.userId, fields.group_id))) {
    opts.file.stream.resume();
    throw fieldError('group_id', GROUP_NOT_FOUND);
  }
  if (fields.upload_key) {
    const [previous] = await db
      .select({ id: recordings.id, status: recordings.status, createdAt: recordings.createdAt, storageKey: recordings.storageKey })
      .from(recordings)
      .where(and(eq(recordings.userId, actor.userId), eq(recordings.uploadKey, fields.upload_key)));
    if (previous?.status === 'stored') {
      opts.file.stream.resume();
      return { id: previous.id, existing: true, storageKey: previous.storageKey, size: 0 };
    }
    if (previous && opts.now.getTime() - previous.createdAt.getTime() < ABANDONED_UPLOAD_MS) {
      opts.file.stream.resume();
      throw new AppError('CONFLICT', 'This file is still being uploaded; try again in a moment');
    }
    if (previous) await discardRecording(db, blobs, previous.id, previous.storageKey);
  }
  const { kind, body } = await recogniseAudio(opts.file.stream);
  if (!kind) {
    opts.file.stream.resume();
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', UNSUPPORTED_AUDIO_MESSAGE);
  }
  const fileName = cleanName(opts.file.fileName, kind);
  const named = parseRecordingName(fileName, fields.time_zone ?? 'UTC');
  const id = crypto.randomUUID();
  const storageKey = `recordings/${workspaceId}/${id}`;
  try {
    await db.insert(recordings).values({
      id,
      workspaceId,
      userId: actor.userId,
      groupId: fields.group_id ?? null,
      uploadKey: fields.upload_key ?? null,
      fileName,
      fileType: kind,
      mimeType: AUDIO_KINDS[kind],
      direction: fields.direction ?? named?.direction ?? directionFromName(fileName),
      phoneNumber: fields.phone_number || named?.phone || null,
      recordedAt: fields.recorded_at ? new Date(fields.recorded_at) : (named?.recordedAt ?? null),
      recordedTimeZone: fields.time_zone ?? null,
      fileUserId: named?.userId ?? null,
      status: 'uploading',
      storageKey,
    });
  } catch (err) {
    body.resume();
    // Two uploads of one file at the same moment: the unique (user, upload_key) index lets one through.
    if ((err as { code?: string }).code === '23505') throw new AppError('CONFLICT', 'This file is still being uploaded; try again in a moment');
    throw err;
  }
  try {
    const { size } = await blobs.put(storageKey, body, { contentType: AUDIO_KINDS[kind] });
    return { id, existing: false, storageKey, size };
  } catch (err) {
    await discardRecording(db, blobs, id, storageKey);
    throw err;
  }
}

/**
 * The request ended well (the multipart parser reports a file cut at the size limit only after its last byte):
 * the recording is stored and waits for transcription.
 */
export async function finishRecording(db: Db, stored: { id: string; size: number }, now: Date): Promise<void> {
  await db.update(recordings).set({ status: 'stored', fileSize: stored.size, nextAttemptAt: now }).where(and(eq(recordings.id, stored.id), eq(recordings.status, 'uploading')));
}

/** A display name without path or control characters; a missing one gets the kind's extension. */
function cleanName(fileName: string | undefined, kind: string): string {
  const base = (fileName ?? '').split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const cleaned = base.replace(/[\u0000-\u001f\u007f]/g, '').trim().slice(0, 200);
  return cleaned || `recording.${kind}`;
}

export async function discardRecording(db: Db, blobs: BlobStore, id: string, storageKey: string): Promise<void> {
  await db.delete(recordings).where(eq(recordings.id, id));
  await blobs.delete(storageKey);
}

/** Deletes the row, then its audio (spec: delete with confirmation; the blob goes too). */
export async function deleteRecording(opts: { db: Db; blobs: BlobStore; actor: Actor; id: string }): Promise<void> {
  const row = await getRecordingRow(opts);
  await discardRecording(opts.db, opts.blobs, row.id, row.storageKey);
}

/** Assigns one of the caller's contacts (own or shared with their groups) to the recording (spec 001 §3). */
export async function assignContact(opts: { db: Db; actor: Actor; id: string; contactId: string }): Promise<JsonText<typeof RecordingDetailSchema>> {
  const row = await getRecordingRow(opts);
  const [contact] = await findContactsByIds({ db: opts.db, actor: opts.actor, ids: [opts.contactId] });
  if (!contact) throw fieldError('contact_id', 'No such contact among yours');
  await opts.db
    .insert(recordingContacts)
    .values({ recordingId: row.id, contactId: contact.id, assignedBy: opts.actor.userId, recordingPath: row.fileName })
    .onConflictDoNothing();
  return getRecordingJson(opts);
}

export async function unassignContact(opts: { db: Db; actor: Actor; id: string; contactId: string }): Promise<JsonText<typeof RecordingDetailSchema>> {
  const row = await getRecordingRow(opts);
  await opts.db.delete(recordingContacts).where(and(eq(recordingContacts.recordingId, row.id), eq(recordingContacts.contactId, opts.contactId)));
  return getRecordingJson(opts);
}

/** A failed transcription goes back to the queue, its tries counted afresh. */
export async function retryTranscription(opts: { db: Db; actor: Actor; id: string }): Promise<JsonText<typeof RecordingDetailSchema>> {
  const row = await getRecordingRow(opts);
  if (row.transcriptionStatus !== 'failed') throw new AppError('CONFLICT', 'Only a recording whose transcription failed can be retried');
  await opts.db
    .update(recordings)
    .set({ transcriptionStatus: 'pending', attempts: 0, nextAttemptAt: new Date(), transcriptionError: null })
    .where(eq(recordings.id, row.id));
  return getRecordingJson(opts);
}

/** Uploads a crash cut off: rows still uploading after `olderThanMs` (an hour by default), with their blobs. */
export async function sweepAbandonedUploads(db: Db, blobs: BlobStore, now = new Date(), olderThanMs = ABANDONED_UPLOAD_MS): Promise<number> {
  const stale = await db
    .select({ id: recordings.id, storageKey: recordings.storageKey })
    .from(recordings)
    .where(and(eq(recordings.status, 'uploading'), lte(recordings.createdAt, new Date(now.getTime() - olderThanMs))));
  for (const r of stale) await discardRecording(db, blobs, r.id, r.storageKey);
  return stale.length;
}
