import { documentEndpoints, documentUploadEndpoints } from '@fieldbook/contract';
import type { FastifyInstance } from 'fastify';
import type { FeatureDeps } from '../../platform/deps';
import { route } from '../../platform/endpoint';
import { documents } from './documents.schema';
import { registerUploadEndpoint, uploadDeps } from '../../platform/uploads';
import { sendingRoutes } from './sending.routes';
import { serveDocument } from './serve-document';
import { deleteDocument, documentUploadSteps, getDocumentJson, getDocumentRow, listDocuments, retryDocument } from './documents.service';
import { documentKinds } from './file-kind';


/** The documents endpoints (documentEndpoints in the contract), registered in the /api scope. */
export async function documentsRoutes(app: FastifyInstance, deps: FeatureDeps): Promise<void> {
  const { db, blobs } = deps;
  // Only this scope parses multipart: one file, a few small fields, the size limit enforced while streaming.
  const upload = await registerUploadEndpoint(app, {
    ...uploadDeps(deps),
    path: documentEndpoints.upload.path,
    maxBytes: deps.config.documentMaxBytes,
    fields: 5,
    fieldSize: 200,
    table: documents,
    keyPrefix: 'documents',
    kinds: documentKinds,
    fieldsBeforeFile: false,
    messages: { notMultipart: 'Send the file as multipart/form-data (field "file")', missingFile: 'Choose a file to upload' },
    announceAs: 'document',
  });

  route(app, documentEndpoints.list, async ({ actor, query }) => listDocuments({ db, actor, query }));
  route(app, documentEndpoints.get, async ({ actor, params }) => getDocumentJson({ db, actor, id: params.id }));

  route(app, documentEndpoints.upload, async ({ actor, req }) => (await upload.receive(req, actor, documentUploadSteps({ db, actor }))).result);
  // The same upload, resumable (tus; big files from the web and the phone): it ends in the same steps.
  upload.resumable(documentUploadEndpoints, (actor) => documentUploadSteps({ db, actor }));

  route(app, documentEndpoints.content, async ({ actor, req, reply, params, query }) => {
    const row = await getDocumentRow({ db, actor, id: params.id });
    return serveDocument({ blobs, req, reply, row, download: query.download === 'true' });
  });

  route(app, documentEndpoints.retry, async ({ actor, params }) => retryDocument({ db, actor, id: params.id }));
  route(app, documentEndpoints.remove, async ({ actor, params }) => {
    await deleteDocument({ db, blobs, actor, id: params.id });
    return { ok: true as const };
  });

  await sendingRoutes(app, deps);
}
