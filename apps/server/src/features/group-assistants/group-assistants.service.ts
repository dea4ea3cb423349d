import {
  ASSISTANT_NOT_INITIALIZED,
  FINE_TUNE_IN_PROGRESS,
  FINE_TUNE_NEEDS_LLM,
  GROUP_ASSISTANT_MESSAGES,
  GROUP_NOT_FOUND,
  TRAINING_EXAMPLE_NOT_FOUND,
  type AssistantConfig,
  type AssistantStats,
  type GroupAssistantRow,
  type TrainingExample,
  type UpdateAssistantConfigBodySchema,
  type UpdateTrainingExampleBodySchema,
} from '@fieldbook/contract';
import { and, asc, desc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { findWorkspaceGroup, listWorkspaceGroups, type GroupRecord } from '../groups';
import { assistantTrainingExamples, groupAssistants } from './group-assistants.schema';
import { requireAdmin, requireWorkspace, type Actor } from '../../platform/auth-guard';
import { AppError } from '../../platform/errors';

type GroupRow = GroupRecord;
type AssistantRow = typeof groupAssistants.$inferSelect;
type ExampleRow = typeof assistantTrainingExamples.$inferSelect;

/** The pipeline's states the worker is moving a group through (a second training waits for the first). */
export const WORKING_STATUSES = ['collecting_examples', 'preparing_data', 'fine_tuning'] as const;

/**
 * The group an administrator may manage: one of their own workspace's. A plain user is refused (403) before
 * anything is looked up; another workspace's group is a 404 (its existence is not theirs to know).
 */
export async function adminGroup(db: Db, actor: Actor, groupId: string): Promise<GroupRow> {
  requireAdmin(actor);
  const workspaceId = requireWorkspace(actor);
  const group = await findWorkspaceGroup(db, { groupId, workspaceId });
  if (!group) throw new AppError('NOT_FOUND', GROUP_NOT_FOUND);
  return group;
}

async function assistantOf(db: Db, groupId: string): Promise<AssistantRow> {
  const [row] = await db.select().from(groupAssistants).where(eq(groupAssistants.groupId, groupId)).limit(1);
  if (!row) throw new AppError('CONFLICT', ASSISTANT_NOT_INITIALIZED);
  return row;
}

/**
 * One group's examples, the approved ones and their average quality, counted by PostgreSQL from the examples index
 * alone (group_id, quality_score, status), once per listed group (a lateral join).
 */
function exampleCounts(db: Db) {
  const e = assistantTrainingExamples;
  return db
    .select({
      total: sql<number>`count(*)::int`.as('total'),
      approved: sql<number>`(count(*) filter (where ${e.status} = 'approved'))::int`.as('approved'),
      avgQuality: sql<number | null>`avg(${e.qualityScore})::float8`.as('avg_quality'),
    })
    .from(e)
    .where(eq(e.groupId, groupAssistants.groupId))
    .as('ec');
}

function toStats(a: AssistantRow, counts: { total: number | null; approved: number | null; avgQuality: number | null }): AssistantStats {
  return {
    creation_status: a.creationStatus,
    is_active: a.isActive,
    training_examples_count: counts.total ?? 0,
    approved_examples: counts.approved ?? 0,
    avg_quality: counts.avgQuality === null ? null : Math.min(1, Math.max(0, Number(counts.avgQuality))),
    base_model: a.baseModel,
    last_trained: a.lastTrained?.toISOString() ?? null,
    has_model: a.modelId !== null,
    model_id: a.modelId,
    failure_reason: a.failureReason,
    updated_at: a.updatedAt.toISOString(),
  };
}

/**
 * The administration table's rows: the groups by name (the groups feature's), each with its assistant's stats (or
 * null) — the assistants and their example counts in one statement for all of them.
 */
async function selectRows(db: Db, groups: readonly GroupRow[]): Promise<GroupAssistantRow[]> {
  if (groups.length === 0) return [];
  const ec = exampleCounts(db);
  const rows = await db
    .select({ a: groupAssistants, total: ec.total, approved: ec.approved, avgQuality: ec.avgQuality })
    .from(groupAssistants)
    .leftJoinLateral(ec, sql`true`)
    .where(inArray(groupAssistants.groupId, groups.map((g) => g.id)));
  const byGroup = new Map(rows.map((r) => [r.a.groupId, r]));
  return groups.map((g) => {
    const r = byGroup.get(g.id);
    return {
      group: { id: g.id, name: g.name, description: g.description, created_at: g.createdAt.toISOString(), workspace_id: g.workspaceId },
      stats: r ? toStats(r.a, r) : null,
    };
  });
}

async function rowOf(db: Db, group: GroupRow): Promise<GroupAssistantRow> {
  const [row] = await selectRows(db, [group]);
  return row!;
}

export async function listGroupAssistants(opts: { db: Db; actor: Actor }): Promise<{ items: GroupAssistantRow[] }> {
  requireAdmin(opts.actor);
  return { items: await selectRows(opts.db, await listWorkspaceGroups(opts.db, requireWorkspace(opts.actor))) };
}

/** Creates the group's assistant (not_started, inactive, named after the group); a second call returns the first. */
export async function initializeGroupAssistant(opts: { db: Db; actor: Actor; groupId: string }): Promise<GroupAssistantRow> {
  const group = await adminGroup(opts.db, opts.actor, opts.groupId);
  await opts.db
    .insert(groupAssistants)
    .values({ groupId: group.id, workspaceId: group.workspaceId, name: `${group.name} Assistant` })
    .onConflictDoNothing({ target: groupAssistants.groupId });
  return rowOf(opts.db, group);
}

function toConfig(a: AssistantRow): AssistantConfig {
  return {
    group_id: a.groupId,
    name: a.name,
    persona: a.persona,
    specialization: a.specialization,
    system_prompt: a.systemPrompt,
    base_model: a.baseModel as AssistantConfig['base_model'],
    is_active: a.isActive,
  };
}

export async function getAssistantConfig(opts: { db: Db; actor: Actor; groupId: string }): Promise<AssistantConfig> {
  const group = await adminGroup(opts.db, opts.actor, opts.groupId);
  return toConfig(await assistantOf(opts.db, group.id));
}

export async function updateAssistantConfig(opts: { db: Db; actor: Actor; groupId: string; input: z.output<typeof UpdateAssistantConfigBodySchema> }): Promise<AssistantConfig> {
  const group = await adminGroup(opts.db, opts.actor, opts.groupId);
  const { name, persona, specialization, system_prompt, base_model } = opts.input;
  const [row] = await opts.db
    .update(groupAssistants)
    .set({ name, persona, specialization, systemPrompt: system_prompt, baseModel: base_model })
    .where(eq(groupAssistants.groupId, group.id))
    .returning();
  if (!row) throw new AppError('CONFLICT', ASSISTANT_NOT_INITIALIZED);
  return toConfig(row);
}

/** The toggle (spec 002 §4 "The active toggle flips is_active"): allowed in any state; untrained it answers with the chat model. */
export async function setAssistantActive(opts: { db: Db; actor: Actor; groupId: string; isActive: boolean }): Promise<GroupAssistantRow> {
  const group = await adminGroup(opts.db, opts.actor, opts.groupId);
  const [row] = await opts.db.update(groupAssistants).set({ isActive: opts.isActive }).where(eq(groupAssistants.groupId, group.id)).returning({ groupId: groupAssistants.groupId });
  if (!row) throw new AppError('CONFLICT', ASSISTANT_NOT_INITIALIZED);
  return rowOf(opts.db, group);
}

export function toExample(e: ExampleRow): TrainingExample {
  return {
    id: e.id,
    group_id: e.groupId,
    question: e.question,
    answer: e.answer,
    source_type: e.sourceType,
    source_id: e.sourceId,
    quality_score: Math.min(1, Math.max(0, e.qualityScore)),
    status: e.status,
    created_at: e.createdAt.toISOString(),
    updated_at: e.updatedAt.toISOString(),
  };
}

/** The group's examples, best first (the group + quality index). */
async function examplesOf(db: Db, groupId: string): Promise<TrainingExample[]> {
  const e = assistantTrainingExamples;
  const rows = await db.select().from(e).where(eq(e.groupId, groupId)).orderBy(desc(e.qualityScore), desc(e.createdAt), asc(e.id));
  return rows.map(toExample);
}

export async function listTrainingExamples(opts: { db: Db; actor: Actor; groupId: string }) {
  const group = await adminGroup(opts.db, opts.actor, opts.groupId);
  return { group: { id: group.id, name: group.name }, items: await examplesOf(opts.db, group.id) };
}

export async function updateTrainingExample(opts: { db: Db; actor: Actor; groupId: string; exampleId: string; input: z.output<typeof UpdateTrainingExampleBodySchema> }): Promise<TrainingExample> {
  const group = await adminGroup(opts.db, opts.actor, opts.groupId);
  const { question, answer, status } = opts.input;
  const e = assistantTrainingExamples;
  const [row] = await opts.db
    .update(e)
    .set({ ...(question !== undefined ? { question } : {}), ...(answer !== undefined ? { answer } : {}), ...(status !== undefined ? { status } : {}) })
    .where(and(eq(e.id, opts.exampleId), eq(e.groupId, group.id)))
    .returning();
  if (!row) throw new AppError('NOT_FOUND', TRAINING_EXAMPLE_NOT_FOUND);
  return toExample(row);
}

/** Every example of the group, for the downloaded file; none is refused with the spec's message (002 §5). */
export async function exportTrainingExamples(opts: { db: Db; actor: Actor; groupId: string }) {
  const group = await adminGroup(opts.db, opts.actor, opts.groupId);
  const examples = await examplesOf(opts.db, group.id);
  if (examples.length === 0) throw new AppError('CONFLICT', GROUP_ASSISTANT_MESSAGES.noExamplesToExport);
  return examples;
}

/**
 * Starts a training: the row becomes collecting_examples and due for the fine-tuning worker, which moves it on from
 * there. Refused without an LLM API (nothing could train) and while a training is already under way; the guard is
 * the UPDATE's own condition, so two clicks at once start one training.
 */
export async function startFineTune(opts: { db: Db; actor: Actor; config: Config; groupId: string }): Promise<GroupAssistantRow> {
  const group = await adminGroup(opts.db, opts.actor, opts.groupId);
  await assistantOf(opts.db, group.id);
  if (!opts.config.llm) throw new AppError('CONFLICT', FINE_TUNE_NEEDS_LLM);
  const [started] = await opts.db
    .update(groupAssistants)
    .set({ creationStatus: 'collecting_examples', failureReason: null, fineTuneJobId: null, trainingFileId: null, attempts: 0, nextRunAt: sql`now()`, lockedUntil: null })
    .where(and(eq(groupAssistants.groupId, group.id), notInArray(groupAssistants.creationStatus, [...WORKING_STATUSES])))
    .returning({ groupId: groupAssistants.groupId });
  if (!started) throw new AppError('CONFLICT', FINE_TUNE_IN_PROGRESS);
  return rowOf(opts.db, group);
}
