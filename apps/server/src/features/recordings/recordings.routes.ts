import { endpointPath, PLAYBACK_URL_TTL_SECONDS, RECORDING_NOT_FOUND, recordingEndpoints as endpoints, ROUGH_DRAFT_LABEL, UploadRecordingFieldsSchema } from '@fieldbook/contract';
import type { FastifyInstance } from 'fastify';
import { requireActor } from '../../platform/auth-guard';
import type { FeatureDeps } from '../../platform/deps';
import { route } from '../../platform/endpoint';
import { AppError, fieldError } from '../../platform/errors';
import { registerUploads, uploadError } from '../../platform/multipart-upload';
import { userRateLimits } from '../../platform/rate-limit';
import { contentDisposition, serveBlob } from '../../platform/serve-blob';
import { transcriptFileName } from './file-name';
import { readLink, signLink } from '../../platform/signed-link';
import { findRecordingRow } from './recordings.repository';
import {
  assignContact,
  deleteRecording,
  discardRecording,
  finishRecording,
  getRecordingJson,
  getRecordingRow,
  listRecordingUsers,
  listRecordings,
  retryTranscription,
  storeRecording,
  unassignContact,
  type UploadFields,
} from './recordings.service';

const PLAYBACK_PURPOSE = 'recording-playback';
const clock = (seconds: number) => `${Math.floor(seconds / 60)}:${String(Math.floor(seconds % 60)).padStart(2, '0')}`;

/** The recordings endpoints (recordingEndpoints in the contract), registered in the /api scope. */
export async function recordingsRoutes(app: FastifyInstance, deps: FeatureDeps): Promise<void> {
  const { db, blobs } = deps;
  const maxBytes = deps.config.recordingMaxBytes;
  const uploads = await registerUploads(app, { path: endpoints.upload.path, maxBytes, fields: 8, fieldSize: 300 });

  route(app, endpoints.list, async ({ req, query }) => listRecordings({ db, actor: requireActor(req), query }));
  route(app, endpoints.users, async ({ req }) => listRecordingUsers({ db, actor: requireActor(req) }));
  route(app, endpoints.get, async ({ req, params }) => getRecordingJson({ db, actor: requireActor(req), id: params.id }));

  route(app, endpoints.audio, async ({ req, reply, params, query }) => {
    const row = await getRecordingRow({ db, actor: requireActor(req), id: params.id });
    return serveBlob({ blobs, req, reply, key: row.storageKey, contentType: row.mimeType, fileName: row.fileName, download: query.download === 'true', missing: 'The recording’s audio is missing on the server' });
  });

  route(app, endpoints.transcript, async ({ req, reply, params }) => {
    const row = await getRecordingRow({ db, actor: requireActor(req), id: params.id });
    if (row.transcriptionStatus !== 'done') throw new AppError('CONFLICT', 'This recording has no transcript yet');
    const lines = (row.transcriptSegments ?? []).map((s) => `[${clock(s.start)}] ${s.text}`);
    // The downloaded file keeps the page's warning: it travels without the page.
    const engine = `Transcribed by ${row.transcriptEngine ?? 'unknown engine'}${row.transcriptConfidence?.rough_draft ? ` (${ROUGH_DRAFT_LABEL})` : ''}`;
    const body = [`${row.fileName}`, engine, '', ...lines, ''].join('\n');
    return reply
      .type('text/plain; charset=utf-8')
      .header('content-disposition', contentDisposition('attachment', transcriptFileName(row.calledAt, row.phoneNumber, row.recordedTimeZone)))
      .send(body);
  });

  // The player's URL: signed for this recording, an hour; the audio route below needs no session.
  route(app, endpoints.playbackUrl, async ({ req, params }) => {
    const row = await getRecordingRow({ db, actor: requireActor(req), id: params.id });
    const { token, expiresAt } = signLink(deps.signer, PLAYBACK_PURPOSE, row.id, PLAYBACK_URL_TTL_SECONDS, deps.now());
    return { url: endpointPath(endpoints.playback.path, { token }), expires_at: expiresAt.toISOString() };
  });
  route(app, endpoints.playback, async ({ req, reply, params }) => {
    const id = readLink(deps.signer, PLAYBACK_PURPOSE, params.token, deps.now());
    if (id === null) throw new AppError('NOT_FOUND', 'This playback link is not valid');
    if (id === 'expired') throw new AppError('GONE', 'This playback link has expired; reload the recordings');
    const row = await findRecordingRow(db, id);
    if (!row) throw new AppError('NOT_FOUND', RECORDING_NOT_FOUND);
    return serveBlob({ blobs, req, reply, key: row.storageKey, contentType: row.mimeType, fileName: row.fileName, download: false, missing: 'The recording’s audio is missing on the server' });
  });

  // Fields first, then the file (the upload_key must be known before the bytes arrive).
  const limits = userRateLimits(deps);
  route(app, endpoints.upload, async ({ req, reply }) => {
    const actor = requireActor(req);
    if (!uploads.isMultipart(req)) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the recording as multipart/form-data (field "file")');
    // Counted before a byte is stored (UPLOAD_RATE_LIMIT per user, shared with documents).
    await limits.upload(actor.userId);
    const raw: Record<string, string> = {};
    let stored: Awaited<ReturnType<typeof storeRecording>> | null = null;
    try {
      for await (const part of uploads.parts(req)) {
        if (part.type === 'field') {
          if (stored) throw fieldError(part.fieldname, 'Send the fields before the file');
          raw[part.fieldname] = part.value;
          continue;
        }
        if (part.fieldname !== 'file' || stored) {
          part.file.resume();
          throw fieldError('file', 'Send one file, in the field "file"');
        }
        const parsed = UploadRecordingFieldsSchema.safeParse(Object.fromEntries(Object.entries(raw).filter(([, v]) => v !== '')));
        if (!parsed.success) {
          part.file.resume();
          const issue = parsed.error.issues[0]!;
          throw fieldError(String(issue.path[0] ?? 'file'), issue.message);
        }
        stored = await storeRecording({ db, blobs, actor, fields: parsed.data as UploadFields, file: { fileName: part.filename, stream: part.file }, now: deps.now() });
      }
    } catch (err) {
      if (stored && !stored.existing) await discardRecording(db, blobs, stored.id, stored.storageKey);
      throw uploadError(err);
    }
    if (!stored) throw fieldError('file', 'Choose a recording to upload');
    if (!stored.existing) await finishRecording(db, stored, deps.now());
    const json = await getRecordingJson({ db, actor, id: stored.id });
    // A repeated upload of a stored file answers 200 with the recording it already made.
    if (stored.existing) return reply.status(200).type('application/json; charset=utf-8').send(json);
    return json;
  });

  route(app, endpoints.remove, async ({ req, params }) => {
    await deleteRecording({ db, blobs, actor: requireActor(req), id: params.id });
    return { ok: true as const };
  });
  route(app, endpoints.assignContact, async ({ req, params, body }) => assignContact({ db, actor: requireActor(req), id: params.id, contactId: body.contact_id }));
  route(app, endpoints.unassignContact, async ({ req, params }) => unassignContact({ db, actor: requireActor(req), id: params.id, contactId: params.contactId }));
  route(app, endpoints.retryTranscription, async ({ req, params }) => retryTranscription({ db, actor: requireActor(req), id: params.id }));
}
