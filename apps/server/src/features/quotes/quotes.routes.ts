import { quoteEndpoints as endpoints } from '@fieldbook/contract';
import type { FastifyInstance } from 'fastify';
import type { FeatureDeps } from '../../platform/deps';
import { route } from '../../platform/endpoint';
import { userRateLimits } from '../../platform/rate-limit';
import { approveQuote, declineQuote, viewQuote } from './quotes.public';
import { createQuote, getQuote, listJobQuotes, priceBook, reviseQuote, sendQuote, updateQuote } from './quotes.service';

/** Quotes (issue 27): the contractor's endpoints on a job, and the homeowner's by the signed link alone. */
export async function quotesRoutes(app: FastifyInstance, deps: FeatureDeps): Promise<void> {
  const { db, signer } = deps;
  const limits = userRateLimits(deps);
  const publicDeps = () => ({ db, signer, publicUrl: deps.config.publicUrl, now: deps.now() });

  route(app, endpoints.listForJob, async ({ actor, params }) => listJobQuotes({ db, actor, jobId: params.id, now: deps.now() }));
  route(app, endpoints.create, async ({ actor, params, body }) => createQuote({ db, actor, jobId: params.id, body, now: deps.now() }));
  route(app, endpoints.get, async ({ actor, params }) => getQuote({ db, actor, id: params.id, now: deps.now() }));
  route(app, endpoints.update, async ({ actor, params, body }) => updateQuote({ db, actor, id: params.id, body, now: deps.now() }));
  route(app, endpoints.send, async ({ actor, params, body }) => {
    // Each message counts against the sender's SEND_RATE_LIMIT, as documents' sending does.
    await limits.send(actor.userId, new Set(body.methods).size);
    return sendQuote({ db, actor, signer, publicUrl: deps.config.publicUrl, id: params.id, body, now: deps.now() });
  });
  route(app, endpoints.revise, async ({ actor, params }) => reviseQuote({ db, actor, id: params.id, now: deps.now() }));
  route(app, endpoints.priceBook, async ({ actor, query }) => priceBook({ db, actor, q: query.q }));

  // No session: the signed link is the permission, for this one quote revision, until it expires.
  route(app, endpoints.publicView, async ({ params }) => viewQuote(publicDeps(), params.token));
  route(app, endpoints.publicApprove, async ({ req, params, body }) => {
    const ua = req.headers['user-agent'];
    // req.ip follows TRUSTED_PROXIES only (Fastify's trustProxy): never a header any client can set.
    return approveQuote(publicDeps(), params.token, body, { ip: req.ip || null, userAgent: typeof ua === 'string' ? ua.slice(0, 512) : null });
  });
  route(app, endpoints.publicDecline, async ({ params, body }) => declineQuote(publicDeps(), params.token, body.reason));
}
