import { z } from 'zod';
import { defineEndpoint } from './endpoint';

/**
 * Group assistants administration (spec 002 §2 "Group assistants administration", §3 assistant_training_stats,
 * group_assistant_configs, assistant_training_examples; spec 002 §8 messages). Admin only, for the groups of the
 * admin's workspace.
 */

/** The training pipeline's states, in order (spec 002 §3); the server moves a group through them. */
export const ASSISTANT_STATUSES = ['not_started', 'collecting_examples', 'preparing_data', 'fine_tuning', 'completed', 'failed'] as const;
export const AssistantStatusSchema = z.enum(ASSISTANT_STATUSES);
export type AssistantStatus = z.infer<typeof AssistantStatusSchema>;

/** The base models offered by the configuration dialog, with the labels the spec gives them. */
export const BASE_MODELS = [
  { value: 'gpt-4.1-mini', label: 'GPT-4o Mini' },
  { value: 'gpt-4o', label: 'GPT-4o' },
  { value: 'gpt-3.5-turbo', label: 'GPT-3.5 Turbo' },
] as const;
export const DEFAULT_BASE_MODEL = 'gpt-4.1-mini';
export const BaseModelSchema = z.enum(['gpt-4.1-mini', 'gpt-4o', 'gpt-3.5-turbo'], { error: 'base_model must be one of gpt-4.1-mini, gpt-4o, gpt-3.5-turbo' });

/** OpenAI's fine-tuning API refuses fewer examples than this. */
export const MIN_FINE_TUNE_EXAMPLES = 10;

export const AssistantStatsSchema = z.object({
  creation_status: AssistantStatusSchema,
  is_active: z.boolean(),
  training_examples_count: z.number().int(),
  approved_examples: z.number().int(),
  /** 0–1 (shown as a percent with 0 decimals); null with no examples. */
  avg_quality: z.number().min(0).max(1).nullable(),
  base_model: z.string(),
  last_trained: z.string().nullable(),
  has_model: z.boolean(),
  /** The fine-tuned model's id (used for the group's answers while active). */
  model_id: z.string().nullable(),
  /** Why the last training failed (shown with the failed badge). */
  failure_reason: z.string().nullable(),
  updated_at: z.string(),
});
export type AssistantStats = z.infer<typeof AssistantStatsSchema>;

export const AssistantConfigSchema = z.object({
  group_id: z.uuid(),
  name: z.string(),
  persona: z.string(),
  specialization: z.string(),
  system_prompt: z.string(),
  base_model: BaseModelSchema,
  is_active: z.boolean(),
});
export type AssistantConfig = z.infer<typeof AssistantConfigSchema>;

/** One group's row of the administration table: the group and, once initialized, its stats (null: 'Not Initialized'). */
export const GroupAssistantRowSchema = z.object({
  group: z.object({ id: z.uuid(), name: z.string(), description: z.string().nullable(), created_at: z.string(), workspace_id: z.uuid() }),
  stats: AssistantStatsSchema.nullable(),
});
export type GroupAssistantRow = z.infer<typeof GroupAssistantRowSchema>;
export const GroupAssistantListSchema = z.object({ items: z.array(GroupAssistantRowSchema) });

const text = (max: number) => z.string().trim().max(max).default('');
/** No field validation is shown by the spec (002 §5); lengths are capped so nothing unbounded is stored. */
export const UpdateAssistantConfigBodySchema = z.object({
  name: text(200),
  persona: text(4000),
  specialization: text(1000),
  system_prompt: text(8000),
  base_model: BaseModelSchema.default(DEFAULT_BASE_MODEL),
});
export const SetAssistantActiveBodySchema = z.object({ is_active: z.boolean() });

export const ExampleStatusSchema = z.enum(['pending', 'approved', 'rejected']);
export type ExampleStatus = z.infer<typeof ExampleStatusSchema>;
export const TrainingExampleSchema = z.object({
  id: z.uuid(),
  group_id: z.uuid(),
  question: z.string(),
  answer: z.string(),
  /** Where it was drawn from: a call transcript or a document (with its id), or written by hand. */
  source_type: z.enum(['recording', 'document', 'manual']),
  source_id: z.uuid().nullable(),
  /** 0–1: how useful the pair looks (length, a real question, an answer with substance). */
  quality_score: z.number().min(0).max(1),
  status: ExampleStatusSchema,
  created_at: z.string(),
  updated_at: z.string(),
});
export type TrainingExample = z.infer<typeof TrainingExampleSchema>;
export const TrainingExampleListSchema = z.object({
  group: z.object({ id: z.uuid(), name: z.string() }),
  items: z.array(TrainingExampleSchema),
});
export const UpdateTrainingExampleBodySchema = z
  .object({
    question: z.string().trim().min(1, { error: 'Question is required' }).max(4000).optional(),
    answer: z.string().trim().min(1, { error: 'Answer is required' }).max(8000).optional(),
    status: ExampleStatusSchema.optional(),
  })
  .refine((b) => b.question !== undefined || b.answer !== undefined || b.status !== undefined, { error: 'Nothing to change' });

export const ExtractExamplesBodySchema = z.object({
  group_id: z.uuid({ error: 'group_id must be a group id' }),
  workspace_id: z.uuid({ error: 'workspace_id must be a workspace id' }),
  auto_approve: z.boolean().default(false),
});
/** total_examples: the group's examples after extraction; created: how many this run added (duplicates are skipped). */
export const ExtractExamplesResultSchema = z.object({ total_examples: z.number().int(), created: z.number().int() });

/** The downloaded file `training-examples-{groupId}.json`. */
/** Spec 002 §7: the export is the group's assistant_training_examples rows themselves, saved as training-examples-{groupId}.json. */
export const TrainingExportSchema = z.array(TrainingExampleSchema);

export const GroupIdParamsSchema = z.object({ groupId: z.uuid({ error: 'Group not found' }) });
export const ExampleParamsSchema = z.object({ groupId: z.uuid({ error: 'Group not found' }), exampleId: z.uuid({ error: 'Training example not found' }) });

/** Spec 002 §8, the assistant screen's alerts and its one success message. */
export const GROUP_ASSISTANT_MESSAGES = {
  loadFailed: 'Failed to load groups and assistant data',
  initializeFailed: 'Failed to initialize assistant',
  updateConfigFailed: 'Failed to update assistant configuration',
  updateStateFailed: 'Failed to update assistant state',
  extractFailed: 'Failed to extract training examples',
  refreshFailed: 'Failed to refresh data',
  loadConfigFailed: 'Failed to load assistant configuration',
  noExamplesToExport: 'No training examples found to export',
  exportFailed: 'Failed to export training examples',
  configUpdated: 'Assistant configuration updated successfully',
} as const;
/** Server refusals of our own (not in the spec): an action that needs the assistant initialized first, a second training. */
export const ASSISTANT_NOT_INITIALIZED = 'Initialize the assistant first';
export const FINE_TUNE_IN_PROGRESS = 'Fine-tuning is already in progress for this group';
export const TRAINING_EXAMPLE_NOT_FOUND = 'Training example not found';
export const extractionCompleted = (n: number) => `Extraction completed: ${n} examples found.`;
export const FINE_TUNE_NEEDS_LLM = 'Fine-tuning needs an OpenAI-compatible API: set LLM_BASE_URL (and LLM_API_KEY) on the server.';
export const fineTuneNeedsExamples = (approved: number) => `At least ${MIN_FINE_TUNE_EXAMPLES} approved training examples are needed to fine-tune (${approved} approved).`;

const tags = ['group-assistants'];

export const groupAssistantEndpoints = {
  list: defineEndpoint({ method: 'GET', path: '/api/group-assistants', access: 'admin', summary: "The admin's workspace's groups with their assistant's training stats", tags, response: GroupAssistantListSchema }),
  initialize: defineEndpoint({ method: 'POST', path: '/api/group-assistants/:groupId/initialize', access: 'admin', summary: "Create the group's assistant (stats and configuration; not_started)", tags, params: GroupIdParamsSchema, status: 201, response: GroupAssistantRowSchema }),
  config: defineEndpoint({ method: 'GET', path: '/api/group-assistants/:groupId/config', access: 'admin', summary: "The group assistant's configuration", tags, params: GroupIdParamsSchema, response: AssistantConfigSchema }),
  updateConfig: defineEndpoint({ method: 'PUT', path: '/api/group-assistants/:groupId/config', access: 'admin', summary: "Change the group assistant's configuration", tags, params: GroupIdParamsSchema, body: UpdateAssistantConfigBodySchema, response: AssistantConfigSchema }),
  setActive: defineEndpoint({ method: 'PUT', path: '/api/group-assistants/:groupId/active', access: 'admin', summary: 'Activate or deactivate the group assistant', tags, params: GroupIdParamsSchema, body: SetAssistantActiveBodySchema, response: GroupAssistantRowSchema }),
  extract: defineEndpoint({ method: 'POST', path: '/api/assistant/extract-examples', access: 'admin', summary: "Draw question/answer training examples from the group's call transcripts and documents", tags, body: ExtractExamplesBodySchema, response: ExtractExamplesResultSchema }),
  examples: defineEndpoint({ method: 'GET', path: '/api/group-assistants/:groupId/examples', access: 'admin', summary: "The group's training examples, best first", tags, params: GroupIdParamsSchema, response: TrainingExampleListSchema }),
  updateExample: defineEndpoint({ method: 'PATCH', path: '/api/group-assistants/:groupId/examples/:exampleId', access: 'admin', summary: 'Edit, approve or reject a training example', tags, params: ExampleParamsSchema, body: UpdateTrainingExampleBodySchema, response: TrainingExampleSchema }),
  exportExamples: defineEndpoint({ method: 'GET', path: '/api/group-assistants/:groupId/examples/export', access: 'admin', summary: 'All of the group’s training examples as training-examples-{groupId}.json (409 when there are none)', tags, params: GroupIdParamsSchema, response: TrainingExportSchema }),
  fineTune: defineEndpoint({ method: 'POST', path: '/api/group-assistants/:groupId/fine-tune', access: 'admin', summary: 'Start fine-tuning on the approved examples (a background job: collecting_examples → … → completed | failed)', tags, params: GroupIdParamsSchema, status: 202, response: GroupAssistantRowSchema }),
};
