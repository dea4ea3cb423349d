import type { AssistantMessage, AssistantSource, Group } from '@fieldbook/contract';
import { vi } from 'vitest';
import { TEST_USER } from '../../../test/render';

/**
 * A stand-in for the product API in the assistant's component tests: answers by path, records every request, and
 * lets a test stream an answer piece by piece (`streamed()`), with chunks cut wherever the test likes.
 */
export const WORKSPACE_ID = '00000000-0000-4000-8000-0000000000b1';
export const CONV_ID = '00000000-0000-4000-8000-0000000000aa';
export const NEW_CONV_ID = '00000000-0000-4000-8000-0000000000ab';

export const GUTTERS_SOURCES: AssistantSource[] = [
  { type: 'task', similarity: 0.8734, content: 'Replace the gutters on the north side', metadata: { id: 't1', url: '/tasks/t1', description: 'Replace gutters', status: 'pending' } },
  { type: 'job', similarity: 0.41, content: 'Oak Hollow roof job', metadata: { id: 'j1', url: '/jobs/j1', title: 'Oak Hollow', client_name: 'Garcia' } },
];

export const crewGroup: Group = {
  id: '00000000-0000-4000-8000-0000000000c1',
  name: 'North Crew',
  description: 'Roofing crew',
  created_by: TEST_USER.id,
  workspace_id: WORKSPACE_ID,
  drive_folder_id: null,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  member_count: 3,
  is_creator: true,
  my_role: 'admin',
};

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

type Req = { method: string; path: string; url: string; body: unknown };
export type FakeApi = {
  requests: Req[];
  /** Per path (method and path without the query, e.g. 'POST /api/assistant/query/stream'): the next answers, in order; the last one repeats. */
  on: (key: string, ...answers: Array<(req: Req) => Response | Promise<Response>>) => void;
  bodiesOf: (key: string) => unknown[];
};

export function installFakeApi(): FakeApi {
  const routes = new Map<string, Array<(req: Req) => Response | Promise<Response>>>();
  const requests: Req[] = [];
  const on: FakeApi['on'] = (key, ...answers) => void routes.set(key, answers);
  on('GET /api/profile', () =>
    json({ id: TEST_USER.id, email: TEST_USER.email, user_name: 'crew', full_name: null, phone_number: null, role: 'user', workspace_id: WORKSPACE_ID, default_workspace_id: WORKSPACE_ID, created_at: '2026-11-01T00:00:00.000Z' }),
  );
  on('GET /api/assistant/init', () =>
    json({ conversation_id: CONV_ID, suggested_queries: [{ query: 'Which tasks are still pending?', description: '2 pending tasks in your workspace' }, { query: 'What is the latest on the Garcia job?', description: 'Status of your newest job' }] }),
  );
  on('GET /api/groups', () => json({ groups: [crewGroup] }));
  on(`GET /api/groups/${crewGroup.id}`, () => json(crewGroup));
  on('POST /api/assistant/feedback', () => json({ ok: true }));
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    const req = { method, path: url.pathname, url: String(input), body: init?.body ? JSON.parse(String(init.body)) : undefined };
    requests.push(req);
    const answers = routes.get(`${method} ${url.pathname}`);
    if (!answers) return json({ error: { code: 'NOT_FOUND', message: `No fake for ${method} ${url.pathname}` } }, 404);
    const answer = answers.length > 1 ? answers.shift()! : answers[0]!;
    return answer(req);
  });
  return { requests, on, bodiesOf: (key) => requests.filter((r) => `${r.method} ${r.path}` === key).map((r) => r.body) };
}

export const storedAnswer = (content: string, feedback: AssistantMessage['feedback'] = null): AssistantMessage[] => [
  { role: 'user', content: 'Who fixes the gutters?', timestamp: '2026-11-01T00:00:00.000Z', feedback: null, sources: [] },
  { role: 'assistant', content, timestamp: '2026-11-01T00:00:00.000Z', feedback, sources: GUTTERS_SOURCES },
];
