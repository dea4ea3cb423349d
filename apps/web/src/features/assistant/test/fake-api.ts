import { assistantEndpoints, groupEndpoints, profileEndpoints, type AssistantMessage, type AssistantSource, type EndpointDef } from '@fieldbook/contract';
import { makeGroup } from '../../../test/factories';
import { apiError, fakeApi, type FakeApi as SharedFakeApi, type FakeRequest } from '../../../test/fake-api';
import { TEST_USER } from '../../../test/render';

/**
 * The assistant's component tests' fixtures over the shared fakeApi (routed by contract endpoint), and a streamed
 * answer a test pushes piece by piece (`streamed()`), with chunks cut wherever the test likes.
 */
export const WORKSPACE_ID = '00000000-0000-4000-8000-0000000000b1';
export const CONV_ID = '00000000-0000-4000-8000-0000000000aa';
export const NEW_CONV_ID = '00000000-0000-4000-8000-0000000000ab';

export const GUTTERS_SOURCES: AssistantSource[] = [
  { type: 'task', similarity: 0.8734, content: 'Replace the gutters on the north side', metadata: { id: 't1', url: '/tasks/t1', description: 'Replace gutters', status: 'pending' } },
  { type: 'job', similarity: 0.41, content: 'Oak Hollow roof job', metadata: { id: 'j1', url: '/jobs/j1', title: 'Oak Hollow', client_name: 'Garcia' } },
];

export const crewGroup = makeGroup('North Crew', { id: '00000000-0000-4000-8000-0000000000c1', description: 'Roofing crew', workspace_id: WORKSPACE_ID });

export const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** An NDJSON answer whose chunks the test pushes (as text, cut anywhere) and then ends. */
export function streamed() {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
  const encoder = new TextEncoder();
  return {
    response: () => new Response(body, { status: 200, headers: { 'content-type': 'application/x-ndjson' } }),
    push: (text: string) => controller.enqueue(encoder.encode(text)),
    end: () => controller.close(),
  };
}

/** The NDJSON text of a whole answer: start, the text in `pieces`, done. */
export function answerLines(answer: string[], sources: AssistantSource[], messageIndex: number, conversationId = CONV_ID): string {
  return [
    { type: 'start', conversation_id: conversationId, sources },
    ...answer.map((text) => ({ type: 'delta', text })),
    { type: 'done', conversation_id: conversationId, answer: answer.join(''), message_index: messageIndex },
  ]
    .map((e) => `${JSON.stringify(e)}\n`)
    .join('');
}

/**
 * The shared fakeApi (apps/web/src/test/fake-api.ts) with what every assistant test needs: the caller's profile in
 * WORKSPACE_ID, a new conversation with two suggested questions, the crew group, and feedback accepted. A test adds
 * or replaces fakes with `api.on(endpoint, …)`; `api.bodiesOf(endpoint)` lists the parsed bodies sent to one.
 */
export type FakeApi = SharedFakeApi & { bodiesOf: <E extends EndpointDef>(endpoint: E) => Array<FakeRequest<E>['body']> };

export function installFakeApi(): FakeApi {
  const api = fakeApi()
    .on(profileEndpoints.get, { id: TEST_USER.id, email: TEST_USER.email!, user_name: 'crew', full_name: null, phone_number: null, role: 'user', workspace_id: WORKSPACE_ID, default_workspace_id: WORKSPACE_ID, created_at: '2026-11-01T00:00:00.000Z' })
    .on(assistantEndpoints.init, {
      conversation_id: CONV_ID,
      suggested_queries: [
        { query: 'Which tasks are still pending?', description: '2 pending tasks in your workspace' },
        { query: 'What is the latest on the Garcia job?', description: 'Status of your newest job' },
      ],
    })
    .on(groupEndpoints.list, { groups: [crewGroup] })
    .on(groupEndpoints.get, ({ params }) => (params.id === crewGroup.id ? crewGroup : apiError(404, 'NOT_FOUND', 'Group not found')))
    .on(assistantEndpoints.feedback, { ok: true });
  return Object.assign(api, { bodiesOf: <E extends EndpointDef>(endpoint: E) => api.calls(endpoint).map((r) => r.body) });
}

export const storedAnswer = (content: string, feedback: AssistantMessage['feedback'] = null): AssistantMessage[] => [
  { role: 'user', content: 'Who fixes the gutters?', timestamp: '2026-11-01T00:00:00.000Z', feedback: null, sources: [] },
  { role: 'assistant', content, timestamp: '2026-11-01T00:00:00.000Z', feedback, sources: GUTTERS_SOURCES },
];
