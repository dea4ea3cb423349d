import {
  endpointPath,
  ExtractExamplesResultSchema,
  FINE_TUNE_IN_PROGRESS,
  fineTuneNeedsExamples,
  GroupAssistantRowSchema,
  groupAssistantEndpoints as ep,
  TrainingExampleListSchema,
  type EndpointDef,
} from '@fieldbook/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { groupAssistants } from '../../db/schema';
import { insertGroup } from '../../test/factories';
import { startOpenAiStub, type ChatRequest, type OpenAiStub } from '../../test/openai-stub';
import { createTestApp, createTestUser, type TestContext, type TestUser } from '../../test/setup-app';
import { activeGroupAssistant, startFineTuneWorker } from './index';
import { insertExamples, insertTranscribedCall } from './group-assistants.test-helpers';

let stub: OpenAiStub;
let ctx: TestContext;
let admin: TestUser;

beforeAll(async () => {
  stub = await startOpenAiStub();
  ctx = await createTestApp({ LLM_BASE_URL: stub.url, LLM_API_KEY: 'sk-test' });
  admin = await createTestUser(ctx, { role: 'admin' });
});
afterAll(async () => {
  await ctx.close();
  await stub.close();
});
beforeEach(() => {
  stub.requests.length = 0;
});

function call(e: EndpointDef, params: Record<string, string> | undefined, payload?: Record<string, unknown>) {
  return ctx.app.inject({ method: e.method, url: endpointPath(e.path, params), headers: admin.headers, ...(payload ? { payload } : e.method === 'GET' ? {} : { payload: {} }) });
}
let groupCount = 0;
/** An initialized group of the admin's workspace with `approved` approved and two pending examples. */
async function groupWithExamples(approved: number, config: Record<string, string> = {}) {
  const group = await insertGroup(ctx.db, { workspaceId: admin.workspaceId!, createdBy: admin.id, name: `Crew ${++groupCount}` });
  expect((await call(ep.initialize, { groupId: group.id })).statusCode).toBe(201);
  if (Object.keys(config).length) expect((await call(ep.updateConfig, { groupId: group.id }, config)).statusCode).toBe(200);
  await insertExamples(ctx.db, group, approved, 'approved');
  await insertExamples(ctx.db, group, 2, 'pending');
  return group;
}
async function startTraining(groupId: string) {
  const res = await call(ep.fineTune, { groupId });
  expect(res.statusCode, res.body).toBe(202);
  return GroupAssistantRowSchema.parse(res.json());
}
const stateOf = async (groupId: string) => (await ctx.db.select().from(groupAssistants).where(eq(groupAssistants.groupId, groupId)))[0]!;
/** The poll interval passing: the row's next look is due now. */
const makeDue = (groupId: string) => ctx.db.update(groupAssistants).set({ nextRunAt: new Date(Date.now() - 1000) }).where(eq(groupAssistants.groupId, groupId));
const worker = (opts: { pollIntervalMs?: number; retryBaseMs?: number; maxAttempts?: number } = {}) => startFineTuneWorker({ db: ctx.db, llm: ctx.config.llm!, pollIntervalMs: 0, retryBaseMs: 0, ...opts });

describe('fine-tuning through the OpenAI-compatible API', () => {
  it('fails with the reason when fewer than the minimum examples are approved, without calling the API', async () => {
    const group = await groupWithExamples(9);
    const started = await startTraining(group.id);
    expect(started.stats).toMatchObject({ creation_status: 'collecting_examples', approved_examples: 9, failure_reason: null });
    expect(await worker().drain()).toBe(1);
    const row = await stateOf(group.id);
    expect(row).toMatchObject({ creationStatus: 'failed', failureReason: fineTuneNeedsExamples(9), modelId: null, nextRunAt: null });
    expect(stub.requests).toHaveLength(0);
  });

  it('collects, uploads the approved examples as chat JSONL, fine-tunes the configured base model, and completes with the model', async () => {
    const group = await groupWithExamples(12, { name: 'Roof Helper', persona: 'Brief.', specialization: 'Roofs', system_prompt: 'You answer questions about this crew’s roofing jobs.', base_model: 'gpt-4o' });
    const w = worker({ pollIntervalMs: 60_000 });
    await startTraining(group.id);
    expect((await call(ep.fineTune, { groupId: group.id })).json().error.message).toBe(FINE_TUNE_IN_PROGRESS);

    // One drain: collecting_examples → preparing_data → fine_tuning (the job created); the next look is a minute away.
    expect(await w.drain()).toBe(2);
    let row = await stateOf(group.id);
    expect(row.creationStatus).toBe('fine_tuning');
    const job = stub.jobs.get(row.fineTuneJobId!)!;
    expect(job).toMatchObject({ model: 'gpt-4o', training_file: row.trainingFileId, status: 'validating_files' });
    expect((stub.requests.find((r) => r.path === '/fine_tuning/jobs')!.body as { suffix: string }).suffix).toBe(`fieldbook-${group.id.slice(0, 8)}`);
    const file = stub.files.get(row.trainingFileId!)!;
    expect(file).toMatchObject({ filename: `training-examples-${group.id}.jsonl`, purpose: 'fine-tune' });
    const lines = file.content.trim().split('\n').map((l) => JSON.parse(l) as { messages: { role: string; content: string }[] });
    expect(lines).toHaveLength(12);
    for (const l of lines) {
      expect(l.messages.map((m) => m.role)).toEqual(['system', 'user', 'assistant']);
      expect(l.messages[0]!.content).toBe('You answer questions about this crew’s roofing jobs.');
      expect(l.messages[1]!.content).toMatch(/^How far apart do the approved shingle nails go on roof \d+\?$/);
    }
    expect(await w.drain()).toBe(0);

    // The job validates, runs, then succeeds: one step per look.
    await makeDue(group.id);
    await w.drain();
    expect(await stateOf(group.id)).toMatchObject({ creationStatus: 'fine_tuning' });
    expect(job.status).toBe('running');
    await makeDue(group.id);
    await w.drain();
    row = await stateOf(group.id);
    expect(job.status).toBe('succeeded');
    expect(row).toMatchObject({ creationStatus: 'completed', modelId: job.fine_tuned_model, failureReason: null, nextRunAt: null });
    expect(row.modelId).toMatch(/^ft:gpt-4o:fieldbook::/);
    expect(row.lastTrained).toBeInstanceOf(Date);
    const stats = GroupAssistantRowSchema.parse((await call(ep.setActive, { groupId: group.id }, { is_active: true })).json()).stats!;
    expect(stats).toMatchObject({ creation_status: 'completed', has_model: true, model_id: row.modelId, approved_examples: 12 });

    expect(await activeGroupAssistant(ctx.db, group.id)).toEqual({ model: row.modelId, name: 'Roof Helper', persona: 'Brief.', specialization: 'Roofs', systemPrompt: 'You answer questions about this crew’s roofing jobs.' });
    await call(ep.setActive, { groupId: group.id }, { is_active: false });
    expect(await activeGroupAssistant(ctx.db, group.id)).toBeNull();
  });

  it('fails with the job’s own error when the fine-tuning job fails', async () => {
    const group = await groupWithExamples(10);
    await startTraining(group.id);
    stub.failFineTune('Training loss diverged: the examples contradict each other');
    await worker().drain();
    expect(await stateOf(group.id)).toMatchObject({ creationStatus: 'failed', failureReason: 'Training loss diverged: the examples contradict each other', modelId: null });
  });

  it('retries an API failure and goes on when the API recovers (the file is uploaded once)', async () => {
    const group = await groupWithExamples(10);
    await startTraining(group.id);
    // The upload fails (the SDK's own retry too); the worker's retry succeeds.
    stub.failNext(500, 'The server is busy', 2);
    const w = worker({ pollIntervalMs: 60_000 });
    await w.drain();
    const row = await stateOf(group.id);
    expect(row.creationStatus).toBe('fine_tuning');
    expect(stub.requests.filter((r) => r.path === '/files' && r.method === 'POST')).toHaveLength(3);
    expect([...stub.files.values()].filter((f) => f.filename === `training-examples-${group.id}.jsonl`)).toHaveLength(1);
    expect(row.attempts).toBe(0);
  });

  it('fails with the API’s reason after its retries when the API keeps answering 500', async () => {
    const group = await groupWithExamples(10);
    await startTraining(group.id);
    stub.failNext(500, 'The server is overloaded', 6);
    await worker({ maxAttempts: 3 }).drain();
    expect(await stateOf(group.id)).toMatchObject({ creationStatus: 'failed', failureReason: 'The language model API answered 500: The server is overloaded' });
    // Three tries of the worker, each with the SDK's one retry.
    expect(stub.requests.filter((r) => r.path === '/files')).toHaveLength(6);
  });

  it('two workers at once train a group once (the claim locks the row and leases it)', async () => {
    const group = await groupWithExamples(10);
    await startTraining(group.id);
    await Promise.all([worker({ pollIntervalMs: 60_000 }).drain(), worker({ pollIntervalMs: 60_000 }).drain()]);
    expect((await stateOf(group.id)).creationStatus).toBe('fine_tuning');
    expect([...stub.files.values()].filter((f) => f.filename === `training-examples-${group.id}.jsonl`)).toHaveLength(1);
    expect(stub.requests.filter((r) => r.path === '/fine_tuning/jobs' && r.method === 'POST')).toHaveLength(1);
  });

  it('a step whose every claimed attempt ended without a result (the process died) is given up at the claim, not tried again', async () => {
    const group = await groupWithExamples(10);
    await startTraining(group.id);
    // Four claims (the worker's maxAttempts), each by a process that died before writing an outcome; the lease ran out.
    await ctx.db.update(groupAssistants).set({ attempts: 4, lockedUntil: new Date(Date.now() - 1000), nextRunAt: new Date(Date.now() - 1000) }).where(eq(groupAssistants.groupId, group.id));
    expect(await worker({ maxAttempts: 4 }).drain()).toBe(0);
    expect(await stateOf(group.id)).toMatchObject({ creationStatus: 'failed', failureReason: 'Training stopped: 4 attempts ended without a result', lockedUntil: null });
    expect(stub.requests).toEqual([]);
  });

  it('can train again after a failure', async () => {
    const group = await groupWithExamples(10);
    await startTraining(group.id);
    stub.failFineTune('Quota exceeded');
    await worker().drain();
    expect((await stateOf(group.id)).creationStatus).toBe('failed');
    const again = await startTraining(group.id);
    expect(again.stats).toMatchObject({ creation_status: 'collecting_examples', failure_reason: null });
    await worker().drain();
    expect(await stateOf(group.id)).toMatchObject({ creationStatus: 'completed', failureReason: null });
  });
});

describe('activeGroupAssistant', () => {
  it('is null without an assistant or while inactive; active but untrained it has no model', async () => {
    const group = await insertGroup(ctx.db, { workspaceId: admin.workspaceId!, createdBy: admin.id, name: 'Untrained' });
    expect(await activeGroupAssistant(ctx.db, group.id)).toBeNull();
    await call(ep.initialize, { groupId: group.id });
    expect(await activeGroupAssistant(ctx.db, group.id)).toBeNull();
    await call(ep.setActive, { groupId: group.id }, { is_active: true });
    expect(await activeGroupAssistant(ctx.db, group.id)).toEqual({ model: null, name: 'Untrained Assistant', persona: '', specialization: '', systemPrompt: '' });
    // A failed later training keeps the last trained model on the row, and the group goes on answering with it.
    await ctx.db.update(groupAssistants).set({ creationStatus: 'failed', modelId: 'ft:gpt-4.1-mini:fieldbook::old' }).where(eq(groupAssistants.groupId, group.id));
    expect((await activeGroupAssistant(ctx.db, group.id))!.model).toBe('ft:gpt-4.1-mini:fieldbook::old');
  });
});

describe('extraction with the chat model', () => {
  it('asks the model for pairs from each transcript (JSON), scores and stores them, and writes nothing when the API fails', async () => {
    const group = await insertGroup(ctx.db, { workspaceId: admin.workspaceId!, createdBy: admin.id, name: 'Model Crew' });
    const call1 = await insertTranscribedCall(ctx.db, { workspaceId: admin.workspaceId!, userId: admin.id, lines: ['The ridge vent on the Oak Street job needs two more boxes of nails before Friday.'] });
    await call(ep.initialize, { groupId: group.id });
    stub.reply = (req: ChatRequest) => {
      const text = req.messages.at(-1)!.content;
      return text.includes('ridge vent')
        ? JSON.stringify({ pairs: [{ question: 'What does the Oak Street ridge vent need before Friday?', answer: 'Two more boxes of nails for the ridge vent.' }, { question: 'bad' }] })
        : JSON.stringify({ pairs: [] });
    };
    try {
      stub.failNext(500, 'Model unavailable', 2);
      const failed = await call(ep.extract, undefined, { group_id: group.id, workspace_id: admin.workspaceId!, auto_approve: true });
      expect(failed.statusCode).toBe(503);
      expect(failed.json().error.message).toBe('The language model API answered 500: Model unavailable');
      expect(TrainingExampleListSchema.parse((await call(ep.examples, { groupId: group.id })).json()).items).toHaveLength(0);

      const res = await call(ep.extract, undefined, { group_id: group.id, workspace_id: admin.workspaceId!, auto_approve: true });
      expect(res.statusCode, res.body).toBe(200);
      expect(ExtractExamplesResultSchema.parse(res.json())).toEqual({ total_examples: 1, created: 1 });
      const chat = stub.requests.filter((r) => r.path === '/chat/completions').at(-1)!.body as ChatRequest & { response_format: { type: string } };
      expect(chat.model).toBe(ctx.config.llm!.chatModel);
      expect(chat.response_format).toEqual({ type: 'json_object' });
      expect(chat.messages.at(-1)!.content).toContain('The ridge vent on the Oak Street job');
      const [example] = TrainingExampleListSchema.parse((await call(ep.examples, { groupId: group.id })).json()).items;
      expect(example).toMatchObject({ question: 'What does the Oak Street ridge vent need before Friday?', source_type: 'recording', source_id: call1.id, status: 'approved' });
      expect(example!.quality_score).toBeGreaterThanOrEqual(0.6);
    } finally {
      stub.reply = (await import('../../test/openai-stub')).echoSourcesReply;
    }
  });
});
