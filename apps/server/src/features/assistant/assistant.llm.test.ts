import { request } from 'node:http';
import { connect, createServer, type AddressInfo, type Socket } from 'node:net';
import { ASSISTANT_NO_ANSWER, ASSISTANT_STREAM_CONTENT_TYPE, AssistantAnswerSchema, AssistantStreamEventSchema, ConversationSchema, type AssistantStreamEvent } from '@fieldbook/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { groupAssistants } from '../../db/schema';
import { insertDocument, insertGroup, insertJob, insertTask, insertTranscribedCall } from '../../test/factories';
import { echoSourcesReply, startOpenAiStub, type ChatRequest, type OpenAiStub } from '../../test/openai-stub';
import { createTestApp, createTestUser, type TestContext, type TestUser } from '../../test/setup-app';
import { GROUNDING_RULES } from './llm-answer';

/**
 * A TCP relay between the server and the stub that changes nothing: it tells whether the server hung up on a chat
 * stream the model was still writing (what a client's disconnect must cause), which the stub itself cannot see.
 */
async function startRelay(target: string) {
  const { port } = new URL(target);
  let abandoned = 0;
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    const upstream = connect(Number(port), '127.0.0.1');
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
    }
    let streaming = false;
    let upstreamClosed = false;
    client.pipe(upstream);
    upstream.pipe(client);
    upstream.on('data', (chunk: Buffer) => {
      const text = chunk.toString('latin1');
      if (text.includes('text/event-stream')) streaming = true;
      if (text.includes('[DONE]')) streaming = false;
    });
    upstream.on('close', () => {
      upstreamClosed = true;
      client.destroy();
    });
    client.on('close', () => {
      if (streaming && !upstreamClosed) abandoned++;
      upstream.destroy();
    });
    client.on('error', () => {});
    upstream.on('error', () => {});
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    abandonedStreams: () => abandoned,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const s of sockets) s.destroy(); // the SDK's idle keep-alive connections
      }),
  };
}

let stub: OpenAiStub;
let relay: Awaited<ReturnType<typeof startRelay>>;
let ctx: TestContext;
let alice: TestUser;
let bob: TestUser;

beforeAll(async () => {
  stub = await startOpenAiStub();
  relay = await startRelay(stub.url);
  ctx = await createTestApp({ LLM_BASE_URL: relay.url, LLM_API_KEY: 'sk-test', LLM_MODEL: 'gpt-test-chat' });
  alice = await createTestUser(ctx);
  bob = await createTestUser(ctx, { workspaceId: alice.workspaceId });
  const job = await insertJob(ctx.db, { workspaceId: alice.workspaceId!, clientName: 'Henderson Residence', title: 'Hail damage repair' });
  await insertDocument(ctx.db, { workspaceId: alice.workspaceId!, jobId: job.id, name: 'Henderson estimate.pdf', extractedText: 'ESTIMATE. Seamless gutters along the back of the house, 120 linear feet. Total: $1,440.00.' });
  await insertTranscribedCall(ctx.db, { workspaceId: alice.workspaceId!, userId: alice.id, phoneNumber: '5125550100', lines: ['Hi this is Mrs Henderson. The gutters overflow at the back corner. Please call me back.'] });
});
afterAll(async () => {
  await relay.close();
  await ctx.close();
  await stub.close();
});
beforeEach(() => {
  stub.reply = echoSourcesReply;
  stub.chunkChars = 12;
  stub.cutStreamAfter = null;
});

const body = (user: TestUser, extra: Record<string, unknown>) => ({ workspace_id: user.workspaceId, include_sources: true, ...extra });
const chats = () => stub.requests.filter((r) => r.path === '/chat/completions').map((r) => r.body as ChatRequest);
const lastChat = () => chats().at(-1)!;
const events = (text: string): AssistantStreamEvent[] =>
  text
    .split('\n')
    .filter(Boolean)
    .map((line) => AssistantStreamEventSchema.parse(JSON.parse(line)));
const stream = async (user: TestUser, extra: Record<string, unknown>) => {
  const res = await ctx.app.inject({ method: 'POST', url: '/api/assistant/query/stream', payload: body(user, extra), headers: user.headers });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toContain(ASSISTANT_STREAM_CONTENT_TYPE);
  return events(res.body);
};
const ask = async (user: TestUser, extra: Record<string, unknown>) => {
  const res = await ctx.app.inject({ method: 'POST', url: '/api/assistant/query', payload: body(user, extra), headers: user.headers });
  expect(res.statusCode, res.body).toBe(200);
  return AssistantAnswerSchema.parse(res.json());
};
const conversation = async (user: TestUser, id: string) => ctx.app.inject({ method: 'GET', url: `/api/assistant/conversations/${id}`, headers: user.headers });

describe('the answer written by the language model', () => {
  it('streams the sources, then the model’s answer piece by piece; the pieces make the stored answer', async () => {
    const question = 'What about the gutters at the back?';
    const all = await stream(alice, { query: question });
    const [start, ...rest] = all;
    if (start?.type !== 'start') throw new Error(JSON.stringify(all));
    const deltas = rest.filter((e) => e.type === 'delta').map((e) => e.text);
    const done = rest.at(-1);
    if (done?.type !== 'done') throw new Error(JSON.stringify(all));
    expect(deltas.length).toBeGreaterThan(2); // in pieces, as the stub writes them
    expect(deltas.join('')).toBe(done.answer);
    expect(done.answer).toMatch(/^According to the records \[1\]/);
    expect(done).toMatchObject({ conversation_id: start.conversation_id, message_index: 1 });

    // The model got the grounding rules and the numbered passages (type, name, content) with the question.
    const chat = lastChat();
    expect(chat).toMatchObject({ model: 'gpt-test-chat', stream: true });
    expect(chat.messages[0]).toMatchObject({ role: 'system' });
    expect(chat.messages[0]!.content).toContain(GROUNDING_RULES);
    expect(chat.messages[0]!.content).toMatch(/say plainly that they do not/);
    const user = chat.messages.at(-1)!;
    expect(user.role).toBe('user');
    expect(user.content).toContain(`Question: ${question}`);
    start.sources.forEach((s, i) => expect(user.content).toContain(`[${i + 1}] `));
    expect(user.content).toContain('Document “Henderson estimate.pdf”: Henderson estimate.pdf. ESTIMATE. Seamless gutters');
    expect(user.content).toMatch(/Call “incoming_20261124_153012_5125550100_a\.m4a”: .*gutters overflow/);

    const conv = ConversationSchema.parse((await conversation(alice, start.conversation_id)).json());
    expect(conv.messages.map((m) => [m.role, m.content])).toEqual([
      ['user', question],
      ['assistant', done.answer],
    ]);
    expect(conv.messages[1]!.sources).toEqual(start.sources);

    // A follow-up carries the conversation so far to the model.
    const follow = await stream(alice, { query: 'And the estimate total?', conversation_id: start.conversation_id });
    expect(follow.at(-1)).toMatchObject({ type: 'done', message_index: 3 });
    expect(lastChat().messages.slice(1, -1)).toEqual([
      { role: 'user', content: question },
      { role: 'assistant', content: done.answer },
    ]);
  });

  it('answers the non-streamed query with the model’s text and the sources it was given', async () => {
    stub.reply = (req) => `The estimate totals $1,440.00 [1]. (${req.messages.length} messages)`;
    const a = await ask(alice, { query: 'estimate total gutters' });
    expect(a.answer).toBe('The estimate totals $1,440.00 [1]. (2 messages)');
    expect(a.sources[0]).toMatchObject({ type: 'document', metadata: { name: 'Henderson estimate.pdf' } });
    expect(lastChat()).toMatchObject({ model: 'gpt-test-chat' });
    expect(lastChat().stream).toBeFalsy();
    const conv = ConversationSchema.parse((await conversation(alice, a.conversation_id)).json());
    expect(conv.messages[1]).toMatchObject({ role: 'assistant', content: a.answer });
  });

  it('does not ask the model when nothing was found', async () => {
    const before = chats().length;
    expect((await ask(alice, { query: 'xylophone quartet' })).answer).toBe(ASSISTANT_NO_ANSWER);
    const streamed = await stream(alice, { query: 'xylophone quartet' });
    expect(streamed.map((e) => e.type)).toEqual(['start', 'delta', 'done']);
    expect(streamed[1]).toEqual({ type: 'delta', text: ASSISTANT_NO_ANSWER });
    expect(chats().length).toBe(before);
  });
});

describe('when the language model fails', () => {
  it('the query still answers with the cited passages, saying the model could not be reached', async () => {
    stub.failNext(500, 'upstream exploded', 2); // the SDK retries once
    const a = await ask(alice, { query: 'gutters at the back' });
    const [reason, ...passages] = a.answer.split('\n\n');
    expect(reason).toMatch(/^The language model could not be reached.*answered 500: upstream exploded/);
    expect(passages[0]).toBe('Here is what your records say:');
    expect(passages[1]).toMatch(/^\[1\] /);
    expect(a.sources.length).toBeGreaterThan(0);
  });

  it('the plain and the streamed query answer it the same way: the cited passages, saying why, stored', async () => {
    stub.failNext(500, 'upstream exploded', 2); // the SDK retries once
    const plain = await ask(alice, { query: 'gutters at the back' });
    stub.failNext(500, 'upstream exploded', 2);
    const all = await stream(alice, { query: 'gutters at the back' });
    expect(plain.answer).toMatch(/^The language model could not be reached, so these are the passages themselves \(.*500.*upstream exploded.*\)/);
    expect(all.map((e) => e.type)).toEqual(['start', 'delta', 'done']);
    const done = all[2] as Extract<AssistantStreamEvent, { type: 'done' }>;
    expect(all[1]).toEqual({ type: 'delta', text: plain.answer });
    expect(done.answer).toBe(plain.answer);
    for (const id of [plain.conversation_id, done.conversation_id]) {
      const { messages } = ConversationSchema.parse((await conversation(alice, id)).json());
      expect(messages.map((m) => [m.role, m.content])).toEqual([
        ['user', 'gutters at the back'],
        ['assistant', plain.answer],
      ]);
    }
  });

  it('a stream cut mid-answer ends with the passages as the answer; the partial text is not kept in the conversation', async () => {
    const init = await ctx.app.inject({ method: 'GET', url: `/api/assistant/init?workspace_id=${alice.workspaceId}`, headers: alice.headers });
    const conversationId = (init.json() as { conversation_id: string }).conversation_id;
    stub.cutStreamAfter = 2;
    const all = await stream(alice, { query: 'gutters at the back', conversation_id: conversationId });
    expect(all.map((e) => e.type)).toEqual(['start', 'delta', 'delta', 'done']);
    const done = all[3] as Extract<AssistantStreamEvent, { type: 'done' }>;
    expect(done.answer).toMatch(/^The language model could not be reached, so these are the passages themselves/);
    expect(done.answer).toContain('Here is what your records say:');
    const { messages } = ConversationSchema.parse((await conversation(alice, conversationId)).json());
    expect(messages.map((m) => [m.role, m.content])).toEqual([
      ['user', 'gutters at the back'],
      ['assistant', done.answer],
    ]);
  });

  it('a client that hangs up stops the model’s stream, and nothing is stored', async () => {
    stub.reply = () => 'The gutters overflow [1]. '.repeat(120); // ≥ 1.5 s at 2 ms a chunk
    stub.chunkChars = 2;
    const address = new URL(await ctx.app.listen({ port: 0, host: '127.0.0.1' }));
    const abandonedBefore = relay.abandonedStreams();
    // A plain HTTP request on its own connection (fetch's pool would open a spare one the server then waits for).
    const payload = JSON.stringify(body(alice, { query: 'gutters at the back' }));
    const req = request({ host: address.hostname, port: address.port, path: '/api/assistant/query/stream', method: 'POST', agent: false, headers: { ...alice.headers, 'content-type': 'application/json' } });
    const firstLines = await new Promise<string>((resolve, reject) => {
      req.on('response', (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => {
          text += chunk.toString('utf8');
          if (text.includes('"type":"delta"')) resolve(text);
        });
      });
      req.on('error', reject);
      req.end(payload);
    });
    const hungUpAt = Date.now();
    req.destroy();
    await vi.waitFor(() => expect(relay.abandonedStreams()).toBe(abandonedBefore + 1), { timeout: 1000, interval: 20 });
    expect(Date.now() - hungUpAt).toBeLessThan(1000);
    const start = events(firstLines.split('\n')[0]!)[0] as Extract<AssistantStreamEvent, { type: 'start' }>;
    expect((await conversation(alice, start.conversation_id)).statusCode).toBe(404);
  });
});

describe('a group’s own assistant', () => {
  it('answers with the group’s fine-tuned model and its prompt when active and trained; the general model otherwise', async () => {
    const crew = await insertGroup(ctx.db, { workspaceId: alice.workspaceId!, createdBy: alice.id, name: 'Gutter crew' });
    const crewJob = await insertJob(ctx.db, { workspaceId: alice.workspaceId!, clientName: 'Crew client' });
    await insertTask(ctx.db, { workspaceId: alice.workspaceId!, jobId: crewJob.id, description: 'Clean the downspouts on the garage', groupId: crew.id });
    const config = {
      groupId: crew.id,
      workspaceId: alice.workspaceId!,
      name: 'Gutter Pro',
      persona: 'A patient foreman',
      specialization: 'Gutters and downspouts',
      systemPrompt: 'You help the gutter crew.',
      creationStatus: 'completed' as const,
      modelId: 'ft:gpt-4.1-mini:fieldbook::gutter01',
      isActive: true,
    };
    await ctx.db.insert(groupAssistants).values(config);

    await stream(alice, { query: 'downspouts', group_id: crew.id });
    const chat = lastChat();
    expect(chat.model).toBe('ft:gpt-4.1-mini:fieldbook::gutter01');
    for (const part of ['You help the gutter crew.', 'You are Gutter Pro.', 'A patient foreman', 'Gutters and downspouts', GROUNDING_RULES]) expect(chat.messages[0]!.content).toContain(part);
    await ask(alice, { query: 'downspouts', group_id: crew.id });
    expect(lastChat().model).toBe('ft:gpt-4.1-mini:fieldbook::gutter01');

    // Switched off: the general assistant (no fine-tuned model, no group prompt); without a group, likewise.
    await ctx.db.update(groupAssistants).set({ isActive: false });
    await ask(alice, { query: 'downspouts', group_id: crew.id });
    expect(lastChat().model).toBe('gpt-test-chat');
    expect(lastChat().messages[0]!.content).not.toContain('Gutter Pro');
    await ctx.db.update(groupAssistants).set({ isActive: true });
    await ask(alice, { query: 'downspouts' });
    expect(lastChat().model).toBe('gpt-test-chat');
    // A non-member cannot reach the group's assistant at all.
    const refused = await ctx.app.inject({ method: 'POST', url: '/api/assistant/query/stream', payload: body(bob, { query: 'downspouts', group_id: crew.id }), headers: bob.headers });
    expect(refused.statusCode).toBe(404);
  });
});
