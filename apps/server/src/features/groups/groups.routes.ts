import { groupEndpoints as e } from '@fieldbook/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FeatureDeps } from '../../platform/deps';
import { route } from '../../platform/endpoint';
import { RateLimitError } from '../../platform/errors';
import { createRateLimiter, userRateLimits } from '../../platform/rate-limit';
import type { ContactLookup, PrepareFlowAccount } from './groups.ports';
import * as g from './groups.service';
import * as inv from './invitations.service';

const ok = { ok: true as const };

export type GroupsDeps = FeatureDeps & { contacts: ContactLookup; prepareFlowAccount: PrepareFlowAccount };

/** Groups, members and invitations (groupEndpoints in the contract). */
export async function groupsRoutes(app: FastifyInstance, deps: GroupsDeps): Promise<void> {
  const { db, config, contacts, prepareFlowAccount } = deps;

  route(app, e.list, async ({ actor, query }) => g.listGroups({ db, actor, workspaceId: query.workspace_id }));
  route(app, e.create, async ({ actor, body }) => g.createGroup({ db, actor, input: body }));
  route(app, e.get, async ({ actor, params }) => g.getGroup({ db, actor, groupId: params.id }));
  route(app, e.update, async ({ actor, params, body }) => g.updateGroup({ db, actor, groupId: params.id, input: body }));
  route(app, e.remove, async ({ actor, params }) => {
    await g.deleteGroup({ db, actor, groupId: params.id });
    return ok;
  });
  route(app, e.members, async ({ actor, params }) => g.listMembers({ db, actor, groupId: params.id, contacts }));
  route(app, e.updateMember, async ({ actor, params, body }) =>
    g.updateMemberRole({ db, actor, groupId: params.id, memberId: params.memberId, role: body.role, contacts }),
  );
  route(app, e.removeMember, async ({ actor, params }) => {
    await g.removeMember({ db, actor, groupId: params.id, memberId: params.memberId });
    return ok;
  });
  // Every invitation is a text message to someone: counted per contact (INVITE_RATE_LIMIT an hour per user) before
  // anything is written or texted.
  const limits = userRateLimits(deps);
  route(app, e.invite, async ({ actor, params, body }) => {
    await limits.invite(actor.userId, body.contact_ids.length);
    return inv.inviteContacts({ db, contacts, actor, groupId: params.id, input: body, publicUrl: config.publicUrl, now: deps.now() });
  });

  // Token endpoints are limited per address like the auth endpoints: 256-bit tokens are not guessable, and the
  // limit keeps anyone from trying.
  const limiter = createRateLimiter({ db, name: 'invitation-token-ip', limit: config.authRateLimit, windowMs: 60_000, now: deps.now });
  app.addHook('onRequest', async (req: FastifyRequest) => {
    if (!/\/invitations\/:token/.test(req.routeOptions.url ?? '')) return;
    const { allowed, retryAfterSeconds } = await limiter.hit(req.ip);
    if (!allowed) throw new RateLimitError('Too many requests. Please slow down.', retryAfterSeconds);
  });
  route(app, e.preview, async ({ params }) => inv.previewInvitation({ db, ref: { token: params.token }, now: deps.now() }));
  route(app, e.sendCode, async ({ params }) => inv.sendInvitationCode({ db, ref: { token: params.token }, now: deps.now() }));
  route(app, e.accept, async ({ actor, params, body }) =>
    inv.acceptInvitation({ db, ref: { token: params.token }, userId: actor.userId, code: body.code, now: deps.now() }),
  );
  route(app, e.decline, async ({ params }) => {
    await inv.declineInvitation({ db, ref: { token: params.token } });
    return ok;
  });
  const authDeps = { ...deps, log: (msg: string, err: unknown) => app.log.error({ err }, msg) };
  route(app, e.signUp, async ({ params, body }) =>
    inv.signUpThroughInvitation({
      db,
      token: params.token,
      code: body.code,
      now: deps.now(),
      prepareAccount: (phone) => prepareFlowAccount(authDeps, { email: body.email, password: body.password, data: { full_name: body.full_name, phone_number: phone, time_zone: body.time_zone } }),
    }),
  );

  // The signed-in user's invitations by id (/group-invite/{inviteId}): only those to the phone on their profile.
  route(app, e.mineList, async ({ actor }) => inv.listMyInvitations({ db, userId: actor.userId, now: deps.now() }));
  route(app, e.mine, async ({ actor, params }) => inv.getMyInvitation({ db, id: params.id, userId: actor.userId, now: deps.now() }));
  route(app, e.mineSendCode, async ({ actor, params }) => inv.sendInvitationCode({ db, ref: { id: params.id, userId: actor.userId }, now: deps.now() }));
  route(app, e.mineAccept, async ({ actor, params, body }) => {
    const { userId } = actor;
    return inv.acceptInvitation({ db, ref: { id: params.id, userId }, userId, code: body.code, now: deps.now() });
  });
  route(app, e.mineDecline, async ({ actor, params }) => {
    await inv.declineInvitation({ db, ref: { id: params.id, userId: actor.userId } });
    return ok;
  });
}
