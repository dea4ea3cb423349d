import { groupAssistantEndpoints as ep } from '@fieldbook/contract';
import type { FastifyInstance } from 'fastify';
import { requireActor } from '../../platform/auth-guard';
import type { FeatureDeps } from '../../platform/deps';
import { route } from '../../platform/endpoint';
import { extractTrainingExamples } from './extraction';
import {
  exportTrainingExamples,
  getAssistantConfig,
  initializeGroupAssistant,
  listGroupAssistants,
  listTrainingExamples,
  setAssistantActive,
  startFineTune,
  updateAssistantConfig,
  updateTrainingExample,
} from './group-assistants.service';

/** Group assistants administration (spec 002 §2): administrators, for the groups of their own workspace. */
export async function groupAssistantsRoutes(app: FastifyInstance, deps: FeatureDeps): Promise<void> {
  const { db } = deps;
  route(app, ep.list, async ({ req }) => listGroupAssistants({ db, actor: requireActor(req) }));
  route(app, ep.initialize, async ({ req, params }) => initializeGroupAssistant({ db, actor: requireActor(req), groupId: params.groupId }));
  route(app, ep.config, async ({ req, params }) => getAssistantConfig({ db, actor: requireActor(req), groupId: params.groupId }));
  route(app, ep.updateConfig, async ({ req, params, body }) => updateAssistantConfig({ db, actor: requireActor(req), groupId: params.groupId, input: body }));
  route(app, ep.setActive, async ({ req, params, body }) => setAssistantActive({ db, actor: requireActor(req), groupId: params.groupId, isActive: body.is_active }));
  route(app, ep.extract, async ({ req, body }) => extractTrainingExamples({ db, actor: requireActor(req), config: deps.config, input: body }));
  route(app, ep.examples, async ({ req, params }) => listTrainingExamples({ db, actor: requireActor(req), groupId: params.groupId }));
  route(app, ep.updateExample, async ({ req, params, body }) =>
    updateTrainingExample({ db, actor: requireActor(req), groupId: params.groupId, exampleId: params.exampleId, input: body }),
  );
  route(app, ep.exportExamples, async ({ req, params, reply }) => {
    const rows = await exportTrainingExamples({ db, actor: requireActor(req), groupId: params.groupId });
    // The web saves it under this name too (spec 002 §7); a plain link or curl gets the same file.
    reply.header('content-disposition', `attachment; filename="training-examples-${params.groupId}.json"`);
    return rows;
  });
  route(app, ep.fineTune, async ({ req, params }) => startFineTune({ db, actor: requireActor(req), config: deps.config, groupId: params.groupId }));
}
