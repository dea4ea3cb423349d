import { endpointPath, PLAYBACK_URL_TTL_SECONDS, RECORDING_NOT_FOUND, recordingEndpoints as endpoints, recordingUploadEndpoints, ROUGH_DRAFT_LABEL } from '@fieldbook/contract';
import type { FastifyInstance } from 'fastify';
import type { FeatureDeps } from '../../platform/deps';
import { route } from '../../platform/endpoint';
import { recordings } from './recordings.schema';
import { AppError } from '../../platform/errors';
import { registerUploadEndpoint, uploadDeps } from '../../platform/uploads';
import { contentDisposition, serveBlob } from '../../platform/serve-blob';
import { audioKinds } from './audio-kind';
import { transcriptFileName } from './file-name';
import { readLink, signLink } from '../../platform/signed-link';
import { findRecordingRow } from './recordings.repository';
import {
  assignContact,
  deleteRecording,
  getRecordingJson,
  getRecordingRow,
  listRecordingUsers,
  listRecordings,
  retryTranscription,
  recordingUploadSteps,
  unassignContact,
} from './recordings.service';

const PLAYBACK_PURPOSE = 'recording-playback';
const clock = (seconds: number) => `${Math.floor(seconds / 60)}:${String(Math.floor(seconds % 60)).padStart(2, '0')}`;

/** The recordings endpoints (recordingEndpoints in the contract), registered in the /api scope. */
export async function recordingsRoutes(app: FastifyInstance, deps: FeatureDeps): Promise<void> {
  const { db, blobs } = deps;
  // Fields first, then the file (the upload_key must be known before the bytes arrive).
  const upload = await registerUploadEndpoint(app, {
    ...uploadDeps(deps),
    path: endpoints.upload.path,
    maxBytes: deps.config.recordingMaxBytes,
    fields: 8,
    fieldSize: 300,
    table: recordings,
    keyPrefix: 'recordings',
    kinds: audioKinds,
    fieldsBeforeFile: true,
    messages: { notMultipart: 'Send the recording as multipart/form-data (field "file")', missingFile: 'Choose a recording to upload' },
    announceAs: 'recording',
  });

  route(app, endpoints.list, async ({ actor, query }) => listRecordings({ db, actor, query }));
  route(app, endpoints.users, async ({ actor }) => listRecordingUsers({ db, actor }));
  route(app, endpoints.get, async ({ actor, params }) => getRecordingJson({ db, actor, id: params.id }));

  route(app, endpoints.audio, async ({ actor, req, reply, params, query }) => {
    const row = await getRecordingRow({ db, actor, id: params.id });
    return serveBlob({ blobs, req, reply, key: row.storageKey, contentType: row.mimeType, fileName: row.fileName, download: query.download === 'true', missing: 'The recording’s audio is missing on the server' });
  });

  route(app, endpoints.transcript, async ({ actor, reply, params }) => {
    const row = await getRecordingRow({ db, actor, id: params.id });
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
  route(app, endpoints.playbackUrl, async ({ actor, params }) => {
    const row = await getRecordingRow({ db, actor, id: params.id });
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

  route(app, endpoints.upload, async ({ actor, req, reply }) => {
    const { result, existing } = await upload.receive(req, actor, recordingUploadSteps({ db, blobs, actor, now: deps.now }));
    // A repeated upload of a stored file answers 200 with the recording it already made.
    if (existing) return reply.status(200).type('application/json; charset=utf-8').send(result);
    return result;
  });
  // The same upload, resumable (tus; a long call from a phone on one bar of signal): it ends in the same steps.
  upload.resumable(recordingUploadEndpoints, (actor) => recordingUploadSteps({ db, blobs, actor, now: deps.now }));

  route(app, endpoints.remove, async ({ actor, params }) => {
    await deleteRecording({ db, blobs, actor, id: params.id });
    return { ok: true as const };
  });
  route(app, endpoints.assignContact, async ({ actor, params, body }) => assignContact({ db, actor, id: params.id, contactId: body.contact_id }));
  route(app, endpoints.unassignContact, async ({ actor, params }) => unassignContact({ db, actor, id: params.id, contactId: params.contactId }));
  route(app, endpoints.retryTranscription, async ({ actor, params }) => retryTranscription({ db, actor, id: params.id }));
}
