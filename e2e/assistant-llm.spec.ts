import { ASSISTANT_NO_ANSWER, ASSISTANT_STREAM_CONTENT_TYPE, AssistantStreamEventSchema, type AssistantStreamEvent } from '@fieldbook/contract';
import { expect, test } from '@playwright/test';
import { startOpenAiStub, type ChatRequest, type OpenAiStub } from '../apps/server/src/test/openai-stub';
import { signInThroughUi } from './support/auth';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './support/env';
import { signInApi, type ApiSession } from './support/group-assistant-data';
import { startOwnServer, type OwnServer } from './support/own-server';

/**
 * The assistant with a language model (issue 14): a server of its own whose LLM_BASE_URL is the OpenAI-compatible
 * stub (the third party stubbed, reached over HTTP by the real SDK). The answer is written by the model from the
 * numbered passages and streamed to the widget piece by piece; its [n] opens that source.
 */

const ANSWER = 'The zephyrine skylight flashing must be resealed before the storm [1].';

/** A model that answers only from what it was given: the zephyrine passage when it is among the sources. */
function groundedReply(req: ChatRequest): string {
  const prompt = req.messages.map((m) => m.content).join('\n');
  return /^\[\d+\].*zephyrine/im.test(prompt) ? ANSWER : 'The sources do not answer this question.';
}

async function post<T>(s: ApiSession, path: string, data: unknown): Promise<T> {
  const res = await s.request.post(`${s.base}${path}`, { headers: s.headers, data });
  expect(res.ok(), `POST ${path}: ${res.status()} ${await res.text()}`).toBe(true);
  return (await res.json()) as T;
}

test.describe('assistant with a language model', () => {
  let stub: OpenAiStub;
  let server: OwnServer;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    stub = await startOpenAiStub();
    stub.reply = groundedReply;
    stub.chunkChars = 6;
    server = await startOwnServer('assistant-llm', { LLM_BASE_URL: stub.url, LLM_API_KEY: 'sk-e2e', LLM_MODEL: 'gpt-e2e-chat' });
  });
  test.afterAll(async () => {
    await server?.stop();
    await stub?.close();
  });

  test('the model’s answer streams into the widget, cites its source, and nothing found asks no model', async ({ page, request }) => {
    test.setTimeout(120_000);
    const admin = await signInApi(request, server.url, ADMIN_EMAIL, ADMIN_PASSWORD);
    const job = await post<{ id: string; workspace_id: string }>(admin, '/api/jobs', { client_name: 'Quillfeather Residence', property_address: '7 Larkspur Lane' });
    await post(admin, '/api/tasks', { job_id: job.id, description: 'Reseal the zephyrine skylight flashing before the storm' });

    await page.goto(`${server.url}/login`);
    await signInThroughUi(page, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD }, `${server.url}/`);
    await page.getByRole('button', { name: 'Open assistant' }).click();
    const widget = page.getByRole('dialog', { name: 'Intelligent Assistant' });
    await expect(widget.getByText('How can I help you today?')).toBeVisible();

    // The wire first, read whole by an API client: the sources, then the answer in many pieces, then done with the
    // whole answer as stored. (Chromium does not keep the body of a streamed response for the test to read.)
    const wire = await request.post(`${server.url}/api/assistant/query/stream`, {
      headers: admin.headers,
      data: { query: 'What needs doing on the zephyrine skylight?', workspace_id: job.workspace_id, include_sources: true },
    });
    expect(wire.headers()['content-type']).toContain(ASSISTANT_STREAM_CONTENT_TYPE);
    const events: AssistantStreamEvent[] = (await wire.text())
      .split('\n')
      .filter(Boolean)
      .map((line) => AssistantStreamEventSchema.parse(JSON.parse(line)));
    expect(events[0]!.type).toBe('start');
    const deltas = events.filter((e) => e.type === 'delta');
    expect(deltas.length).toBeGreaterThan(5);
    expect(deltas.map((d) => d.text).join('')).toBe(ANSWER);
    expect(events.at(-1)).toMatchObject({ type: 'done', answer: ANSWER });

    // The widget asks the same stream and shows the model's answer as it arrives.
    const streamed = page.waitForResponse((r) => r.url().endsWith('/api/assistant/query/stream'));
    const input = widget.getByPlaceholder('Ask a question...');
    await input.fill('What needs doing on the zephyrine skylight?');
    await input.press('Enter');
    expect((await streamed).headers()['content-type']).toContain(ASSISTANT_STREAM_CONTENT_TYPE);
    const answer = widget.getByTestId('assistant-message');
    await expect(answer).toContainText('The zephyrine skylight flashing must be resealed before the storm');

    // The model was asked each time, streamed, with the configured model, the grounding rule and the numbered passage.
    const chats = stub.requests.filter((r) => r.path === '/chat/completions');
    expect(chats).toHaveLength(2);
    for (const chat of chats) {
      const sent = chat.body as ChatRequest;
      expect(sent).toMatchObject({ model: 'gpt-e2e-chat', stream: true });
      expect(sent.messages[0]!.role).toBe('system');
      expect(sent.messages.map((m) => m.content).join('\n')).toMatch(/^\[1\].*Reseal the zephyrine skylight flashing/m);
    }

    // [1] opens the passage the model cited.
    await answer.getByRole('button', { name: 'Open source 1' }).click();
    const sources = widget.getByTestId('assistant-sources');
    await expect(sources.getByText(/^Source 1 of \d$/)).toBeVisible();
    await expect(sources.getByTestId('assistant-source-content')).toContainText('Reseal the zephyrine skylight flashing before the storm');
    await page.screenshot({ path: 'test-results/assistant-llm-answer.png' });
    await widget.getByRole('button', { name: 'Close sources' }).click();

    // Nothing in the workspace answers: said plainly, and the model is not asked to make something up.
    await input.fill('qwertyuiop zxcvbnm');
    await input.press('Enter');
    await expect(widget.getByTestId('assistant-message').nth(1)).toContainText(ASSISTANT_NO_ANSWER);
    expect(stub.requests.filter((r) => r.path === '/chat/completions')).toHaveLength(2);
  });
});
