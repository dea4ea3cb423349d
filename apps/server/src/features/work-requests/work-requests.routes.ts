import { WORK_REQUEST_HUB_CONFIRM_FIRST, WORK_REQUEST_NOT_FOUND, WORK_REQUEST_PHOTO_MAX_BYTES, workRequestEndpoints as endpoints } from '@fieldbook/contract';
import type { FastifyInstance } from 'fastify';
import type { Actor } from '../../platform/auth-guard';
import { HUB_LINKS, limitClientLinks, publicPrefixOf } from '../../platform/client-links';
import type { FeatureDeps } from '../../platform/deps';
import { route } from '../../platform/endpoint';
import { createRateLimiter, enforceRateLimit } from '../../platform/rate-limit';
import { AppError } from '../../platform/errors';
import { serveBlob } from '../../platform/serve-blob';
import { registerUploadEndpoint } from '../../platform/uploads';
import { reachHub } from '../client-hub';
import { findContactRecords } from '../contacts';
import { workspaceName } from '../workspaces';
import { issueChallenge, spendChallenge } from './proof-of-work';
import { getRequestLink, resetRequestLink, WORK_REQUEST_LINKS, workspaceOfLink } from './request-link';
import { photoOfImageLink, requestOfPhotoToken, requestPhotoKinds, requestPhotoSteps } from './request-photos';
import { workRequestPhotos } from './work-requests.schema';
import { convertWorkRequest, declineWorkRequest, getWorkRequest, listWorkRequests, submitHubWorkRequest, submitPublicRequest } from './work-requests.service';

/**
 * The public form's own limits, beside the client links' per-address one (every request under /api/public/work-request…
 * counts there first). Per address: challenges and sends, counted before anything else. Per link (the workspace): sends
 * whose proof of work held — counted after it, so that nobody can spend a contractor's allowance and shut their form
 * without doing the work for each request.
 */
export const WORK_REQUEST_LIMITS = {
  challengesPerAddress: { limit: 30, windowMs: 10 * 60_000 },
  sendsPerAddress: { limit: 5, windowMs: 60 * 60_000 },
  sendsPerLink: { limit: 30, windowMs: 60 * 60_000 },
  photosPerAddress: { limit: 30, windowMs: 60 * 60_000 },
  sendsPerHub: { limit: 10, windowMs: 60 * 60_000 },
} as const;

/** Work requests (issue 36): the office's list and decisions, the workspace's link, and the public form. */
export async function workRequestsRoutes(app: FastifyInstance, deps: FeatureDeps): Promise<void> {
  const { db, signer, now } = deps;
  const publicUrl = deps.config.publicUrl;
  const limiter = (name: string, l: { limit: number; windowMs: number }) => createRateLimiter({ db, name, limit: l.limit, windowMs: l.windowMs, now });
  const challenges = limiter('work-request-challenge-ip', WORK_REQUEST_LIMITS.challengesPerAddress);
  const sendsByAddress = limiter('work-request-ip', WORK_REQUEST_LIMITS.sendsPerAddress);
  const sendsByLink = limiter('work-request-link', WORK_REQUEST_LIMITS.sendsPerLink);
  const photosByAddress = limiter('work-request-photo-ip', WORK_REQUEST_LIMITS.photosPerAddress);
  const sendsByHub = limiter('work-request-hub', WORK_REQUEST_LIMITS.sendsPerHub);
  const tooMany = (what: string) => (retryIn: string) => `Too many ${what}. Try again in ${retryIn}.`;

  route(app, endpoints.list, async ({ actor, query }) => listWorkRequests({ db, actor, ...query }));
  route(app, endpoints.get, async ({ actor, params }) => getWorkRequest({ db, signer, actor, id: params.id, now: now() }));
  route(app, endpoints.convert, async ({ actor, params }) => convertWorkRequest({ db, blobs: deps.blobs, actor, id: params.id, now: now() }));
  route(app, endpoints.decline, async ({ actor, params }) => declineWorkRequest({ db, actor, id: params.id, now: now() }));
  route(app, endpoints.link, async ({ actor }) => getRequestLink({ db, actor, publicUrl }));
  route(app, endpoints.resetLink, async ({ actor }) => resetRequestLink({ db, actor, publicUrl }));

  // No session: the link (or the photo token a send answered) is the permission. Every request is counted per address
  // over all client links before anything is read (platform/client-links.ts); req.ip follows TRUSTED_PROXIES only.
  limitClientLinks(app, {
    db,
    signer,
    now,
    kind: WORK_REQUEST_LINKS,
    apiPrefix: '/api/public/work-request',
    perAddress: deps.config.authRateLimit,
    // The link is no signed id, so nothing is counted per item here: the sends' per-link limit is below.
    perItem: WORK_REQUEST_LIMITS.sendsPerLink.limit,
    perItemName: 'work-request-link-item',
  });
  route(app, endpoints.publicForm, async ({ params }) => ({ company: await workspaceName(db, await workspaceOfLink(db, params.token)) }));
  route(app, endpoints.publicChallenge, async ({ req, params }) => {
    await enforceRateLimit(challenges, req.ip, { message: tooMany('requests from your network') });
    return issueChallenge(signer, await workspaceOfLink(db, params.token), now());
  });
  route(app, endpoints.publicSubmit, async ({ req, params, body }) => {
    await enforceRateLimit(sendsByAddress, req.ip, { message: tooMany('requests sent from your network') });
    const workspaceId = await workspaceOfLink(db, params.token);
    await spendChallenge({ db, signer, workspaceId, challenge: body.challenge, nonce: body.nonce, now: now() });
    await enforceRateLimit(sendsByLink, workspaceId, { message: tooMany('requests for this company right now') });
    return submitPublicRequest({ db, signer, workspaceId, body, now: now() });
  });

  // From the client hub: its link says who (the hub's contact), as the hub's page does (reachHub: a fresh link, or an
  // older one with this browser's confirmed session). In a scope of its own, under the hub's per-address and per-hub
  // link limits (the same counters as the hub's page), then the sends' per-address and per-hub limits.
  await app.register(async (scope) => {
    limitClientLinks(scope, {
      db,
      signer,
      now,
      kind: HUB_LINKS,
      apiPrefix: publicPrefixOf(endpoints.hubSubmit.path),
      perAddress: deps.config.authRateLimit,
      perItem: deps.config.quoteLinkRateLimit,
      perItemName: 'hub-link',
    });
    route(scope, endpoints.hubSubmit, async ({ req, params, body }) => {
      await enforceRateLimit(sendsByAddress, req.ip, { message: tooMany('requests sent from your network') });
      const { hub, access } = await reachHub({ db, signer, publicUrl, now: now() }, params.token, req.headers.cookie);
      if (access !== 'open') throw new AppError('FORBIDDEN', WORK_REQUEST_HUB_CONFIRM_FIRST);
      await enforceRateLimit(sendsByHub, hub.id, { message: tooMany('requests sent from this page') });
      const contact = (await findContactRecords(db, [hub.contactId])).get(hub.contactId);
      if (!contact) throw new AppError('NOT_FOUND', WORK_REQUEST_NOT_FOUND);
      return submitHubWorkRequest({
        db,
        signer,
        workspaceId: hub.workspaceId,
        contact: { id: contact.id, name: contact.name, phone_number: contact.phoneNumber, email: contact.email },
        body,
        now: now(),
      });
    });
  });

  const upload = await registerUploadEndpoint(app, {
    db,
    blobs: deps.blobs,
    path: endpoints.publicPhoto.path,
    maxBytes: WORK_REQUEST_PHOTO_MAX_BYTES,
    fields: 2,
    fieldSize: 200,
    table: workRequestPhotos,
    keyPrefix: 'work-requests',
    kinds: requestPhotoKinds,
    fieldsBeforeFile: false,
    // The upload path counts its limit by the uploader's id: here the sender's address (below).
    limit: (address) => enforceRateLimit(photosByAddress, address, { message: tooMany('photos sent from your network') }),
    messages: { notMultipart: 'Send the photo as multipart/form-data (field "file")', missingFile: 'Choose a photo to add' },
  });
  route(app, endpoints.publicPhoto, async ({ req, params }) => {
    const request = await requestOfPhotoToken(db, signer, params.token, now());
    // No account sends this: the upload path's uploader is the address (its limit's key) in the request's workspace.
    const sender: Actor = { userId: req.ip, email: '', role: 'user', workspaceId: request.workspaceId, sessionId: '', aal: 'aal1' };
    return (await upload.receive(req, sender, requestPhotoSteps({ db, blobs: deps.blobs, now }, request.id))).result;
  });
  route(app, endpoints.photoImage, async ({ req, reply, params }) => {
    const row = await photoOfImageLink(db, signer, params.token, now());
    const ext = row.contentType.split('/')[1] ?? 'bin';
    return serveBlob({ blobs: deps.blobs, req, reply, key: row.storageKey, contentType: row.contentType, fileName: `request-photo-${row.id}.${ext === 'jpeg' ? 'jpg' : ext}`, download: false, missing: 'The photo’s file is missing on the server' });
  });
}
