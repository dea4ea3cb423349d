import { randomUUID } from 'node:crypto';
import { type AssistantAnswer, type AssistantMessage, type AssistantSource } from '@fieldbook/contract';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { isGroupMember } from '../groups';
import { workHighlights } from '../search';
import { assistantConversations } from './assistant.schema';
import { requireWorkspace, type Actor } from '../../platform/auth-guard';
import { AppError } from '../../platform/errors';
import { composeAnswer, recentTurns, type AnswerModel, type Turn } from './llm-answer';
import { retrievePassages, type RetrievalScope } from './retrieve';

const CONVERSATION_NOT_FOUND = 'Conversation not found';

/** The workspace asked about must be the caller's own (design.md §4: one workspace per caller). */
function scopeFor(actor: Actor, workspaceId: string, groupId: string | null): RetrievalScope {
  if (requireWorkspace(actor) !== workspaceId) throw new AppError('FORBIDDEN', 'You can only ask about your own workspace');
  return { workspaceId, userId: actor.userId, isAdmin: actor.role === 'admin', groupId };
}

async function assertMember(db: Db, actor: Actor, groupId: string): Promise<void> {
  if (!(await isGroupMember(db, actor.userId, groupId))) throw new AppError('NOT_FOUND', 'Group not found');
}

async function ownConversation(db: Db, actor: Actor, id: string) {
  const [row] = await db.select().from(assistantConversations).where(eq(assistantConversations.id, id)).limit(1);
  if (!row || row.userId !== actor.userId) throw new AppError('NOT_FOUND', CONVERSATION_NOT_FOUND);
  return row;
}

export type AssistantQuestion = {
  query: string;
  workspace_id: string;
  conversation_id?: string | null | undefined;
  include_sources: boolean;
  group_id?: string | null | undefined;
};

/** A question that passed every check, with what answers it: the retrieved sources and the conversation so far. */
export type PreparedQuestion = {
  question: string;
  workspaceId: string;
  groupId: string | null;
  /** The conversation the exchange goes into: the caller's existing one, or a new id (written when stored). */
  conversationId: string;
  isNewConversation: boolean;
  history: Turn[];
  sources: AssistantSource[];
};

/**
 * Every check of a question, before anything is answered or streamed: the caller's own workspace (403), a group
 * they are a member of and a conversation they own (404); then retrieval over what they may open.
 */
export async function prepareQuestion(opts: { db: Db; actor: Actor; body: AssistantQuestion }): Promise<PreparedQuestion> {
  const { db, actor, body } = opts;
  const groupId = body.group_id ?? null;
  const scope = scopeFor(actor, body.workspace_id, groupId);
  if (groupId) await assertMember(db, actor, groupId);
  const conversation = body.conversation_id ? await ownConversation(db, actor, body.conversation_id) : null;
  const sources = await retrievePassages(db, scope, body.query);
  return {
    question: body.query,
    workspaceId: body.workspace_id,
    groupId,
    conversationId: conversation?.id ?? randomUUID(),
    isNewConversation: !conversation,
    history: conversation ? recentTurns(conversation.messages) : [],
    sources,
  };
}

/**
 * Stores a finished exchange — the question, then the answer with its sources — at the end of the conversation
 * (appended in one statement, so two answers finishing together both stay). Returns the answer's message index.
 */
export async function storeExchange(opts: { db: Db; actor: Actor; prepared: PreparedQuestion; answer: string; now: Date }): Promise<{ conversation_id: string; message_index: number }> {
  const { db, actor, prepared } = opts;
  const at = opts.now.toISOString();
  const added: AssistantMessage[] = [
    { role: 'user', content: prepared.question, timestamp: at, feedback: null, sources: [] },
    { role: 'assistant', content: opts.answer, timestamp: at, feedback: null, sources: prepared.sources },
  ];
  const json = sql`${JSON.stringify(added)}::jsonb`;
  const length = sql<number>`jsonb_array_length(${assistantConversations.messages})`;
  const [row] = prepared.isNewConversation
    ? await db
        .insert(assistantConversations)
        .values({ id: prepared.conversationId, userId: actor.userId, workspaceId: prepared.workspaceId, groupId: prepared.groupId, messages: json })
        .returning({ length })
    : await db
        .update(assistantConversations)
        .set({ messages: sql`${assistantConversations.messages} || ${json}` })
        .where(and(eq(assistantConversations.id, prepared.conversationId), eq(assistantConversations.userId, actor.userId)))
        .returning({ length });
  if (!row) throw new AppError('NOT_FOUND', CONVERSATION_NOT_FOUND);
  return { conversation_id: prepared.conversationId, message_index: Number(row.length) - 1 };
}

/** The non-streamed answer: what composeAnswer (llm-answer.ts) decides, stored, with the sources when asked for. */
export async function askAssistant(opts: { db: Db; actor: Actor; body: AssistantQuestion; now: Date; llm: AnswerModel | null; log: FastifyBaseLogger }): Promise<AssistantAnswer> {
  const prepared = await prepareQuestion(opts);
  const answer = await composeAnswer({ db: opts.db, llm: opts.llm, prepared, log: opts.log });
  const stored = await storeExchange({ db: opts.db, actor: opts.actor, prepared, answer, now: opts.now });
  return { conversation_id: stored.conversation_id, answer, sources: opts.body.include_sources ? prepared.sources : [] };
}

export async function getConversation(opts: { db: Db; actor: Actor; id: string }) {
  const row = await ownConversation(opts.db, opts.actor, opts.id);
  return { id: row.id, messages: row.messages };
}

export async function rateAnswer(opts: { db: Db; actor: Actor; body: { conversation_id: string; message_index: number; rating: 5 | 1 } }): Promise<void> {
  const row = await ownConversation(opts.db, opts.actor, opts.body.conversation_id);
  const message = row.messages[opts.body.message_index];
  if (!message || message.role !== 'assistant') throw new AppError('VALIDATION_ERROR', 'message_index must point at one of the assistant’s answers', [{ field: 'message_index', message: 'Not an answer of this conversation' }]);
  // Only that message's feedback is written (jsonb_set), so an answer being appended at the same moment stays.
  const feedback = JSON.stringify(opts.body.rating === 5 ? 'positive' : 'negative');
  await opts.db
    .update(assistantConversations)
    .set({ messages: sql`jsonb_set(${assistantConversations.messages}, string_to_array(${`${opts.body.message_index} feedback`}, ' '), ${feedback}::jsonb)` })
    .where(eq(assistantConversations.id, row.id));
}

/** A new conversation and questions drawn from the workspace's own recent data (spec 000 §7 init). */
export async function initAssistant(opts: { db: Db; actor: Actor; workspaceId: string }) {
  const { db, actor, workspaceId } = opts;
  scopeFor(actor, workspaceId, null);
  // The search feature's read model: the newest job, document and transcribed call, and the pending tasks.
  const { job, document: doc, call, pendingTasks } = await workHighlights(db, { workspaceId, userId: actor.userId });
  const pending = { n: pendingTasks };
  const suggestions = [
    job?.client || job?.title ? { query: `What is the latest on the ${job.client ?? job.title} job?`, description: 'Status, tasks and paperwork of your newest job' } : null,
    doc ? { query: `What does ${doc.name.replace(/\.[a-z0-9]+$/i, '')} say?`, description: 'The key points of a recent document' } : null,
    call?.phone ? { query: `What was said on the call with ${call.phone}?`, description: 'From the transcript of your latest call' } : null,
    pending && pending.n > 0 ? { query: 'Which tasks are still pending?', description: `${pending.n} pending task${pending.n === 1 ? '' : 's'} in your workspace` } : null,
  ].filter((s): s is { query: string; description: string } => s !== null);
  if (suggestions.length === 0) suggestions.push({ query: 'What can you help me with?', description: 'The assistant answers from your documents, calls, jobs and tasks' });
  // An opened widget that was never asked anything leaves an empty conversation: the next start takes it up again
  // instead of piling up empty ones.
  const [unused] = await db
    .select({ id: assistantConversations.id })
    .from(assistantConversations)
    .where(and(eq(assistantConversations.userId, actor.userId), eq(assistantConversations.workspaceId, workspaceId), sql`${assistantConversations.messages} = '[]'::jsonb`))
    .orderBy(desc(assistantConversations.createdAt))
    .limit(1);
  const id = unused?.id ?? (await db.insert(assistantConversations).values({ userId: actor.userId, workspaceId }).returning({ id: assistantConversations.id }))[0]!.id;
  return { conversation_id: id, suggested_queries: suggestions };
}
