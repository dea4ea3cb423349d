import { documentEndpoints, ProcessDocumentFieldsSchema } from '@fieldbook/contract';
import type { FastifyInstance } from 'fastify';
import { requireActor } from '../../platform/auth-guard';
import type { FeatureDeps } from '../../platform/deps';
import { route } from '../../platform/endpoint';
import { AppError, fieldError } from '../../platform/errors';
import { registerUploads, uploadError } from '../../platform/multipart-upload';
import { userRateLimits } from '../../platform/rate-limit';
import { sendingRoutes } from './sending.routes';
import { serveDocument } from './serve-document';
import { deleteDocument, discardUpload, finishUpload, getDocumentJson, getDocumentRow, listDocuments, retryDocument, storeUpload } from './documents.service';


/** The documents endpoints (documentEndpoints in the contract), registered in the /api scope. */
export async function documentsRoutes(app: FastifyInstance, deps: FeatureDeps): Promise<void> {
  const { db, blobs } = deps;
  const maxBytes = deps.config.documentMaxBytes;
  // Only this scope parses multipart: one file, a few small fields, the size limit enforced while streaming.
  const uploads = await registerUploads(app, { path: documentEndpoints.upload.path, maxBytes, fields: 5, fieldSize: 200 });

  route(app, documentEndpoints.list, async ({ req, query }) => listDocuments({ db, actor: requireActor(req), query }));
  route(app, documentEndpoints.get, async ({ req, params }) => getDocumentJson({ db, actor: requireActor(req), id: params.id }));

  const limits = userRateLimits(deps);
  route(app, documentEndpoints.upload, async ({ req }) => {
    const actor = requireActor(req);
    if (!uploads.isMultipart(req)) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the file as multipart/form-data (field "file")');
    // Counted before a byte is stored (UPLOAD_RATE_LIMIT per user, shared with recordings).
    await limits.upload(actor.userId);
    const fields: Record<string, string> = {};
    let stored: Awaited<ReturnType<typeof storeUpload>> | null = null;
    try {
      for await (const part of uploads.parts(req)) {
        if (part.type === 'field') {
          fields[part.fieldname] = part.value;
        } else if (part.fieldname !== 'file' || stored) {
          part.file.resume();
          throw fieldError('file', 'Send one file, in the field "file"');
        } else {
          stored = await storeUpload({ db, blobs, actor, file: { fileName: part.filename, stream: part.file } });
        }
      }
    } catch (err) {
      if (stored) await discardUpload(db, blobs, stored.id, stored.storageKey);
      throw uploadError(err);
    }
    if (!stored) throw fieldError('file', 'Choose a file to upload');
    const parsed = ProcessDocumentFieldsSchema.safeParse({ job_id: fields.job_id || undefined });
    if (!parsed.success) {
      await discardUpload(db, blobs, stored.id, stored.storageKey);
      throw fieldError('job_id', parsed.error.issues[0]!.message);
    }
    return finishUpload({ db, blobs, actor, stored, jobId: parsed.data.job_id });
  });

  route(app, documentEndpoints.content, async ({ req, reply, params, query }) => {
    const row = await getDocumentRow({ db, actor: requireActor(req), id: params.id });
    return serveDocument({ blobs, req, reply, row, download: query.download === 'true' });
  });

  route(app, documentEndpoints.retry, async ({ req, params }) => retryDocument({ db, actor: requireActor(req), id: params.id }));
  route(app, documentEndpoints.remove, async ({ req, params }) => {
    await deleteDocument({ db, blobs, actor: requireActor(req), id: params.id });
    return { ok: true as const };
  });

  await sendingRoutes(app, deps);
}
