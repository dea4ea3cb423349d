import { documentSendingEndpoints as endpoints, SHARED_LINK_EXPIRED, SHARED_LINK_INVALID } from '@fieldbook/contract';
import { and, eq, ne } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { documents } from './documents.schema';
import { type Actor } from '../../platform/auth-guard';
import type { FeatureDeps } from '../../platform/deps';
import { route } from '../../platform/endpoint';
import { AppError } from '../../platform/errors';
import { userRateLimits } from '../../platform/rate-limit';
import { serveDocument } from './serve-document';
import { generateJobDocument, generateTaskDocument } from './generate/generate.service';
import { createDocumentRecord, sendDocument, sendTaskNotification } from './sending.service';
import { readSharedDocumentToken } from './shared-link';

/** Generated documents, sending documents and task lists, drive records and the SMS download link. */
export async function sendingRoutes(app: FastifyInstance, deps: FeatureDeps): Promise<void> {
  const { db, blobs, signer } = deps;
  const generateDeps = () => ({ db, blobs, signer, publicUrl: deps.config.publicUrl, now: deps.now() });

  // Every email or SMS counts against its sender's SEND_RATE_LIMIT (one per recipient), before anything is written.
  const limits = userRateLimits(deps);
  const spendSends = async (actor: Actor, delivery: { recipients: string[]; send_method?: string | undefined }) => {
    if (delivery.send_method && delivery.recipients.length > 0) await limits.send(actor.userId, delivery.recipients.length);
    return actor;
  };

  route(app, endpoints.generateForJob, async ({ actor, params, query, body }) =>
    generateJobDocument(generateDeps(), { actor: await spendSends(actor, body), jobId: params.id, type: query.doc_type, body }),
  );
  route(app, endpoints.generateForTask, async ({ actor, params, body }) =>
    generateTaskDocument(generateDeps(), { actor: await spendSends(actor, body), taskId: params.id, body }),
  );
  route(app, endpoints.send, async ({ actor, params, body }) =>
    sendDocument({ db, signer, publicUrl: deps.config.publicUrl, now: deps.now(), actor: await spendSends(actor, body), id: params.id, recipients: body.recipients, method: body.send_method }),
  );
  route(app, endpoints.notify, async ({ actor, body }) =>
    sendTaskNotification({ db, actor: await spendSends(actor, { recipients: body.recipients, send_method: body.method }), body }),
  );
  route(app, endpoints.createRecord, async ({ actor, body }) => createDocumentRecord({ db, actor, body }));

  // No session: the signed token is the permission, for this one document, until it expires.
  route(app, endpoints.shared, async ({ req, reply, params }) => {
    const read = readSharedDocumentToken(signer, params.token, deps.now());
    if (read === null) throw new AppError('NOT_FOUND', SHARED_LINK_INVALID);
    if (read === 'expired') throw new AppError('GONE', SHARED_LINK_EXPIRED);
    const [row] = await db
      .select()
      .from(documents)
      .where(and(eq(documents.id, read), ne(documents.status, 'uploading')))
      .limit(1);
    if (!row) throw new AppError('NOT_FOUND', 'Document not found on the server');
    return serveDocument({ blobs, req, reply, row, download: true });
  });
}
