import { createHash } from 'node:crypto';
import { ASSISTANT_NOT_INITIALIZED } from '@fieldbook/contract';
import { eq, sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { groupTrainingSources, type TrainingSource } from '../search';
import { assistantTrainingExamples, groupAssistants } from './group-assistants.schema';
import { requireAdmin, type Actor } from '../../platform/auth-guard';
import { AppError } from '../../platform/errors';
import { llmClient, llmErrorReason, type LlmConfig } from '../../platform/llm';
import { AUTO_APPROVE_QUALITY, documentPairs, qualityScore, transcriptPairs, type QaPair } from './extract-rules';
import { adminGroup } from './group-assistants.service';

/** Sources read per extraction, newest first (a bound on the work and, with a model, on the API's bill). */
const MAX_SOURCES = 200;
const MAX_LLM_SOURCES = 40;
/** Characters of one source given to the model. */
const MAX_LLM_CHARS = 12_000;
const MAX_PAIRS_PER_SOURCE = 40;

type Source = TrainingSource;

/** The group's material, from the search feature's read model (members' transcribed calls, the group's jobs' documents). */
function groupSources(db: Db, group: { id: string; workspaceId: string }, limit: number): Promise<Source[]> {
  return groupTrainingSources(db, group, limit);
}

function pairsByRules(source: Source): QaPair[] {
  if (source.type === 'recording') return transcriptPairs(source.segments?.length ? source.segments : source.text.split(/\r?\n/));
  return documentPairs(source.text, source.name);
}

const EXTRACTION_PROMPT = [
  'You extract training examples for a contractor crew’s assistant from one of their call transcripts or documents.',
  'Return JSON {"pairs": [{"question": "...", "answer": "..."}]}: questions a crew member or client would really ask,',
  'each answered only with what the text says (no invented facts). At most 20 pairs; none if the text answers nothing.',
].join(' ');

/** Pairs the chat model finds in one source (JSON output); what is not a pair of two non-empty strings is dropped. */
async function pairsByModel(llm: LlmConfig, source: Source): Promise<QaPair[]> {
  const completion = await llmClient(llm).chat.completions.create({
    model: llm.chatModel,
    temperature: 0,
    response_format: { type: 'json_object' },
    messages: [
      { role: 'system', content: EXTRACTION_PROMPT },
      { role: 'user', content: `${source.type === 'recording' ? 'Call transcript' : 'Document'} "${source.name}":\n\n${source.text.slice(0, MAX_LLM_CHARS)}` },
    ],
  });
  let parsed: unknown;
  try {
    parsed = JSON.parse(completion.choices[0]?.message.content ?? '');
  } catch {
    return [];
  }
  const pairs = (parsed as { pairs?: unknown } | null)?.pairs;
  if (!Array.isArray(pairs)) return [];
  return pairs
    .filter((p): p is QaPair => typeof p === 'object' && p !== null && typeof (p as QaPair).question === 'string' && typeof (p as QaPair).answer === 'string')
    .map((p) => ({ question: p.question.replace(/\s+/g, ' ').trim().slice(0, 4000), answer: p.answer.replace(/\s+/g, ' ').trim().slice(0, 8000) }))
    .filter((p) => p.question && p.answer);
}

/** The same pair from the same source, however spaced or capitalized, has the same key. */
function pairKey(source: Source, pair: QaPair): string {
  const norm = (s: string) => s.toLowerCase().replace(/\s+/g, ' ').trim();
  return createHash('sha256').update(`${source.type}:${source.id}\n${norm(pair.question)}\n${norm(pair.answer)}`).digest('hex');
}

/**
 * Draws question/answer pairs from the group's calls and documents (spec 002 §7 POST /api/assistant/extract-examples):
 * by the chat model when one is configured, else by the rules of extract-rules.ts. Pairs already stored are skipped;
 * with auto_approve the new pairs scoring at least AUTO_APPROVE_QUALITY are approved. All pairs are found before any
 * is written, so a failing model API writes nothing.
 */
export async function extractTrainingExamples(opts: { db: Db; actor: Actor; config: Config; input: { group_id: string; workspace_id: string; auto_approve: boolean } }) {
  const { db, actor, input } = opts;
  requireAdmin(actor);
  if (input.workspace_id !== actor.workspaceId) throw new AppError('FORBIDDEN', 'You can only extract training examples in your own workspace');
  const group = await adminGroup(db, actor, input.group_id);
  const [assistant] = await db.select({ groupId: groupAssistants.groupId }).from(groupAssistants).where(eq(groupAssistants.groupId, group.id));
  if (!assistant) throw new AppError('CONFLICT', ASSISTANT_NOT_INITIALIZED);

  const llm = opts.config.llm;
  const sources = await groupSources(db, group, llm ? MAX_LLM_SOURCES : MAX_SOURCES);
  const found = new Map<string, typeof assistantTrainingExamples.$inferInsert>();
  for (const source of sources) {
    let pairs: QaPair[];
    try {
      pairs = llm ? await pairsByModel(llm, source) : pairsByRules(source);
    } catch (err) {
      throw new AppError('UNAVAILABLE', llmErrorReason(err));
    }
    for (const pair of pairs.slice(0, MAX_PAIRS_PER_SOURCE)) {
      const key = pairKey(source, pair);
      const quality = qualityScore(pair);
      found.set(key, {
        groupId: group.id,
        workspaceId: group.workspaceId,
        question: pair.question,
        answer: pair.answer,
        sourceType: source.type,
        sourceId: source.id,
        pairKey: key,
        qualityScore: quality,
        status: input.auto_approve && quality >= AUTO_APPROVE_QUALITY ? 'approved' : 'pending',
      });
    }
  }

  let created = 0;
  const rows = [...found.values()];
  await db.transaction(async (tx) => {
    for (let i = 0; i < rows.length; i += 500) {
      const inserted = await tx
        .insert(assistantTrainingExamples)
        .values(rows.slice(i, i + 500))
        .onConflictDoNothing({ target: [assistantTrainingExamples.groupId, assistantTrainingExamples.pairKey] })
        .returning({ id: assistantTrainingExamples.id });
      created += inserted.length;
    }
  });
  const [total] = await db.select({ n: sql<number>`count(*)::int` }).from(assistantTrainingExamples).where(eq(assistantTrainingExamples.groupId, group.id));
  return { total_examples: total?.n ?? 0, created };
}
