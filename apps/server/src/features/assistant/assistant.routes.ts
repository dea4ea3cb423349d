import { assistantEndpoints as endpoints } from '@fieldbook/contract';
import type { FastifyInstance } from 'fastify';
import { requireActor } from '../../platform/auth-guard';
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
  route(app, endpoints.init, async ({ req, query }) => initAssistant({ db, actor: requireActor(req), workspaceId: query.workspace_id }));
  route(app, endpoints.query, async ({ req, body }) => askAssistant({ db, actor: requireActor(req), body, now: deps.now(), llm, log: req.log }));
  route(app, endpoints.queryStream, async ({ req, reply, body }) => streamAssistant({ db, actor: requireActor(req), body, now: deps.now, llm, reply }));
  route(app, endpoints.conversation, async ({ req, params }) => getConversation({ db, actor: requireActor(req), id: params.id }));
  route(app, endpoints.feedback, async ({ req, body }) => {
    await rateAnswer({ db, actor: requireActor(req), body });
    return { ok: true as const };
  });
}
