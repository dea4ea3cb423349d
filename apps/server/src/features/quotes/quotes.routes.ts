import { QUOTE_SIGNED_PDF_NOT_READY, quoteEndpoints as endpoints } from '@fieldbook/contract';
import type { FastifyInstance } from 'fastify';
import type { FeatureDeps } from '../../platform/deps';
import { route } from '../../platform/endpoint';
import { limitClientLinks, publicPrefixOf, QUOTE_LINKS, type ClientHubLinks } from '../../platform/client-links';
import { userRateLimits } from '../../platform/rate-limit';
import { contentDisposition, serveBlob } from '../../platform/serve-blob';
import { NO_ONLINE_PAYMENTS, getQuoteSettings, updateQuoteSettings, type QuoteDepositPayments } from './deposit-step';
import { markQuoteApproved } from './manual-approval';
import { approveQuote, declineQuote, markQuoteViewed, previewQuote, signedPdfOf, unsignedQuotePdf, viewQuote } from './quotes.public';
import { createQuote, discardQuote, duplicateQuote, getQuote, listJobQuotes, priceBook, quoteClientLink, remakeSignedPdf, reviseQuote, sendQuote, updateQuote, withdrawQuote } from './quotes.service';

/**
 * `depositPayments`: the payments feature's side of the deposit on approval (app.ts); absent, online payments are off.
 * `hubLinks`: the client hub's line in sent quotes (issue 36; app.ts); absent, messages go without it.
 */
export type QuotesDeps = FeatureDeps & { depositPayments?: QuoteDepositPayments; hubLinks?: ClientHubLinks };

/** Quotes (issue 27): the contractor's endpoints on a job, and the homeowner's by the signed link alone. */
export async function quotesRoutes(app: FastifyInstance, deps: QuotesDeps): Promise<void> {
  const { db, signer } = deps;
  const limits = userRateLimits(deps);
  const payments = deps.depositPayments ?? NO_ONLINE_PAYMENTS;
  const publicDeps = () => ({ db, signer, publicUrl: deps.config.publicUrl, now: deps.now(), payments });

  route(app, endpoints.listForJob, async ({ actor, params }) => listJobQuotes({ db, actor, jobId: params.id, now: deps.now() }));
  route(app, endpoints.create, async ({ actor, params, body }) => createQuote({ db, actor, jobId: params.id, body, now: deps.now() }));
  route(app, endpoints.get, async ({ actor, params }) => getQuote({ db, actor, id: params.id, now: deps.now() }));
  route(app, endpoints.update, async ({ actor, params, body }) => updateQuote({ db, actor, id: params.id, body, now: deps.now() }));
  route(app, endpoints.send, async ({ actor, params, body }) => {
    // Each message counts against the sender's SEND_RATE_LIMIT, as documents' sending does.
    await limits.send(actor.userId, new Set(body.methods).size);
    return sendQuote({ db, actor, signer, publicUrl: deps.config.publicUrl, id: params.id, body, now: deps.now(), ...(deps.hubLinks ? { hubLinks: deps.hubLinks } : {}) });
  });
  route(app, endpoints.revise, async ({ actor, params }) => reviseQuote({ db, actor, id: params.id, now: deps.now() }));
  route(app, endpoints.discard, async ({ actor, params }) => discardQuote({ db, actor, id: params.id }));
  route(app, endpoints.withdraw, async ({ actor, params }) => withdrawQuote({ db, actor, id: params.id, now: deps.now() }));
  route(app, endpoints.remakeSignedPdf, async ({ actor, params }) => remakeSignedPdf({ db, actor, id: params.id, now: deps.now() }));
  route(app, endpoints.markApproved, async ({ actor, params, body }) => markQuoteApproved({ db, actor, id: params.id, body, now: deps.now() }));
  route(app, endpoints.duplicate, async ({ actor, params, body }) => duplicateQuote({ db, actor, id: params.id, jobId: body.job_id, now: deps.now() }));
  route(app, endpoints.preview, async ({ actor, params }) => previewQuote(publicDeps(), actor, params.id));
  route(app, endpoints.pdf, async ({ actor, params, reply }) => {
    const { pdf, fileName } = await unsignedQuotePdf(db, actor, params.id, deps.now());
    // Inline: the browser's viewer opens it, to print or save.
    return reply.type('application/pdf').header('content-disposition', contentDisposition('inline', fileName)).header('cache-control', 'no-store').send(pdf);
  });
  route(app, endpoints.clientLink, async ({ actor, params }) => quoteClientLink({ db, actor, signer, publicUrl: deps.config.publicUrl, id: params.id, now: deps.now() }));
  route(app, endpoints.settings, async ({ actor }) => getQuoteSettings({ db, payments, actor }));
  route(app, endpoints.updateSettings, async ({ actor, body }) => updateQuoteSettings({ db, payments, actor, depositMode: body.deposit_mode }));
  route(app, endpoints.priceBook, async ({ actor, query }) => priceBook({ db, actor, q: query.q }));

  // No session: the signed link is the permission, for this one quote revision, until it expires. Each use is
  // counted before anything is read or parsed (the client side's one home, platform/client-links.ts), then 429:
  // - per client address, every request (AUTH_RATE_LIMIT a minute over every client link, as invitation links): this
  //   bounds guesses at links, forged or not;
  // - per quote (QUOTE_LINK_RATE_LIMIT per 15 minutes, whatever the address), only requests whose link's signature
  //   holds (issue 27 review): a quote id is no secret (the link's first part, the app's paths), and when forged links
  //   counted too, anyone who knew one could spend its quote's budget and lock the homeowner out of approving.
  limitClientLinks(app, {
    db,
    signer,
    now: deps.now,
    kind: QUOTE_LINKS,
    apiPrefix: publicPrefixOf(endpoints.publicView.path),
    perAddress: deps.config.authRateLimit,
    perItem: deps.config.quoteLinkRateLimit,
    perItemName: 'quote-link',
  });
  route(app, endpoints.publicView, async ({ params }) => viewQuote(publicDeps(), params.token));
  route(app, endpoints.publicViewed, async ({ params }) => markQuoteViewed(publicDeps(), params.token));
  route(app, endpoints.publicSignedPdf, async ({ req, reply, params }) => {
    const pdf = await signedPdfOf(publicDeps(), params.token);
    return serveBlob({ blobs: deps.blobs, req, reply, key: pdf.key, contentType: 'application/pdf', fileName: pdf.fileName, download: true, missing: QUOTE_SIGNED_PDF_NOT_READY });
  });
  route(app, endpoints.publicApprove, async ({ req, params, body }) => {
    const ua = req.headers['user-agent'];
    // req.ip follows TRUSTED_PROXIES only (Fastify's trustProxy): never a header any client can set.
    return approveQuote(publicDeps(), params.token, body, { ip: req.ip || null, userAgent: typeof ua === 'string' ? ua.slice(0, 512) : null });
  });
  route(app, endpoints.publicDecline, async ({ params, body }) => declineQuote(publicDeps(), params.token, body.reason));
}
