import { assistantEndpoints as endpoints } from '@fieldbook/contract';
import type { FastifyInstance } from 'fastify';
import type { FeatureDeps } from '../../platform/deps';
import { route } from '../../platform/endpoint';
import { askAssistant, getConversation, initAssistant, rateAnswer } from './assistant.service';
import { streamAssistant } from './assistant.stream';
import { answerModel } from './llm-answer';

/** The assistant (spec 000 §7): answers from the caller's own material, with sources. */
export async function assistantRoutes(app: FastifyInstance, deps: FeatureDeps): Promise<void> {
  const { db } = deps;
  // One client for the process (config.llm set): it keeps its connections alive between questions.
  const llm = answerModel(deps.config.llm);
  route(app, endpoints.init, async ({ actor, query }) => initAssistant({ db, actor, workspaceId: query.workspace_id }));
  route(app, endpoints.query, async ({ actor, req, body }) => askAssistant({ db, actor, body, now: deps.now(), llm, log: req.log }));
  route(app, endpoints.queryStream, async ({ actor, reply, body }) => streamAssistant({ db, actor, body, now: deps.now, llm, reply }));
  route(app, endpoints.conversation, async ({ actor, params }) => getConversation({ db, actor, id: params.id }));
  route(app, endpoints.feedback, async ({ actor, body }) => {
    await rateAnswer({ db, actor, body });
    return { ok: true as const };
  });
}
