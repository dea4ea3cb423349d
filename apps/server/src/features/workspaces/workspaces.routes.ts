import { workspaceEndpoints as e } from '@fieldbook/contract';
import type { FastifyInstance } from 'fastify';
import { requireActor } from '../../platform/auth-guard';
import type { FeatureDeps } from '../../platform/deps';
import { route } from '../../platform/endpoint';
import * as ws from './workspaces.service';

const ok = { ok: true as const };

/** My workspace and workspace management (workspaceEndpoints in the contract); the service checks admin rights. */
export async function workspacesRoutes(app: FastifyInstance, deps: FeatureDeps): Promise<void> {
  const { db } = deps;
  // A write here changes profiles.workspace_id, which remembered sessions carry: like the auth writes, forget them
  // once committed so the next request of any affected user sees the new workspace, not a notification in flight.
  app.addHook('onSend', async (req) => {
    if (req.method !== 'GET') app.actorCache.forgetAll();
  });
  route(app, e.mine, async ({ req }) => ws.getMyWorkspace({ db, actor: requireActor(req) }));
  route(app, e.saveMine, async ({ req, body }) => ws.saveMyWorkspace({ db, actor: requireActor(req), input: body }));

  route(app, e.list, async ({ req, query }) => ws.listWorkspaces({ db, actor: requireActor(req), query }));
  route(app, e.create, async ({ req, body }) => ws.createWorkspace({ db, actor: requireActor(req), input: body }));
  // Registered before /workspaces/:id/… (a static segment wins in any case; kept first for the reader).
  route(app, e.unassignedUsers, async ({ req }) => ws.listUnassignedUsers({ db, actor: requireActor(req) }));
  route(app, e.update, async ({ req, params, body }) => ws.updateWorkspace({ db, actor: requireActor(req), workspaceId: params.id, input: body }));
  route(app, e.remove, async ({ req, params }) => {
    await ws.deleteWorkspace({ db, actor: requireActor(req), workspaceId: params.id });
    return ok;
  });
  route(app, e.restore, async ({ req, params }) => ws.restoreWorkspace({ db, actor: requireActor(req), workspaceId: params.id }));
  route(app, e.users, async ({ req, params }) => ws.listWorkspaceUsers({ db, actor: requireActor(req), workspaceId: params.id }));
  route(app, e.assignUsers, async ({ req, params, body }) => ws.assignUsers({ db, actor: requireActor(req), workspaceId: params.id, input: body }));
  route(app, e.removeUser, async ({ req, params }) => {
    await ws.removeWorkspaceUser({ db, actor: requireActor(req), workspaceId: params.id, userId: params.userId });
    return ok;
  });
}
