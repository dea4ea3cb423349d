import { ASSISTANT_NO_ANSWER, type AssistantAnswer, type AssistantSource } from '@fieldbook/contract';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { assistantConversations, documents, groupMembers, jobs, recordings, tasks, type StoredAssistantMessage } from '../../db/schema';
import { requireWorkspace, type Actor } from '../../platform/auth-guard';
import { AppError } from '../../platform/errors';
import { retrievePassages, type RetrievalScope } from './retrieve';

const CONVERSATION_NOT_FOUND = 'Conversation not found';

/** The workspace asked about must be the caller's own (design.md §4: one workspace per caller). */
function scopeFor(actor: Actor, workspaceId: string, groupId: string | null): RetrievalScope {
  if (requireWorkspace(actor) !== workspaceId) throw new AppError('FORBIDDEN', 'You can only ask about your own workspace');
  return { workspaceId, userId: actor.userId, isAdmin: actor.role === 'admin', groupId };
}

async function assertMember(db: Db, actor: Actor, groupId: string): Promise<void> {
  const [row] = await db
    .select({ id: groupMembers.id })
    .from(groupMembers)
    .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, actor.userId)))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', 'Group not found');
}

async function ownConversation(db: Db, actor: Actor, id: string) {
  const [row] = await db.select().from(assistantConversations).where(eq(assistantConversations.id, id)).limit(1);
  if (!row || row.userId !== actor.userId) throw new AppError('NOT_FOUND', CONVERSATION_NOT_FOUND);
  return row;
}

const LABELS: Record<AssistantSource['type'], string> = { document: 'Document', recording: 'Call', job: 'Job', task: 'Task' };

/**
 * Without a language model the answer is extractive: the best passages, quoted, each cited by its number in the
 * sources — never written text the sources do not hold. Nothing found says so.
 */
export function extractiveAnswer(sources: AssistantSource[]): string {
  if (sources.length === 0) return ASSISTANT_NO_ANSWER;
  const lines = sources.slice(0, 3).map((s, i) => {
    const name = s.metadata.name ?? s.metadata.title ?? s.metadata.description ?? '';
    return `[${i + 1}] ${LABELS[s.type]}${name ? ` “${String(name)}”` : ''}: “${s.content}”`;
  });
  return ['Here is what your records say:', ...lines].join('\n\n');
}

export async function askAssistant(opts: {
  db: Db;
  actor: Actor;
  body: { query: string; workspace_id: string; conversation_id?: string | null | undefined; include_sources: boolean; group_id?: string | null | undefined };
  now: Date;
}): Promise<AssistantAnswer> {
  const { db, actor, body } = opts;
  const groupId = body.group_id ?? null;
  const scope = scopeFor(actor, body.workspace_id, groupId);
  if (groupId) await assertMember(db, actor, groupId);
  const conversation = body.conversation_id ? await ownConversation(db, actor, body.conversation_id) : null;
  const sources = await retrievePassages(db, scope, body.query);
  const answer = extractiveAnswer(sources);
  const at = opts.now.toISOString();
  const added: StoredAssistantMessage[] = [
    { role: 'user', content: body.query, timestamp: at, feedback: null, sources: [] },
    { role: 'assistant', content: answer, timestamp: at, feedback: null, sources },
  ];
  let id = conversation?.id;
  if (conversation) {
    await db
      .update(assistantConversations)
      .set({ messages: sql`${assistantConversations.messages} || ${JSON.stringify(added)}::jsonb` })
      .where(eq(assistantConversations.id, conversation.id));
  } else {
    const [created] = await db.insert(assistantConversations).values({ userId: actor.userId, workspaceId: body.workspace_id, groupId, messages: added }).returning({ id: assistantConversations.id });
    id = created!.id;
  }
  return { conversation_id: id!, answer, sources: body.include_sources ? sources : [] };
}

export async function getConversation(opts: { db: Db; actor: Actor; id: string }) {
  const row = await ownConversation(opts.db, opts.actor, opts.id);
  return { id: row.id, messages: row.messages };
}

export async function rateAnswer(opts: { db: Db; actor: Actor; body: { conversation_id: string; message_index: number; rating: 5 | 1 } }): Promise<void> {
  const row = await ownConversation(opts.db, opts.actor, opts.body.conversation_id);
  const message = row.messages[opts.body.message_index];
  if (!message || message.role !== 'assistant') throw new AppError('VALIDATION_ERROR', 'message_index must point at one of the assistant’s answers', [{ field: 'message_index', message: 'Not an answer of this conversation' }]);
  const messages = row.messages.map((m, i) => (i === opts.body.message_index ? { ...m, feedback: opts.body.rating === 5 ? ('positive' as const) : ('negative' as const) } : m));
  await opts.db.update(assistantConversations).set({ messages }).where(eq(assistantConversations.id, row.id));
}

/** A new conversation and questions drawn from the workspace's own recent data (spec 000 §7 init). */
export async function initAssistant(opts: { db: Db; actor: Actor; workspaceId: string }) {
  const { db, actor, workspaceId } = opts;
  scopeFor(actor, workspaceId, null);
  const [job] = await db.select({ client: jobs.clientName, title: jobs.title }).from(jobs).where(eq(jobs.workspaceId, workspaceId)).orderBy(desc(jobs.createdAt)).limit(1);
  const [doc] = await db
    .select({ name: documents.name })
    .from(documents)
    .where(and(eq(documents.workspaceId, workspaceId), sql`${documents.status} IN ('processed', 'created')`))
    .orderBy(desc(documents.createdAt))
    .limit(1);
  const [call] = await db
    .select({ phone: recordings.phoneNumber })
    .from(recordings)
    .where(and(eq(recordings.userId, actor.userId), eq(recordings.transcriptionStatus, 'done'), sql`${recordings.phoneNumber} IS NOT NULL`))
    .orderBy(desc(recordings.createdAt))
    .limit(1);
  const [pending] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(tasks)
    .where(and(eq(tasks.workspaceId, workspaceId), eq(tasks.status, 'pending')));
  const suggestions = [
    job?.client || job?.title ? { query: `What is the latest on the ${job.client ?? job.title} job?`, description: 'Status, tasks and paperwork of your newest job' } : null,
    doc ? { query: `What does ${doc.name.replace(/\.[a-z0-9]+$/i, '')} say?`, description: 'The key points of a recent document' } : null,
    call?.phone ? { query: `What was said on the call with ${call.phone}?`, description: 'From the transcript of your latest call' } : null,
    pending && pending.n > 0 ? { query: 'Which tasks are still pending?', description: `${pending.n} pending task${pending.n === 1 ? '' : 's'} in your workspace` } : null,
  ].filter((s): s is { query: string; description: string } => s !== null);
  if (suggestions.length === 0) suggestions.push({ query: 'What can you help me with?', description: 'The assistant answers from your documents, calls, jobs and tasks' });
  const [created] = await db.insert(assistantConversations).values({ userId: actor.userId, workspaceId }).returning({ id: assistantConversations.id });
  return { conversation_id: created!.id, suggested_queries: suggestions };
}
