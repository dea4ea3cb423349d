import { groupAssistantEndpoints as ep } from '@fieldbook/contract';
import type { FastifyInstance } from 'fastify';
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
  route(app, ep.list, async ({ actor }) => listGroupAssistants({ db, actor }));
  route(app, ep.initialize, async ({ actor, params }) => initializeGroupAssistant({ db, actor, groupId: params.groupId }));
  route(app, ep.config, async ({ actor, params }) => getAssistantConfig({ db, actor, groupId: params.groupId }));
  route(app, ep.updateConfig, async ({ actor, params, body }) => updateAssistantConfig({ db, actor, groupId: params.groupId, input: body }));
  route(app, ep.setActive, async ({ actor, params, body }) => setAssistantActive({ db, actor, groupId: params.groupId, isActive: body.is_active }));
  route(app, ep.extract, async ({ actor, body }) => extractTrainingExamples({ db, actor, config: deps.config, input: body }));
  route(app, ep.examples, async ({ actor, params }) => listTrainingExamples({ db, actor, groupId: params.groupId }));
  route(app, ep.updateExample, async ({ actor, params, body }) =>
    updateTrainingExample({ db, actor, groupId: params.groupId, exampleId: params.exampleId, input: body }),
  );
  route(app, ep.exportExamples, async ({ actor, params, reply }) => {
    const rows = await exportTrainingExamples({ db, actor, groupId: params.groupId });
    // The web saves it under this name too (spec 002 §7); a plain link or curl gets the same file.
    reply.header('content-disposition', `attachment; filename="training-examples-${params.groupId}.json"`);
    return rows;
  });
  route(app, ep.fineTune, async ({ actor, params }) => startFineTune({ db, actor, config: deps.config, groupId: params.groupId }));
}
