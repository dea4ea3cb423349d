import { z } from 'zod';
import { IdParamsSchema, OkSchema } from './common';
import { defineEndpoint } from './endpoint';

/** Spec 000 §3 assistant source: type, similarity 0–1, content, metadata (what the UI needs to open it). */
export const AssistantSourceTypeSchema = z.enum(['document', 'recording', 'job', 'task', 'contact', 'photo']);
export const AssistantSourceSchema = z.object({
  type: AssistantSourceTypeSchema,
  similarity: z.number().min(0).max(1),
  content: z.string(),
  metadata: z.record(z.string(), z.union([z.string(), z.number(), z.null()])),
});
export type AssistantSource = z.infer<typeof AssistantSourceSchema>;

export const AssistantMessageSchema = z.object({
  role: z.enum(['user', 'assistant', 'error']),
  content: z.string(),
  timestamp: z.string(),
  feedback: z.enum(['positive', 'negative']).nullable(),
  sources: z.array(AssistantSourceSchema),
});
export type AssistantMessage = z.infer<typeof AssistantMessageSchema>;

export const ConversationSchema = z.object({ id: z.uuid(), messages: z.array(AssistantMessageSchema) });

export const AssistantQueryBodySchema = z.object({
  query: z.string().trim().min(1, { error: 'Ask a question' }).max(2000),
  workspace_id: z.uuid({ error: 'workspace_id must be a workspace id' }),
  conversation_id: z.uuid().nullish(),
  include_sources: z.boolean().default(true),
  group_id: z.uuid().nullish(),
});
export const AssistantAnswerSchema = z.object({ conversation_id: z.uuid(), answer: z.string(), sources: z.array(AssistantSourceSchema) });
export type AssistantAnswer = z.infer<typeof AssistantAnswerSchema>;

export const AssistantInitQuerySchema = z.object({ workspace_id: z.uuid({ error: 'workspace_id must be a workspace id' }) });
export const SuggestedQuerySchema = z.object({ query: z.string(), description: z.string() });
export const AssistantInitSchema = z.object({ conversation_id: z.uuid(), suggested_queries: z.array(SuggestedQuerySchema) });

export const AssistantFeedbackBodySchema = z.object({
  conversation_id: z.uuid(),
  message_index: z.number().int().min(0),
  rating: z.union([z.literal(5), z.literal(1)], { error: 'rating must be 5 (positive) or 1 (negative)' }),
});

/** What the assistant says when nothing the caller can open answers the question (never an invented answer). */
export const ASSISTANT_NO_ANSWER = "I couldn't find anything about that in your workspace's documents, calls, jobs, tasks or contacts.";
export const ASSISTANT_INIT_FAILED = 'Failed to initialize the assistant. Please try again later.';
export const ASSISTANT_SEND_FAILED = 'Sorry, I encountered an error processing your request. Please try again.';

/**
 * The streamed answer (`POST /api/assistant/query/stream`, same body as query): newline-delimited JSON, one event
 * per line — the sources first, then the answer's text in pieces as it is written, then `done` with the whole
 * answer as stored (or `error`: the answer could not be finished; nothing of it is stored). When the language model
 * fails, `done` carries what the plain query answers too — the cited passages with a line saying why — and it
 * replaces any pieces already sent.
 */
export const AssistantStreamEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('start'), conversation_id: z.uuid(), sources: z.array(AssistantSourceSchema) }),
  z.object({ type: z.literal('delta'), text: z.string() }),
  z.object({ type: z.literal('done'), conversation_id: z.uuid(), answer: z.string(), message_index: z.number().int().min(0) }),
  z.object({ type: z.literal('error'), message: z.string() }),
]);
export type AssistantStreamEvent = z.infer<typeof AssistantStreamEventSchema>;
export const ASSISTANT_STREAM_CONTENT_TYPE = 'application/x-ndjson';

const tags = ['assistant'];

export const assistantEndpoints = {
  init: defineEndpoint({ method: 'GET', path: '/api/assistant/init', access: 'user', summary: 'A new conversation and suggested questions from the workspace’s own data', tags, query: AssistantInitQuerySchema, response: AssistantInitSchema }),
  query: defineEndpoint({ method: 'POST', path: '/api/assistant/query', access: 'user', summary: 'Ask: an answer drawn from the caller’s documents, calls, jobs and tasks, with its sources', tags, body: AssistantQueryBodySchema, response: AssistantAnswerSchema }),
  queryStream: defineEndpoint({ method: 'POST', path: '/api/assistant/query/stream', access: 'user', summary: 'Ask, the answer streamed as it is written (newline-delimited AssistantStreamEvent JSON)', tags, body: AssistantQueryBodySchema, response: z.unknown() }),
  conversation: defineEndpoint({ method: 'GET', path: '/api/assistant/conversations/:id', access: 'user', summary: 'A conversation (its owner only)', tags, params: IdParamsSchema, response: ConversationSchema }),
  feedback: defineEndpoint({ method: 'POST', path: '/api/assistant/feedback', access: 'user', summary: 'Thumbs up (5) or down (1) on an answer', tags, body: AssistantFeedbackBodySchema, response: OkSchema }),
};
