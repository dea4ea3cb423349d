import { GROUP_NOT_FOUND, RECORDING_NOT_FOUND, UploadRecordingFieldsSchema, type ListRecordingsQuery, type RecordingDetailSchema, type RecordingDirection, type RecordingListSchema } from '@fieldbook/contract';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { listPeopleByName } from '../profiles';
import { recordingContacts, recordings } from './recordings.schema';
import { requireAdmin, type Actor } from '../../platform/auth-guard';
import type { BlobStore } from '../../platform/blob-store';
import { AppError, fieldError } from '../../platform/errors';
import type { JsonText } from '../../platform/json-text';
import { findContactsByIds } from '../contacts';
import { isGroupMember } from '../groups';
import { ABANDONED_UPLOAD_MS, discardUpload, sweepUploads, type UploadSteps } from '../../platform/uploads';
import type { AudioKind } from './audio-kind';
import { directionFromName, parseRecordingName } from './file-name';
import { findRecordingJson, findRecordingRow, findRecordingsPageJson, type RecordingRow } from './recordings.repository';

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

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
  return { users: await listPeopleByName(opts.db) };
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
 * The recordings upload's steps on the one upload path (platform/uploads). The fields come before the file (they
 * decide where it goes). With an upload_key the same file is never stored twice: a repeat of a stored upload
 * answers the stored recording (and reads none of the repeated bytes into the store). When the request ended well
 * the recording is 'stored' and waits for transcription.
 */
export function recordingUploadSteps(opts: { db: Db; blobs: BlobStore; actor: Actor; now: () => Date }): UploadSteps<AudioKind, JsonText<typeof RecordingDetailSchema>> {
  const { db, blobs, actor } = opts;
  let fields: UploadFields = {};
  return {
    beforeFile: async (raw) => {
      const parsed = UploadRecordingFieldsSchema.safeParse(Object.fromEntries(Object.entries(raw).filter(([, v]) => v !== '')));
      if (!parsed.success) {
        const issue = parsed.error.issues[0]!;
        throw fieldError(String(issue.path[0] ?? 'file'), issue.message);
      }
      fields = parsed.data as UploadFields;
      // A group id names a group only its members may tag: a tagged call becomes that group's assistant material.
      // Free-text ids (the recorder's 'default') name no group and stay labels.
      if (fields.group_id && UUID_RE.test(fields.group_id) && !(await isGroupMember(db, actor.userId, fields.group_id))) throw fieldError('group_id', GROUP_NOT_FOUND);
      if (!fields.upload_key) return;
      const [previous] = await db
        .select({ id: recordings.id, status: recordings.status, createdAt: recordings.createdAt, storageKey: recordings.storageKey })
        .from(recordings)
        .where(and(eq(recordings.userId, actor.userId), eq(recordings.uploadKey, fields.upload_key)));
      if (previous?.status === 'stored') return { existing: await getRecordingJson({ db, actor, id: previous.id }) };
      if (previous && opts.now().getTime() - previous.createdAt.getTime() < ABANDONED_UPLOAD_MS) throw new AppError('CONFLICT', 'This file is still being uploaded; try again in a moment');
      if (previous) await discardUpload(db, blobs, recordings, previous);
    },
    createRow: async ({ id, workspaceId, storageKey, file }) => {
      const fileName = cleanName(file.fileName, file.kind);
      const named = parseRecordingName(fileName, fields.time_zone ?? 'UTC');
      try {
        await db.insert(recordings).values({
          id,
          workspaceId,
          userId: actor.userId,
          groupId: fields.group_id ?? null,
          uploadKey: fields.upload_key ?? null,
          fileName,
          fileType: file.kind,
          mimeType: file.contentType,
          direction: fields.direction ?? named?.direction ?? directionFromName(fileName),
          phoneNumber: fields.phone_number || named?.phone || null,
          recordedAt: fields.recorded_at ? new Date(fields.recorded_at) : (named?.recordedAt ?? null),
          recordedTimeZone: fields.time_zone ?? null,
          fileUserId: named?.userId ?? null,
          status: 'uploading',
          storageKey,
        });
      } catch (err) {
        // Two uploads of one file at the same moment: the unique (user, upload_key) index lets one through.
        if ((err as { code?: string }).code === '23505') throw new AppError('CONFLICT', 'This file is still being uploaded; try again in a moment');
        throw err;
      }
    },
    finish: async (stored) => {
      await db
        .update(recordings)
        .set({ status: 'stored', fileSize: stored.size, nextAttemptAt: opts.now() })
        .where(and(eq(recordings.id, stored.id), eq(recordings.status, 'uploading')));
      return getRecordingJson({ db, actor, id: stored.id });
    },
  };
}

/** A display name without path or control characters; a missing one gets the kind's extension. */
function cleanName(fileName: string | undefined, kind: string): string {
  const base = (fileName ?? '').split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const cleaned = base.replace(/[\u0000-\u001f\u007f]/g, '').trim().slice(0, 200);
  return cleaned || `recording.${kind}`;
}

/** Deletes the row, then its audio (spec: delete with confirmation; the blob goes too). */
export async function deleteRecording(opts: { db: Db; blobs: BlobStore; actor: Actor; id: string }): Promise<void> {
  const row = await getRecordingRow(opts);
  await discardUpload(opts.db, opts.blobs, recordings, row);
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
export function sweepRecordingUploads(db: Db, blobs: BlobStore, opts: { now?: Date; olderThanMs?: number | undefined } = {}): Promise<number> {
  return sweepUploads(db, blobs, recordings, opts);
}
