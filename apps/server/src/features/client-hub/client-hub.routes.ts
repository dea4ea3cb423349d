import { clientHubEndpoints as endpoints } from '@fieldbook/contract';
import type { FastifyInstance } from 'fastify';
import { HUB_LINKS, limitClientLinks, publicPrefixOf } from '../../platform/client-links';
import type { FeatureDeps } from '../../platform/deps';
import { route } from '../../platform/endpoint';
import { getContactHub, revokeContactHub, viewHub } from './client-hub.service';
import { confirmHubCode, hubCodeLimiter, sendHubCode } from './hub-code';

/** The client hub (issue 36): the client's page by its link alone, and the contractor's Copy link and Revoke. */
export async function clientHubRoutes(app: FastifyInstance, deps: FeatureDeps): Promise<void> {
  const { db, signer } = deps;
  const hubDeps = () => ({ db, signer, publicUrl: deps.config.publicUrl, now: deps.now() });
  const limiter = hubCodeLimiter(deps);
  const secure = deps.config.publicUrl.startsWith('https:');

  route(app, endpoints.contactHub, async ({ actor, params }) => getContactHub(hubDeps(), actor, params.id));
  route(app, endpoints.revokeContactHub, async ({ actor, params }) => revokeContactHub(hubDeps(), actor, params.id));

  // No account: the signed link is the permission (plus a code for an old one). Each request is counted before
  // anything is read (platform/client-links.ts): per address over every client link, and per hub for a genuine link.
  limitClientLinks(app, {
    db,
    signer,
    now: deps.now,
    kind: HUB_LINKS,
    apiPrefix: publicPrefixOf(endpoints.publicView.path),
    perAddress: deps.config.authRateLimit,
    perItem: deps.config.quoteLinkRateLimit,
    perItemName: 'hub-link',
  });
  route(app, endpoints.publicView, async ({ req, reply, params }) => {
    // The page holds the client's jobs and money: never kept by a shared cache.
    reply.header('cache-control', 'no-store');
    return viewHub(hubDeps(), params.token, req.headers.cookie);
  });
  route(app, endpoints.publicSendCode, async ({ req, params, body }) => sendHubCode(hubDeps(), params.token, req.headers.cookie, body.method));
  route(app, endpoints.publicConfirm, async ({ req, reply, params, body }) => {
    const session = await confirmHubCode({ ...hubDeps(), limiter, secure }, params.token, req.headers.cookie, body.code);
    reply.header('set-cookie', session.header);
    return { ok: true as const, session_expires_at: session.expiresAt.toISOString() };
  });
}
