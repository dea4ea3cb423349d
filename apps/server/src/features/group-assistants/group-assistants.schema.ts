import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, real, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from '../../db/schema/_columns';
import { groups } from '../groups/groups.schema';
import { workspaces } from '../workspaces/workspaces.schema';

export type GroupAssistantStatus = 'not_started' | 'collecting_examples' | 'preparing_data' | 'fine_tuning' | 'completed' | 'failed';

/**
 * A group's assistant (spec 002 §3 assistant_training_stats and group_assistant_configs — two views of this one
 * row): its configuration, whether it answers for the group, and the fine-tuning pipeline's state. The row is also
 * the fine-tuning worker's queue entry (ADR 0006): a working status with next_run_at due and no live lease.
 */
export const groupAssistants = pgTable(
  'group_assistants',
  {
    groupId: uuid()
      .primaryKey()
      .references(() => groups.id, { onDelete: 'cascade' }),
    workspaceId: uuid()
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    creationStatus: text().$type<GroupAssistantStatus>().notNull().default('not_started'),
    isActive: boolean().notNull().default(false),
    name: text().notNull().default(''),
    persona: text().notNull().default(''),
    specialization: text().notNull().default(''),
    systemPrompt: text().notNull().default(''),
    baseModel: text().notNull().default('gpt-4.1-mini'),
    /** The fine-tuned model (ft:…) once a training succeeded; kept when a later training fails. */
    modelId: text(),
    lastTrained: timestamp({ withTimezone: true }),
    failureReason: text(),
    fineTuneJobId: text(),
    trainingFileId: text(),
    /** API failures in a row at the current step; reset when a step succeeds. */
    attempts: integer().notNull().default(0),
    /** When the worker should look at the row next (null: nothing to do). */
    nextRunAt: timestamp({ withTimezone: true }),
    /** A claimed row's lease: another worker leaves it alone until then. */
    lockedUntil: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('group_assistants_workspace_idx').on(t.workspaceId),
    index('group_assistants_queue_idx')
      .on(t.nextRunAt)
      .where(sql`${t.creationStatus} IN ('collecting_examples', 'preparing_data', 'fine_tuning')`),
  ],
);

/**
 * A question/answer pair a group's assistant may be trained on (spec 002 §3 assistant_training_examples), drawn from
 * a call transcript or a document. pair_key (a hash of the source and the normalized pair as extracted) keeps a
 * second extraction from adding the same pair again, even after the first was edited.
 */
export const assistantTrainingExamples = pgTable(
  'assistant_training_examples',
  {
    id: id(),
    groupId: uuid()
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    workspaceId: uuid()
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    question: text().notNull(),
    answer: text().notNull(),
    sourceType: text().$type<'recording' | 'document' | 'manual'>().notNull(),
    sourceId: uuid(),
    pairKey: text().notNull(),
    qualityScore: real().notNull(),
    status: text().$type<'pending' | 'approved' | 'rejected'>().notNull().default('pending'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('assistant_training_examples_pair_uq').on(t.groupId, t.pairKey),
    // Best first per group (the review list), and — with status in it — the admin list's per-group counts and
    // average quality from the index alone.
    index('assistant_training_examples_group_quality_idx').on(t.groupId, t.qualityScore.desc(), t.status),
  ],
);
