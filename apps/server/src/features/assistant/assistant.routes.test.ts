import { ASSISTANT_NO_ANSWER, AssistantAnswerSchema, AssistantInitSchema, ConversationSchema } from '@fieldbook/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documents, groupMembers, groups, jobs, recordings, tasks } from '../../db/schema';
import { insertDocument, insertJob, insertTask } from '../../test/factories';
import { createTestApp, createTestUser, type TestContext, type TestUser } from '../../test/setup-app';

let ctx: TestContext;
let alice: TestUser;
let bob: TestUser; // alice's colleague (same workspace)
let eve: TestUser; // another workspace
let jobId: string;

beforeAll(async () => {
  ctx = await createTestApp();
  alice = await createTestUser(ctx);
  bob = await createTestUser(ctx, { workspaceId: alice.workspaceId });
  eve = await createTestUser(ctx);
  const job = await insertJob(ctx.db, { workspaceId: alice.workspaceId!, clientName: 'Henderson Residence', propertyAddress: '14 Oak Hollow Lane', title: 'Hail damage repair', description: 'Hail damage on the north slope; adjuster visit pending.' });
  jobId = job.id;
  await insertTask(ctx.db, { workspaceId: alice.workspaceId!, jobId, description: 'Replace the skylight flashing before the rain' });
  await insertDocument(ctx.db, { workspaceId: alice.workspaceId!, jobId, name: 'Henderson estimate.pdf', extractedText: 'ESTIMATE. Seamless gutters along the back of the house, 120 linear feet. Total: $1,440.00. Valid 30 days.' });
  await insertDocument(ctx.db, { workspaceId: eve.workspaceId!, name: 'Eve gutters.pdf', extractedText: 'Eve’s secret gutters quote: seamless gutters, 99 dollars.' });
  await ctx.db.insert(recordings).values({
    workspaceId: alice.workspaceId!,
    userId: alice.id,
    fileName: 'incoming_20261124_153012_5125550100_a.m4a',
    fileType: 'm4a',
    mimeType: 'audio/mp4',
    phoneNumber: '5125550100',
    status: 'stored',
    storageKey: 'recordings/a/b',
    transcriptionStatus: 'done',
    transcriptText: 'Hi this is Mrs Henderson. The leak is over the back bedroom, near the window. Please call me back.',
  });
});
afterAll(() => ctx.close());

const ask = (user: TestUser, body: Record<string, unknown>) => ctx.app.inject({ method: 'POST', url: '/api/assistant/query', payload: { workspace_id: user.workspaceId, include_sources: true, ...body }, headers: user.headers });
const answer = async (user: TestUser, query: string, extra: Record<string, unknown> = {}) => {
  const res = await ask(user, { query, ...extra });
  expect(res.statusCode, res.body).toBe(200);
  return AssistantAnswerSchema.parse(res.json());
};

describe('answers with sources, without a language model', () => {
  it('quotes the call transcript that answers, cites it, and the source opens the recording', async () => {
    const a = await answer(alice, 'What did the homeowner say about the back bedroom?');
    expect(a.sources[0]).toMatchObject({ type: 'recording', metadata: { phone_number: '5125550100' } });
    expect(a.sources[0]!.content).toContain('The leak is over the back bedroom');
    expect(String(a.sources[0]!.metadata.url)).toMatch(/^\/recordings\?id=/);
    expect(a.sources[0]!.similarity).toBeGreaterThan(0.3);
    expect(a.answer).toContain('[1] Call');
    expect(a.answer).toContain('The leak is over the back bedroom');
  });

  it('finds a document, a job and a task by their words, and a misspelled name by its nearest word', async () => {
    expect((await answer(alice, 'how much were the gutters?')).sources[0]).toMatchObject({ type: 'document', metadata: { name: 'Henderson estimate.pdf', url: expect.stringMatching(/^\/documents\//) } });
    expect((await answer(alice, 'skylight flashing')).sources.some((s) => s.type === 'task')).toBe(true);
    const misspelled = await answer(alice, 'Hendersen hail');
    expect(misspelled.sources.some((s) => s.type === 'job' && s.metadata.id === jobId)).toBe(true);
  });

  it('says so when nothing answers, never inventing one', async () => {
    const a = await answer(alice, 'xylophone quartet');
    expect(a).toMatchObject({ answer: ASSISTANT_NO_ANSWER, sources: [] });
  });

  it('keeps to what the caller may open: a colleague does not get her calls, another workspace nothing of hers', async () => {
    expect((await answer(bob, 'back bedroom leak')).sources.filter((s) => s.type === 'recording')).toEqual([]);
    const eves = await answer(eve, 'seamless gutters');
    expect(eves.sources.map((s) => s.metadata.name)).toEqual(['Eve gutters.pdf']);
    expect((await ask(eve, { query: 'gutters', workspace_id: alice.workspaceId })).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/assistant/query', payload: { query: 'x', workspace_id: alice.workspaceId } })).statusCode).toBe(401);
  });

  it('with a group: only the group’s material, and only for its members', async () => {
    const [group] = await ctx.db.insert(groups).values({ name: 'Roof crew', workspaceId: alice.workspaceId!, createdBy: alice.id }).returning();
    await ctx.db.insert(groupMembers).values({ groupId: group!.id, userId: alice.id, role: 'admin' });
    const crewJob = await insertJob(ctx.db, { workspaceId: alice.workspaceId!, clientName: 'Crew job' });
    await insertTask(ctx.db, { workspaceId: alice.workspaceId!, jobId: crewJob.id, description: 'Inspect chimney crown', groupId: group!.id });
    await insertTask(ctx.db, { workspaceId: alice.workspaceId!, jobId, description: 'Inspect chimney cap (not the crew’s)' });
    const scoped = await answer(alice, 'inspect chimney', { group_id: group!.id });
    expect(scoped.sources.filter((s) => s.type === 'task').map((s) => s.metadata.description)).toEqual(['Inspect chimney crown']);
    expect((await ask(bob, { query: 'chimney', group_id: group!.id })).statusCode).toBe(404);
  });
});

describe('conversations, feedback and suggestions', () => {
  it('keeps the conversation for its owner, takes thumbs up and down on answers only', async () => {
    const first = await answer(alice, 'back bedroom');
    const second = await answer(alice, 'gutters total', { conversation_id: first.conversation_id });
    expect(second.conversation_id).toBe(first.conversation_id);
    const conv = ConversationSchema.parse((await ctx.app.inject({ method: 'GET', url: `/api/assistant/conversations/${first.conversation_id}`, headers: alice.headers })).json());
    expect(conv.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'user', 'assistant']);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/assistant/conversations/${first.conversation_id}`, headers: bob.headers })).statusCode).toBe(404);
    expect((await ask(bob, { query: 'x', conversation_id: first.conversation_id })).statusCode).toBe(404);

    const rate = (index: number, rating: number, user = alice) => ctx.app.inject({ method: 'POST', url: '/api/assistant/feedback', payload: { conversation_id: first.conversation_id, message_index: index, rating }, headers: user.headers });
    expect((await rate(1, 5)).statusCode).toBe(200);
    expect((await rate(3, 1)).statusCode).toBe(200);
    expect((await rate(0, 5)).statusCode).toBe(400); // a question, not an answer
    expect((await rate(1, 3)).statusCode).toBe(400);
    expect((await rate(1, 1, bob)).statusCode).toBe(404);
    const rated = ConversationSchema.parse((await ctx.app.inject({ method: 'GET', url: `/api/assistant/conversations/${first.conversation_id}`, headers: alice.headers })).json());
    expect(rated.messages.map((m) => m.feedback)).toEqual([null, 'positive', null, 'negative']);
  });

  it('init starts a conversation with questions drawn from the workspace’s own data', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: `/api/assistant/init?workspace_id=${alice.workspaceId}`, headers: alice.headers });
    const init = AssistantInitSchema.parse(res.json());
    const queries = init.suggested_queries.map((s) => s.query);
    expect(queries.some((q) => q.includes('Crew job') || q.includes('Henderson Residence'))).toBe(true);
    expect(queries).toContain('What was said on the call with 5125550100?');
    expect(init.suggested_queries.every((s) => s.description.length > 0)).toBe(true);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/assistant/init?workspace_id=${alice.workspaceId}`, headers: eve.headers })).statusCode).toBe(403);
  });
});

describe('tenancy (property over random corpora)', () => {
  it('never returns a passage of another workspace, whatever the words', async () => {
    const vocabulary = ['roof', 'gutter', 'leak', 'window', 'siding', 'deck', 'permit', 'invoice', 'chimney', 'basement', 'mold', 'paint', 'tile', 'drywall', 'furnace'];
    let seed = 7;
    const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    const words = (n: number) => Array.from({ length: n }, () => vocabulary[Math.floor(random() * vocabulary.length)]).join(' ');
    const x = await createTestUser(ctx);
    const y = await createTestUser(ctx);
    const owned = new Map<string, string>();
    for (const user of [x, y]) {
      for (let i = 0; i < 8; i++) {
        const job = await insertJob(ctx.db, { workspaceId: user.workspaceId!, clientName: words(2), description: words(6) });
        owned.set(job.id, user.workspaceId!);
        const task = await insertTask(ctx.db, { workspaceId: user.workspaceId!, jobId: job.id, description: words(5) });
        owned.set(task.id, user.workspaceId!);
        const doc = await insertDocument(ctx.db, { workspaceId: user.workspaceId!, name: `${words(1)}.pdf`, extractedText: words(30) });
        owned.set(doc.id, user.workspaceId!);
      }
    }
    for (let q = 0; q < 25; q++) {
      const user = q % 2 ? x : y;
      const a = await answer(user, words(1 + Math.floor(random() * 3)));
      for (const s of a.sources) expect(owned.get(String(s.metadata.id)), `${s.type} ${s.metadata.id}`).toBe(user.workspaceId);
    }
    // The tables the fixtures wrote are the ones retrieval reads.
    expect((await ctx.db.select().from(documents)).length).toBeGreaterThan(16);
    expect((await ctx.db.select().from(jobs)).length).toBeGreaterThan(16);
    expect((await ctx.db.select().from(tasks)).length).toBeGreaterThan(16);
  });
});
