import {
  ASSISTANT_NOT_INITIALIZED,
  AssistantConfigSchema,
  endpointPath,
  ExtractExamplesResultSchema,
  FINE_TUNE_NEEDS_LLM,
  GROUP_ASSISTANT_MESSAGES,
  GroupAssistantListSchema,
  GroupAssistantRowSchema,
  groupAssistantEndpoints as ep,
  TrainingExampleListSchema,
  TrainingExampleSchema,
  TrainingExportSchema,
  type EndpointDef,
  type TrainingExample,
} from '@fieldbook/contract';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assistantTrainingExamples, groupAssistants, recordings } from '../../db/schema';
import { insertDocument, insertGroup, insertJob, insertTask } from '../../test/factories';
import { createTestApp, createTestUser, type TestContext, type TestUser } from '../../test/setup-app';
import { AUTO_APPROVE_QUALITY } from './extract-rules';
import { addMember, insertTranscribedCall } from './group-assistants.test-helpers';

let ctx: TestContext;
let admin: TestUser; // administrator of workspace A
let crew: TestUser; // a plain user of workspace A, member of North Crew
let outsider: TestUser; // a plain user of workspace A, in no group
let otherAdmin: TestUser; // administrator of workspace B
let north: { id: string; workspaceId: string };
let south: { id: string; workspaceId: string };
let alpha: { id: string; workspaceId: string };
let foreign: { id: string; workspaceId: string };
let callId: string;
let docId: string;

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await createTestUser(ctx, { role: 'admin' });
  crew = await createTestUser(ctx, { workspaceId: admin.workspaceId });
  outsider = await createTestUser(ctx, { workspaceId: admin.workspaceId });
  otherAdmin = await createTestUser(ctx, { role: 'admin' });
  const ws = admin.workspaceId!;
  north = await insertGroup(ctx.db, { workspaceId: ws, createdBy: admin.id, name: 'North Crew', description: 'Roofing crew' });
  south = await insertGroup(ctx.db, { workspaceId: ws, createdBy: admin.id, name: 'South Crew' });
  alpha = await insertGroup(ctx.db, { workspaceId: ws, createdBy: admin.id, name: 'Alpha Gutters' });
  foreign = await insertGroup(ctx.db, { workspaceId: otherAdmin.workspaceId!, createdBy: otherAdmin.id, name: 'Beta Crew' });
  await addMember(ctx.db, north.id, crew.id);
  await addMember(ctx.db, south.id, crew.id);

  // A member's call: one real question answered, one answered with a bare "Yes." (low quality).
  const call = await insertTranscribedCall(ctx.db, {
    workspaceId: ws,
    userId: crew.id,
    lines: ['Hi, this is Dana from the Henderson house.', 'When can your crew come out to look at the roof?', 'We can be there Tuesday morning around nine. The inspection takes about an hour.', 'Do you replace skylight flashing too?', 'Yes.'],
  });
  callId = call.id;
  // Someone outside the groups: never material for them — not even when their upload names North Crew's id (issue 22
  // item 6: a recording tagged with a group its uploader is not in became that group's training material).
  const outsiderCall = await insertTranscribedCall(ctx.db, { workspaceId: ws, userId: outsider.id, lines: ['What is the gate code for the yard?', 'The gate code is 4411 and the key is under the mat.'] });
  await ctx.db.update(recordings).set({ groupId: north.id }).where(eq(recordings.id, outsiderCall.id));
  // A document of a job North Crew has a task on, and one of a job it has none on.
  const job = await insertJob(ctx.db, { workspaceId: ws, title: 'Henderson re-roof' });
  await insertTask(ctx.db, { workspaceId: ws, jobId: job.id, groupId: north.id });
  const doc = await insertDocument(ctx.db, {
    workspaceId: ws,
    jobId: job.id,
    name: 'Henderson estimate.pdf',
    extractedText: 'Scope of work: Tear off the old shingles and install new architectural shingles. Total: $14,200.00 including disposal.\nWarranty: 10 years on workmanship and 30 years on materials.',
  });
  docId = doc.id;
  const otherJob = await insertJob(ctx.db, { workspaceId: ws, title: 'Secret job' });
  await insertDocument(ctx.db, { workspaceId: ws, jobId: otherJob.id, name: 'Secret.pdf', extractedText: 'Total: $99.00 for the secret job, paid in cash.' });
});
afterAll(() => ctx.close());

type Call = { user?: TestUser; params?: Record<string, string>; payload?: unknown };
function call(e: EndpointDef, { user, params, payload }: Call = {}) {
  return ctx.app.inject({
    method: e.method,
    url: endpointPath(e.path, params),
    ...(user ? { headers: user.headers } : {}),
    ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : e.method === 'GET' ? {} : { payload: {} }),
  });
}
async function ok<T>(e: EndpointDef, c: Call, parse: { parse: (v: unknown) => T }): Promise<T> {
  const res = await call(e, c);
  expect(res.statusCode, res.body).toBe(e.status ?? 200);
  return parse.parse(res.json());
}
const examplesOf = (groupId: string) => ctx.db.select().from(assistantTrainingExamples).where(eq(assistantTrainingExamples.groupId, groupId));
const assistantRow = async (groupId: string) => (await ctx.db.select().from(groupAssistants).where(eq(groupAssistants.groupId, groupId)))[0];

describe('who may call', () => {
  const perGroup = (groupId: string): [EndpointDef, Call][] => [
    [ep.initialize, { params: { groupId } }],
    [ep.config, { params: { groupId } }],
    [ep.updateConfig, { params: { groupId }, payload: { name: 'X' } }],
    [ep.setActive, { params: { groupId }, payload: { is_active: true } }],
    [ep.examples, { params: { groupId } }],
    [ep.updateExample, { params: { groupId, exampleId: randomUUID() }, payload: { status: 'approved' } }],
    [ep.exportExamples, { params: { groupId } }],
    [ep.fineTune, { params: { groupId } }],
  ];

  it('refuses anonymous callers (401) and plain users (403) on every endpoint, writing nothing', async () => {
    const all: [EndpointDef, Call][] = [[ep.list, {}], [ep.extract, { payload: { group_id: north.id, workspace_id: admin.workspaceId, auto_approve: true } }], ...perGroup(north.id)];
    for (const [e, c] of all) {
      expect((await call(e, c)).statusCode, `${e.method} ${e.path}`).toBe(401);
      const res = await call(e, { ...c, user: crew });
      expect(res.statusCode, `${e.method} ${e.path}`).toBe(403);
      expect(res.json().error.message).toBe('You do not have permission to access this page');
    }
    expect(await assistantRow(north.id)).toBeUndefined();
    expect(await examplesOf(north.id)).toHaveLength(0);
  });

  it("answers 404 to another workspace's administrator for every group endpoint, and lists only their own groups", async () => {
    for (const [e, c] of perGroup(north.id)) {
      const res = await call(e, { ...c, user: otherAdmin });
      expect(res.statusCode, `${e.method} ${e.path}`).toBe(404);
      expect(res.json().error.message).toBe('Group not found');
    }
    // Extraction: their own workspace id with our group is a 404; our workspace id is refused outright.
    expect((await call(ep.extract, { user: otherAdmin, payload: { group_id: north.id, workspace_id: otherAdmin.workspaceId } })).statusCode).toBe(404);
    expect((await call(ep.extract, { user: otherAdmin, payload: { group_id: north.id, workspace_id: admin.workspaceId } })).statusCode).toBe(403);
    // And the other way round: our admin cannot reach their group.
    expect((await call(ep.initialize, { user: admin, params: { groupId: foreign.id } })).statusCode).toBe(404);
    expect(await assistantRow(foreign.id)).toBeUndefined();
    const theirs = await ok(ep.list, { user: otherAdmin }, GroupAssistantListSchema);
    expect(theirs.items.map((r) => r.group.name)).toEqual(['Beta Crew']);
    expect(await assistantRow(north.id)).toBeUndefined();
  });
});

describe('the administration table and the configuration', () => {
  it('lists the workspace’s groups by name, Not Initialized (no stats) until initialized', async () => {
    const list = await ok(ep.list, { user: admin }, GroupAssistantListSchema);
    expect(list.items.map((r) => r.group.name)).toEqual(['Alpha Gutters', 'North Crew', 'South Crew']);
    expect(list.items.every((r) => r.stats === null)).toBe(true);
    expect(list.items[1]!.group).toMatchObject({ id: north.id, description: 'Roofing crew', workspace_id: admin.workspaceId });
  });

  it('needs the assistant initialized before its configuration, toggle, extraction or training', async () => {
    for (const [e, c] of [
      [ep.config, { params: { groupId: alpha.id } }],
      [ep.updateConfig, { params: { groupId: alpha.id }, payload: { name: 'X' } }],
      [ep.setActive, { params: { groupId: alpha.id }, payload: { is_active: true } }],
      [ep.extract, { payload: { group_id: alpha.id, workspace_id: admin.workspaceId, auto_approve: false } }],
      [ep.fineTune, { params: { groupId: alpha.id } }],
    ] as [EndpointDef, Call][]) {
      const res = await call(e, { ...c, user: admin });
      expect(res.statusCode, `${e.method} ${e.path}`).toBe(409);
      expect(res.json().error.message).toBe(ASSISTANT_NOT_INITIALIZED);
    }
    expect(await assistantRow(alpha.id)).toBeUndefined();
  });

  it('initializes once (a second call answers the same assistant) with not_started, inactive, no examples', async () => {
    const row = await ok(ep.initialize, { user: admin, params: { groupId: north.id } }, GroupAssistantRowSchema);
    expect(row.stats).toMatchObject({ creation_status: 'not_started', is_active: false, training_examples_count: 0, approved_examples: 0, avg_quality: null, base_model: 'gpt-4.1-mini', last_trained: null, has_model: false, model_id: null });
    const again = await ok(ep.initialize, { user: admin, params: { groupId: north.id } }, GroupAssistantRowSchema);
    expect(again.stats!.updated_at).toBe(row.stats!.updated_at);
    expect((await ctx.db.select().from(groupAssistants)).filter((a) => a.groupId === north.id)).toHaveLength(1);
    const list = await ok(ep.list, { user: admin }, GroupAssistantListSchema);
    expect(list.items.find((r) => r.group.id === north.id)!.stats!.creation_status).toBe('not_started');
    expect(list.items.find((r) => r.group.id === south.id)!.stats).toBeNull();
  });

  it('reads and saves the configuration; a bad base model is a 400 that changes nothing', async () => {
    const initial = await ok(ep.config, { user: admin, params: { groupId: north.id } }, AssistantConfigSchema);
    expect(initial).toEqual({ group_id: north.id, name: 'North Crew Assistant', persona: '', specialization: '', system_prompt: '', base_model: 'gpt-4.1-mini', is_active: false });
    const saved = await ok(
      ep.updateConfig,
      { user: admin, params: { groupId: north.id }, payload: { name: ' Roof Helper ', persona: 'Friendly and brief.', specialization: 'Roof repairs', system_prompt: 'You answer questions about North Crew roofing jobs.', base_model: 'gpt-4o' } },
      AssistantConfigSchema,
    );
    expect(saved).toMatchObject({ name: 'Roof Helper', base_model: 'gpt-4o', system_prompt: 'You answer questions about North Crew roofing jobs.' });
    const bad = await call(ep.updateConfig, { user: admin, params: { groupId: north.id }, payload: { name: 'Other', base_model: 'gpt-5' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toContain('base_model must be one of gpt-4.1-mini, gpt-4o, gpt-3.5-turbo');
    expect(await ok(ep.config, { user: admin, params: { groupId: north.id } }, AssistantConfigSchema)).toEqual(saved);
    const list = await ok(ep.list, { user: admin }, GroupAssistantListSchema);
    expect(list.items.find((r) => r.group.id === north.id)!.stats!.base_model).toBe('gpt-4o');
  });

  it('flips is_active either way; a body that is not a boolean is a 400', async () => {
    const on = await ok(ep.setActive, { user: admin, params: { groupId: north.id }, payload: { is_active: true } }, GroupAssistantRowSchema);
    expect(on.stats!.is_active).toBe(true);
    expect((await call(ep.setActive, { user: admin, params: { groupId: north.id }, payload: { is_active: 'no' } })).statusCode).toBe(400);
    expect((await assistantRow(north.id))!.isActive).toBe(true);
    const off = await ok(ep.setActive, { user: admin, params: { groupId: north.id }, payload: { is_active: false } }, GroupAssistantRowSchema);
    expect(off.stats!.is_active).toBe(false);
  });

  it('refuses to fine-tune without a language model API, with the way to configure one', async () => {
    const res = await call(ep.fineTune, { user: admin, params: { groupId: north.id } });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(FINE_TUNE_NEEDS_LLM);
    expect((await assistantRow(north.id))!.creationStatus).toBe('not_started');
  });
});

describe('extraction by rules, review and export', () => {
  let examples: TrainingExample[];

  it('refuses a bad body (400) and another workspace id (403) without writing', async () => {
    expect((await call(ep.extract, { user: admin, payload: { group_id: 'north', workspace_id: admin.workspaceId } })).statusCode).toBe(400);
    expect((await call(ep.extract, { user: admin, payload: { group_id: north.id } })).statusCode).toBe(400);
    const res = await call(ep.extract, { user: admin, payload: { group_id: north.id, workspace_id: otherAdmin.workspaceId } });
    expect(res.statusCode).toBe(403);
    expect(await examplesOf(north.id)).toHaveLength(0);
  });

  it("draws pairs from the members' call transcripts and the group's job documents, and nothing else", async () => {
    const result = await ok(ep.extract, { user: admin, payload: { group_id: north.id, workspace_id: admin.workspaceId, auto_approve: false } }, ExtractExamplesResultSchema);
    const list = await ok(ep.examples, { user: admin, params: { groupId: north.id } }, TrainingExampleListSchema);
    examples = list.items;
    expect(list.group).toEqual({ id: north.id, name: 'North Crew' });
    expect(result).toEqual({ total_examples: examples.length, created: examples.length });
    const pairs = examples.map((e) => [e.source_type, e.question, e.answer]);
    expect(pairs).toEqual(
      expect.arrayContaining([
        ['recording', 'When can your crew come out to look at the roof?', 'We can be there Tuesday morning around nine. The inspection takes about an hour.'],
        ['recording', 'Do you replace skylight flashing too?', 'Yes.'],
        ['document', 'What is the scope of work in the Henderson estimate?', 'Scope of work: Tear off the old shingles and install new architectural shingles.'],
        ['document', 'What is the total in the Henderson estimate?', 'Total: $14,200.00 including disposal.'],
        ['document', 'What is the warranty in the Henderson estimate?', 'Warranty: 10 years on workmanship and 30 years on materials.'],
      ]),
    );
    expect(examples).toHaveLength(5);
    expect(examples.filter((e) => e.source_type === 'recording').every((e) => e.source_id === callId)).toBe(true);
    expect(examples.filter((e) => e.source_type === 'document').every((e) => e.source_id === docId)).toBe(true);
    expect(JSON.stringify(examples)).not.toMatch(/gate code|secret job/);
    expect(examples.every((e) => e.status === 'pending')).toBe(true);
    // Best first; the bare "Yes." answer last.
    const scores = examples.map((e) => e.quality_score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    expect(examples.at(-1)!.answer).toBe('Yes.');
    expect(examples.at(-1)!.quality_score).toBeLessThan(AUTO_APPROVE_QUALITY);
    expect(examples[0]!.quality_score).toBeGreaterThanOrEqual(AUTO_APPROVE_QUALITY);
  });

  it('counts them in the stats (in SQL) and skips them when extracted again', async () => {
    const again = await ok(ep.extract, { user: admin, payload: { group_id: north.id, workspace_id: admin.workspaceId, auto_approve: true } }, ExtractExamplesResultSchema);
    expect(again).toEqual({ total_examples: 5, created: 0 });
    const stats = (await ok(ep.list, { user: admin }, GroupAssistantListSchema)).items.find((r) => r.group.id === north.id)!.stats!;
    const avg = examples.reduce((s, e) => s + e.quality_score, 0) / examples.length;
    expect(stats).toMatchObject({ training_examples_count: 5, approved_examples: 0 });
    expect(stats.avg_quality).toBeCloseTo(avg, 5);
  });

  it(`with auto_approve approves the new pairs scoring at least ${AUTO_APPROVE_QUALITY}, the others stay pending`, async () => {
    await ok(ep.initialize, { user: admin, params: { groupId: south.id } }, GroupAssistantRowSchema);
    const result = await ok(ep.extract, { user: admin, payload: { group_id: south.id, workspace_id: admin.workspaceId, auto_approve: true } }, ExtractExamplesResultSchema);
    // South Crew has the member's call but no job documents.
    expect(result).toEqual({ total_examples: 2, created: 2 });
    const rows = await examplesOf(south.id);
    expect(rows.map((r) => [r.answer, r.status]).sort()).toEqual([
      ['We can be there Tuesday morning around nine. The inspection takes about an hour.', 'approved'],
      ['Yes.', 'pending'],
    ]);
  });

  it('edits, approves and rejects an example; bad bodies are 400s that change nothing; another group’s example is a 404', async () => {
    const target = examples[0]!;
    const params = { groupId: north.id, exampleId: target.id };
    const edited = await ok(ep.updateExample, { user: admin, params, payload: { question: '  When can the crew inspect the roof? ', status: 'approved' } }, TrainingExampleSchema);
    expect(edited).toMatchObject({ id: target.id, question: 'When can the crew inspect the roof?', answer: target.answer, status: 'approved' });
    const rejected = await ok(ep.updateExample, { user: admin, params: { groupId: north.id, exampleId: examples[1]!.id }, payload: { status: 'rejected' } }, TrainingExampleSchema);
    expect(rejected.status).toBe('rejected');

    const empty = await call(ep.updateExample, { user: admin, params, payload: {} });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toContain('Nothing to change');
    const blank = await call(ep.updateExample, { user: admin, params, payload: { answer: '   ' } });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error.message).toContain('Answer is required');
    expect((await call(ep.updateExample, { user: admin, params, payload: { status: 'maybe' } })).statusCode).toBe(400);
    const [stored] = await ctx.db.select().from(assistantTrainingExamples).where(eq(assistantTrainingExamples.id, target.id));
    expect(stored).toMatchObject({ question: 'When can the crew inspect the roof?', answer: target.answer, status: 'approved' });

    const wrongGroup = await call(ep.updateExample, { user: admin, params: { groupId: south.id, exampleId: target.id }, payload: { status: 'rejected' } });
    expect(wrongGroup.statusCode).toBe(404);
    expect(wrongGroup.json().error.message).toBe('Training example not found');
    const stats = (await ok(ep.list, { user: admin }, GroupAssistantListSchema)).items.find((r) => r.group.id === north.id)!.stats!;
    expect(stats.approved_examples).toBe(1);
  });

  it('exports every example as training-examples-{groupId}.json; none is refused with the spec’s message', async () => {
    const res = await call(ep.exportExamples, { user: admin, params: { groupId: north.id } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="training-examples-${north.id}.json"`);
    // Spec 002 §7: the file is the group's rows themselves, not an object around them.
    const body: unknown = res.json();
    expect(Array.isArray(body)).toBe(true);
    const rows = TrainingExportSchema.parse(body);
    expect(rows.every((e) => e.group_id === north.id)).toBe(true);
    expect(rows.map((e) => e.id).sort()).toEqual(examples.map((e) => e.id).sort());
    expect(rows.map((e) => e.status).sort()).toEqual(['approved', 'pending', 'pending', 'pending', 'rejected']);

    await ok(ep.initialize, { user: admin, params: { groupId: alpha.id } }, GroupAssistantRowSchema);
    const none = await call(ep.exportExamples, { user: admin, params: { groupId: alpha.id } });
    expect(none.statusCode).toBe(409);
    expect(none.json().error.message).toBe(GROUP_ASSISTANT_MESSAGES.noExamplesToExport);
  });
});

describe('transcripts labelled rough drafts', () => {
  it('are never training material; a clean transcript and one of unknown confidence are', async () => {
    const ws = admin.workspaceId!;
    const roofer = await createTestUser(ctx, { workspaceId: ws });
    const roughCrew = await insertGroup(ctx.db, { workspaceId: ws, createdBy: admin.id, name: 'Rough Crew' });
    await addMember(ctx.db, roughCrew.id, roofer.id);
    const clean = await insertTranscribedCall(ctx.db, { workspaceId: ws, userId: roofer.id, lines: ['How long does the sealant need to cure?', 'The sealant needs a full day to cure before it rains.'] });
    await ctx.db
      .update(recordings)
      .set({ transcriptConfidence: { measure: 'word_confidence', rough_draft: false, words: 19, confident_words: 17, speech_seconds: 6.2 } })
      .where(eq(recordings.id, clean.id));
    // An API transcript without avg_logprob: confidence unknown, so no evidence against it.
    await insertTranscribedCall(ctx.db, { workspaceId: ws, userId: roofer.id, lines: ['Where do we leave the dumpster?', 'Leave the dumpster on the driveway next to the garage.'] });
    // What the embedded engine made of a telephone-band call: words it was unsure of (bench/README.md).
    const rough = await insertTranscribedCall(ctx.db, { workspaceId: ws, userId: roofer.id, lines: ['What a hard year old colleague that hard want to?', 'Where a lot lot in law and the roof leaks over the back bedroom.'] });
    await ctx.db
      .update(recordings)
      .set({ transcriptConfidence: { measure: 'word_confidence', rough_draft: true, words: 20, confident_words: 6, speech_seconds: 6.1 } })
      .where(eq(recordings.id, rough.id));

    await ok(ep.initialize, { user: admin, params: { groupId: roughCrew.id } }, GroupAssistantRowSchema);
    const result = await ok(ep.extract, { user: admin, payload: { group_id: roughCrew.id, workspace_id: ws, auto_approve: true } }, ExtractExamplesResultSchema);
    const rows = await examplesOf(roughCrew.id);
    expect(rows.map((r) => r.question).sort()).toEqual(['How long does the sealant need to cure?', 'Where do we leave the dumpster?']);
    expect(rows.some((r) => r.sourceId === rough.id)).toBe(false);
    expect(result).toEqual({ total_examples: 2, created: 2 });
  });
});
