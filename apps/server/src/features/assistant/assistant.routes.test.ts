import { ASSISTANT_NO_ANSWER, ASSISTANT_STREAM_CONTENT_TYPE, AssistantAnswerSchema, AssistantInitSchema, AssistantStreamEventSchema, ConversationSchema } from '@fieldbook/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assistantConversations, contacts, documents, groupMembers, groups, jobs, sharedContacts, tasks } from '../../db/schema';
import { insertContact, insertDocument, insertGroup, insertJob, insertTask, insertTranscribedCall } from '../../test/factories';
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
  await insertTranscribedCall(ctx.db, { workspaceId: alice.workspaceId!, userId: alice.id, phoneNumber: '5125550100', lines: ['Hi this is Mrs Henderson. The leak is over the back bedroom, near the window. Please call me back.'] });
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

  it('finds a misspelled word that only a call or a document holds (the dictionary learns their words)', async () => {
    await insertTranscribedCall(ctx.db, { workspaceId: alice.workspaceId!, userId: alice.id, lines: ['The chimney crown is crumbling and the mortar is gone.'] });
    const call = await answer(alice, 'what about the chimny?');
    expect(call.sources[0]).toMatchObject({ type: 'recording' });
    expect(call.sources[0]!.content).toContain('chimney crown');
    await insertDocument(ctx.db, { workspaceId: alice.workspaceId!, jobId, name: 'Permit.pdf', extractedText: 'Permit for the dormer framing on the attic.' });
    expect((await answer(alice, 'dormmer')).sources[0]).toMatchObject({ type: 'document', metadata: { name: 'Permit.pdf' } });
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

describe('a question whose every word is common', () => {
  it('ranks only the newest matches, while a rare word still finds the oldest row', async () => {
    const carol = await createTestUser(ctx);
    const workspaceId = carol.workspaceId!;
    const job = await insertJob(ctx.db, { workspaceId, title: 'Reroof' });
    const at = (minute: number) => new Date(Date.UTC(2024, 0, 1) + minute * 60_000);
    // The oldest task says "shingle" most (the best rank of all), then 1,100 newer ones say it once: a common word.
    await ctx.db.insert(tasks).values([
      { workspaceId, jobId: job.id, description: 'Shingle shingle shingle shingle: the oldest gazebo note', createdAt: at(0) },
      ...Array.from({ length: 1100 }, (_, i) => ({ workspaceId, jobId: job.id, description: `Shingle bundle ${i + 1}`, createdAt: at(i + 1) })),
    ]);
    const common = (await answer(carol, 'shingle')).sources.filter((s) => s.type === 'task');
    expect(common.length).toBeGreaterThan(0);
    // Ranked among the newest 200 matches: the oldest, however well it ranks, is not among them.
    expect(common.map((s) => s.content).filter((c) => c.includes('oldest'))).toEqual([]);
    expect(common.every((s) => Number(/bundle (\d+)/.exec(s.content)?.[1]) > 900)).toBe(true);
    const rare = await answer(carol, 'gazebo');
    expect(rare.sources[0]).toMatchObject({ type: 'task' });
    expect(rare.sources[0]!.content).toContain('the oldest gazebo note');
  });

  it('keeps to what the caller may open when every word is common: her own calls, not a colleague’s, nothing of another workspace', async () => {
    const dana = await createTestUser(ctx);
    const workspaceId = dana.workspaceId!;
    const colleague = await createTestUser(ctx, { workspaceId });
    const stranger = await createTestUser(ctx);
    const job = await insertJob(ctx.db, { workspaceId, title: 'Reroof' });
    const strangersJob = await insertJob(ctx.db, { workspaceId: stranger.workspaceId!, title: 'Soffit' });
    await ctx.db.insert(tasks).values(Array.from({ length: 1100 }, (_, i) => ({ workspaceId, jobId: job.id, description: `Soffit panel ${i + 1}` })));
    await insertTranscribedCall(ctx.db, { workspaceId, userId: dana.id, lines: ['Dana here: the soffit by the garage is loose.'] });
    await insertTranscribedCall(ctx.db, { workspaceId, userId: colleague.id, lines: ['Private: the soffit colour for my own house.'] });
    await insertTask(ctx.db, { workspaceId: stranger.workspaceId!, jobId: strangersJob.id, description: 'Soffit of the stranger’s workspace' });
    const sources = (await answer(dana, 'soffit')).sources;
    expect(sources.filter((s) => s.type === 'recording').map((s) => s.content)).toEqual([expect.stringContaining('Dana here')]);
    expect(sources.some((s) => /Private|stranger/.test(s.content))).toBe(false);
  });
});

describe('contacts', () => {
  it('finds the caller’s own contacts and those shared with their groups, never a colleague’s private one', async () => {
    const own = await insertContact(ctx.db, { ownerId: alice.id, name: 'Marisol Quintero', phoneNumber: '5125550177', email: 'marisol@quintero-roofing.com' });
    const bobsPrivate = await insertContact(ctx.db, { ownerId: bob.id, name: 'Marisol Okafor', phoneNumber: '5125550188' });
    const bobsShared = await insertContact(ctx.db, { ownerId: bob.id, name: 'Marisol Brennan', phoneNumber: '5125550199', email: 'mb@brennan.example' });
    const crew = await insertGroup(ctx.db, { workspaceId: alice.workspaceId!, createdBy: bob.id, name: 'Gutter crew' });
    await ctx.db.insert(groupMembers).values({ groupId: crew.id, userId: alice.id, role: 'member' });
    await ctx.db.insert(sharedContacts).values({ contactId: bobsShared.id, groupId: crew.id, sharedBy: bob.id });

    const a = await answer(alice, 'What is Marisol’s phone number?');
    const found = a.sources.filter((s) => s.type === 'contact');
    expect(found.map((s) => s.metadata.id).sort()).toEqual([own.id, bobsShared.id].sort());
    expect(found.find((s) => s.metadata.id === own.id)).toMatchObject({
      content: 'Marisol Quintero — 5125550177 — marisol@quintero-roofing.com',
      metadata: { name: 'Marisol Quintero', phone_number: '5125550177', email: 'marisol@quintero-roofing.com', url: '/contacts' },
    });
    expect(a.answer).toMatch(/\[\d\] Contact: “Marisol Quintero — 5125550177/);
    // By phone (as people write it), by email word, and a misspelt surname.
    expect((await answer(alice, 'who is (512) 555-0177?')).sources[0]).toMatchObject({ type: 'contact', metadata: { id: own.id } });
    expect((await answer(alice, 'quintero-roofing email')).sources.some((s) => s.metadata.id === own.id)).toBe(true);
    expect((await answer(alice, 'Brenan')).sources.some((s) => s.metadata.id === bobsShared.id)).toBe(true);
    // Bob sees his own (private and shared); a colleague's private contact never reaches Alice.
    expect((await answer(bob, 'Marisol')).sources.filter((s) => s.type === 'contact').map((s) => s.metadata.id).sort()).toEqual([bobsPrivate.id, bobsShared.id].sort());
    expect((await answer(alice, 'Okafor 5125550188')).sources.some((s) => s.metadata.id === bobsPrivate.id)).toBe(false);

    // With the group chosen: only the contacts shared with it (not Alice's own, not Bob's private one).
    const scoped = await answer(alice, 'Marisol', { group_id: crew.id });
    expect(scoped.sources.filter((s) => s.type === 'contact').map((s) => s.metadata.id)).toEqual([bobsShared.id]);
    // Words that say nothing about a person find no one.
    expect((await answer(alice, 'what is the')).sources.filter((s) => s.type === 'contact')).toEqual([]);
  });
});

describe('who may call the assistant', () => {
  it('refuses every endpoint without a session, and another workspace’s caller reaches nothing of Alice’s', async () => {
    const mine = await answer(alice, 'gutters');
    const calls = [
      { method: 'GET' as const, url: `/api/assistant/init?workspace_id=${alice.workspaceId}` },
      { method: 'POST' as const, url: '/api/assistant/query', payload: { query: 'gutters', workspace_id: alice.workspaceId } },
      { method: 'POST' as const, url: '/api/assistant/query/stream', payload: { query: 'gutters', workspace_id: alice.workspaceId } },
      { method: 'GET' as const, url: `/api/assistant/conversations/${mine.conversation_id}` },
      { method: 'POST' as const, url: '/api/assistant/feedback', payload: { conversation_id: mine.conversation_id, message_index: 1, rating: 5 } },
    ];
    for (const c of calls) expect((await ctx.app.inject(c)).statusCode, c.url).toBe(401);
    const asEve = await Promise.all(calls.map((c) => ctx.app.inject({ ...c, headers: eve.headers })));
    expect(asEve.map((r) => r.statusCode)).toEqual([403, 403, 403, 404, 404]);
    // Nothing of Eve's tries changed Alice's conversation.
    const conv = ConversationSchema.parse((await ctx.app.inject({ method: 'GET', url: `/api/assistant/conversations/${mine.conversation_id}`, headers: alice.headers })).json());
    expect(conv.messages.map((m) => m.feedback)).toEqual([null, null]);
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

    // Opening the assistant again without asking anything takes up the same empty conversation; once it holds a
    // question, the next start is a new one — and Bob never gets Alice's.
    const again = AssistantInitSchema.parse((await ctx.app.inject({ method: 'GET', url: `/api/assistant/init?workspace_id=${alice.workspaceId}`, headers: alice.headers })).json());
    expect(again.conversation_id).toBe(init.conversation_id);
    const bobs = AssistantInitSchema.parse((await ctx.app.inject({ method: 'GET', url: `/api/assistant/init?workspace_id=${bob.workspaceId}`, headers: bob.headers })).json());
    expect(bobs.conversation_id).not.toBe(init.conversation_id);
    await answer(alice, 'gutters', { conversation_id: init.conversation_id });
    const fresh = AssistantInitSchema.parse((await ctx.app.inject({ method: 'GET', url: `/api/assistant/init?workspace_id=${alice.workspaceId}`, headers: alice.headers })).json());
    expect(fresh.conversation_id).not.toBe(init.conversation_id);
  });
});

describe('the streamed answer, without a language model', () => {
  const stream = (user: TestUser | null, body: Record<string, unknown>) =>
    ctx.app.inject({ method: 'POST', url: '/api/assistant/query/stream', payload: { workspace_id: user?.workspaceId ?? alice.workspaceId, include_sources: true, ...body }, headers: user?.headers ?? {} });
  const events = (body: string) =>
    body
      .split('\n')
      .filter(Boolean)
      .map((line) => AssistantStreamEventSchema.parse(JSON.parse(line)));

  it('streams the sources, the extractive answer as one piece, then done; the conversation holds it', async () => {
    const res = await stream(alice, { query: 'What did the homeowner say about the back bedroom?' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain(ASSISTANT_STREAM_CONTENT_TYPE);
    const [start, delta, done, ...rest] = events(res.body);
    expect(rest).toEqual([]);
    if (start?.type !== 'start' || delta?.type !== 'delta' || done?.type !== 'done') throw new Error(res.body);
    expect(start.sources[0]).toMatchObject({ type: 'recording' });
    expect(delta.text).toContain('[1] Call');
    expect(done).toMatchObject({ conversation_id: start.conversation_id, answer: delta.text, message_index: 1 });
    const conv = ConversationSchema.parse((await ctx.app.inject({ method: 'GET', url: `/api/assistant/conversations/${start.conversation_id}`, headers: alice.headers })).json());
    expect(conv.messages.map((m) => [m.role, m.content])).toEqual([
      ['user', 'What did the homeowner say about the back bedroom?'],
      ['assistant', delta.text],
    ]);
    expect(conv.messages[1]!.sources).toEqual(start.sources);

    const next = events((await stream(alice, { query: 'nothing like xylophone', conversation_id: start.conversation_id })).body);
    expect(next.map((e) => e.type)).toEqual(['start', 'delta', 'done']);
    expect(next[1]).toEqual({ type: 'delta', text: ASSISTANT_NO_ANSWER });
    expect(next[2]).toMatchObject({ conversation_id: start.conversation_id, message_index: 3 });
  });

  it('refuses before streaming, as JSON errors, and stores nothing', async () => {
    const before = (await ctx.db.select().from(assistantConversations)).length;
    const crew = await insertGroup(ctx.db, { workspaceId: alice.workspaceId!, createdBy: alice.id, name: 'Siding crew' });
    const [alices] = await ctx.db.select().from(assistantConversations).where(eq(assistantConversations.userId, alice.id)).limit(1);
    const refusals = [
      [await stream(null, { query: 'gutters' }), 401],
      [await stream(eve, { query: 'gutters', workspace_id: alice.workspaceId }), 403],
      [await stream(bob, { query: 'gutters', group_id: crew.id }), 404],
      [await stream(bob, { query: 'gutters', conversation_id: alices!.id }), 404],
      [await stream(alice, { query: '   ' }), 400],
      [await stream(alice, { query: 'gutters', workspace_id: 'not-an-id' }), 400],
    ] as const;
    for (const [res, status] of refusals) {
      expect(res.statusCode, res.body).toBe(status);
      expect(res.headers['content-type']).toContain('application/json');
      expect(res.json()).toHaveProperty('error.code');
    }
    expect((await ctx.db.select().from(assistantConversations)).length).toBe(before);
  });
});

describe('tenancy (property over random corpora)', () => {
  it('never returns a passage of another workspace, nor another user’s private contact, whatever the words', async () => {
    const vocabulary = ['roof', 'gutter', 'leak', 'window', 'siding', 'deck', 'permit', 'invoice', 'chimney', 'basement', 'mold', 'paint', 'tile', 'drywall', 'furnace'];
    let seed = 7;
    const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    const names = ['avery', 'brooks', 'carmen', 'dalton', 'esposito', 'farrow', 'garza', 'holloway'];
    const pick = (list: string[], n: number) => Array.from({ length: n }, () => list[Math.floor(random() * list.length)]).join(' ');
    const words = (n: number) => pick(vocabulary, n);
    const x = await createTestUser(ctx);
    const y = await createTestUser(ctx);
    const colleague = await createTestUser(ctx, { workspaceId: x.workspaceId }); // x's workspace, private contacts
    const owned = new Map<string, string>();
    for (const user of [x, y, colleague]) {
      for (let i = 0; i < 6; i++) {
        const contact = await insertContact(ctx.db, { ownerId: user.id, name: pick(names, 2), email: `${pick(names, 1)}@example.com`, phoneNumber: `512555${String(1000 + i)}` });
        owned.set(contact.id, user === colleague ? 'the colleague' : user.workspaceId!);
      }
    }
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
    const kinds = new Set<string>();
    for (let q = 0; q < 25; q++) {
      const user = q % 2 ? x : y;
      const a = await answer(user, pick([...vocabulary, ...names], 1 + Math.floor(random() * 3)));
      for (const s of a.sources) expect(owned.get(String(s.metadata.id)), `${s.type} ${s.metadata.id}`).toBe(user.workspaceId);
      for (const s of a.sources) kinds.add(s.type);
    }
    // Contacts and work were found for their owners, so the check above was not vacuous.
    expect([...kinds]).toEqual(expect.arrayContaining(['contact', 'document', 'job']));
    // The tables the fixtures wrote are the ones retrieval reads.
    expect((await ctx.db.select().from(documents)).length).toBeGreaterThan(16);
    expect((await ctx.db.select().from(jobs)).length).toBeGreaterThan(16);
    expect((await ctx.db.select().from(tasks)).length).toBeGreaterThan(16);
    expect((await ctx.db.select().from(contacts)).length).toBeGreaterThan(16);
  });
});
