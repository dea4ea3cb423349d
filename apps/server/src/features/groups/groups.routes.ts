import { groupEndpoints as e } from '@fieldbook/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireActor } from '../../platform/auth-guard';
import type { FeatureDeps } from '../../platform/deps';
import { route } from '../../platform/endpoint';
import { RateLimitError } from '../../platform/errors';
import { createRateLimiter, userRateLimits } from '../../platform/rate-limit';
import { createAccountForFlow } from '../auth';
import * as g from './groups.service';
import * as inv from './invitations.service';

const ok = { ok: true as const };

/** Groups, members and invitations (groupEndpoints in the contract). */
export async function groupsRoutes(app: FastifyInstance, deps: FeatureDeps): Promise<void> {
  const { db, config } = deps;

  route(app, e.list, async ({ req, query }) => g.listGroups({ db, actor: requireActor(req), workspaceId: query.workspace_id }));
  route(app, e.create, async ({ req, body }) => g.createGroup({ db, actor: requireActor(req), input: body }));
  route(app, e.get, async ({ req, params }) => g.getGroup({ db, actor: requireActor(req), groupId: params.id }));
  route(app, e.update, async ({ req, params, body }) => g.updateGroup({ db, actor: requireActor(req), groupId: params.id, input: body }));
  route(app, e.remove, async ({ req, params }) => {
    await g.deleteGroup({ db, actor: requireActor(req), groupId: params.id });
    return ok;
  });
  route(app, e.members, async ({ req, params }) => g.listMembers({ db, actor: requireActor(req), groupId: params.id }));
  route(app, e.updateMember, async ({ req, params, body }) =>
    g.updateMemberRole({ db, actor: requireActor(req), groupId: params.id, memberId: params.memberId, role: body.role }),
  );
  route(app, e.removeMember, async ({ req, params }) => {
    await g.removeMember({ db, actor: requireActor(req), groupId: params.id, memberId: params.memberId });
    return ok;
  });
  // Every invitation is a text message to someone: counted per contact (INVITE_RATE_LIMIT an hour per user) before
  // anything is written or texted.
  const limits = userRateLimits(deps);
  route(app, e.invite, async ({ req, params, body }) => {
    const actor = requireActor(req);
    await limits.invite(actor.userId, body.contact_ids.length);
    return inv.inviteContacts({ db, actor, groupId: params.id, input: body, publicUrl: config.publicUrl, now: deps.now() });
  });

  // Token endpoints are limited per address like the auth endpoints: 256-bit tokens are not guessable, and the
  // limit keeps anyone from trying.
  const limiter = createRateLimiter({ db, name: 'invitation-token-ip', limit: config.authRateLimit, windowMs: 60_000, now: deps.now });
  app.addHook('onRequest', async (req: FastifyRequest) => {
    if (!/\/invitations\/:token/.test(req.routeOptions.url ?? '')) return;
    const { allowed, retryAfterSeconds } = await limiter.hit(req.ip);
    if (!allowed) throw new RateLimitError('Too many requests. Please slow down.', retryAfterSeconds);
  });
  route(app, e.preview, async ({ params }) => inv.previewInvitation({ db, token: params.token, now: deps.now() }));
  route(app, e.accept, async ({ req, params }) => inv.acceptInvitation({ db, token: params.token, userId: requireActor(req).userId, now: deps.now() }));
  route(app, e.decline, async ({ params }) => {
    await inv.declineInvitation({ db, token: params.token });
    return ok;
  });
  route(app, e.signUp, async ({ params, body }) => {
    const phone = await inv.invitedPhone({ db, token: params.token, now: deps.now() });
    const account = await createAccountForFlow(
      { ...deps, log: (msg, err) => app.log.error({ err }, msg) },
      { email: body.email, password: body.password, data: { full_name: body.full_name, phone_number: phone } },
    );
    const accepted = await inv.acceptInvitation({ db, token: params.token, userId: account.userId, now: deps.now() });
    return { group_id: accepted.group_id, confirmation_required: account.confirmationRequired };
  });
}
