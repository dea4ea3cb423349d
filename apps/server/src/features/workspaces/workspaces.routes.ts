import { workspaceEndpoints as e } from '@fieldbook/contract';
import type { FastifyInstance } from 'fastify';
import type { FeatureDeps } from '../../platform/deps';
import { route } from '../../platform/endpoint';
import { getRecordingConsentNotice, saveRecordingConsentNotice } from './recording-consent';
import * as ws from './workspaces.service';

const ok = { ok: true as const };

/** My workspace and workspace management (workspaceEndpoints in the contract); the service checks admin rights. */
export async function workspacesRoutes(app: FastifyInstance, deps: FeatureDeps): Promise<void> {
  const { db } = deps;
  // A write here changes profiles.workspace_id, which remembered sessions carry: like the auth writes, forget them
  // once committed so the next request of any affected user sees the new workspace, not a notification in flight.
  app.addHook('onSend', async (req) => {
    if (req.method !== 'GET' && req.routeOptions.url !== e.saveRecordingConsent.path) app.actorCache.forgetAll();
  });
  route(app, e.mine, async ({ actor }) => ws.getMyWorkspace({ db, actor }));
  route(app, e.saveMine, async ({ actor, body }) => ws.saveMyWorkspace({ db, actor, input: body }));
  // The notice shown before a recording starts (issue 26): every user reads it, an admin sets it.
  route(app, e.recordingConsent, async ({ actor }) => getRecordingConsentNotice({ db, actor }));
  route(app, e.saveRecordingConsent, async ({ actor, body }) => saveRecordingConsentNotice({ db, actor, input: body }));

  route(app, e.list, async ({ actor, query }) => ws.listWorkspaces({ db, actor, query }));
  route(app, e.create, async ({ actor, body }) => ws.createWorkspace({ db, actor, input: body }));
  // Registered before /workspaces/:id/… (a static segment wins in any case; kept first for the reader).
  route(app, e.unassignedUsers, async ({ actor }) => ws.listUnassignedUsers({ db, actor }));
  route(app, e.update, async ({ actor, params, body }) => ws.updateWorkspace({ db, actor, workspaceId: params.id, input: body }));
  route(app, e.remove, async ({ actor, params }) => {
    await ws.deleteWorkspace({ db, actor, workspaceId: params.id });
    return ok;
  });
  route(app, e.restore, async ({ actor, params }) => ws.restoreWorkspace({ db, actor, workspaceId: params.id }));
  route(app, e.users, async ({ actor, params }) => ws.listWorkspaceUsers({ db, actor, workspaceId: params.id }));
  route(app, e.assignUsers, async ({ actor, params, body }) => ws.assignUsers({ db, actor, workspaceId: params.id, input: body }));
  route(app, e.removeUser, async ({ actor, params }) => {
    await ws.removeWorkspaceUser({ db, actor, workspaceId: params.id, userId: params.userId });
    return ok;
  });
}
