import { ASSISTANT_INIT_FAILED, ASSISTANT_SEND_FAILED, assistantEndpoints, groupEndpoints, profileEndpoints } from '@fieldbook/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, TEST_USER } from '../../../test/render';
import { answerLines, CONV_ID, crewGroup, GUTTERS_SOURCES, installFakeApi, json, NEW_CONV_ID, storedAnswer, streamed, WORKSPACE_ID, type FakeApi } from '../test/fake-api';
import { AssistantChat } from './assistant-chat';

const STREAM = assistantEndpoints.queryStream;
const QUERY = assistantEndpoints.query;
const ANSWER = ['Here is what your records say:\n\n', '[1] Task “Replace gutters” and', ' the job [2].'];
let api: FakeApi;

beforeEach(() => {
  localStorage.clear();
  api = installFakeApi();
  api.on(STREAM, () => new Response(answerLines(ANSWER, GUTTERS_SOURCES, 1), { headers: { 'content-type': 'application/x-ndjson' } }));
});
afterEach(() => vi.unstubAllGlobals());

const input = () => screen.getByPlaceholderText('Ask a question...') as HTMLTextAreaElement;
const sendButton = () => screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement;

describe('AssistantChat', () => {
  it('greets with the suggested questions, and a suggestion asks its question', async () => {
    renderWithProviders(<AssistantChat variant="page" />, { route: '/assistant' });
    expect(await screen.findByText('How can I help you today?')).toBeTruthy();
    expect(await screen.findByText('Try asking:')).toBeTruthy();
    expect(await screen.findByText('2 pending tasks in your workspace')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Intelligent Assistant' })).toBeTruthy();
    expect(api.calls(assistantEndpoints.init)[0]?.query.workspace_id).toBe(WORKSPACE_ID);

    await userEvent.setup().click(screen.getByRole('button', { name: /Which tasks are still pending\?/ }));
    expect(await screen.findByText(/the job/)).toBeTruthy();
    expect(api.bodiesOf(STREAM)).toEqual([{ query: 'Which tasks are still pending?', workspace_id: WORKSPACE_ID, conversation_id: CONV_ID, include_sources: true }]);
    expect(screen.queryByText('How can I help you today?')).toBeNull();
  });

  it('shows Thinking... until the first text, then the answer as it streams in (lines cut mid-way), with citations and line breaks', async () => {
    const stream = streamed();
    api.on(STREAM, stream.response);
    renderWithProviders(<AssistantChat variant="page" />);
    const user = userEvent.setup();
    await screen.findByText('Try asking:');
    await user.type(input(), 'Who fixes the gutters?{Enter}');
    expect(await screen.findByText('Thinking...')).toBeTruthy();
    expect(screen.getByTestId('assistant-message-user').textContent).toBe('Who fixes the gutters?');
    expect(sendButton().disabled).toBe(true);

    const body = answerLines(ANSWER, GUTTERS_SOURCES, 1);
    const firstDelta = body.indexOf('{"type":"delta"');
    stream.push(body.slice(0, firstDelta + 20)); // the start line and half of the first delta
    await waitFor(() => expect(api.bodiesOf(STREAM)).toHaveLength(1));
    expect(screen.getByText('Thinking...')).toBeTruthy();
    const secondDelta = body.indexOf('{"type":"delta"', firstDelta + 1);
    stream.push(body.slice(firstDelta + 20, secondDelta + 5));
    await waitFor(() => expect(screen.queryByText('Thinking...')).toBeNull());
    const answer = screen.getByTestId('assistant-message');
    expect(answer.textContent).toBe('Here is what your records say:\n\n');
    stream.push(body.slice(secondDelta + 5));
    stream.end();
    await waitFor(() => expect(answer.textContent).toContain('the job'));
    expect(within(answer).getByRole('button', { name: 'Open source 1' })).toBeTruthy();
    expect(within(answer).getByRole('button', { name: 'Open source 2' })).toBeTruthy();
    expect(answer.querySelector('div')!.textContent).toBe('Here is what your records say:\n\n1 Task “Replace gutters” and the job 2.');
    await waitFor(() => expect(within(answer).getByRole('button', { name: 'Thumbs up' })).toBeTruthy());
  });

  it('sends on Enter, adds a line on Shift+Enter, never sends a blank question, and disables Send while blank', async () => {
    renderWithProviders(<AssistantChat variant="page" />);
    const user = userEvent.setup();
    await screen.findByText('Try asking:');
    expect(sendButton().disabled).toBe(true);
    await user.type(input(), '   {Enter}');
    expect(sendButton().disabled).toBe(true);
    await user.type(input(), '{Shift>}{Enter}{/Shift}{Enter}');
    expect(api.bodiesOf(STREAM)).toHaveLength(0);

    await user.clear(input());
    await user.type(input(), 'Line one{Shift>}{Enter}{/Shift}line two');
    expect(input().value).toBe('Line one\nline two');
    expect(sendButton().disabled).toBe(false);
    await user.type(input(), '{Enter}');
    await waitFor(() => expect(api.bodiesOf(STREAM)).toHaveLength(1));
    expect((api.bodiesOf(STREAM)[0] as { query: string }).query).toBe('Line one\nline two');
    expect(input().value).toBe('');
  });

  it('falls back to the plain query where the stream endpoint does not exist', async () => {
    api.on(STREAM, () => json({ error: { code: 'NOT_FOUND', message: 'Route not found' } }, 404));
    api.on(QUERY, () => json({ conversation_id: CONV_ID, answer: 'From the query [1].', sources: GUTTERS_SOURCES }));
    renderWithProviders(<AssistantChat variant="page" />);
    const user = userEvent.setup();
    await screen.findByText('Try asking:');
    await user.type(input(), 'Who fixes the gutters?{Enter}');
    expect(await screen.findByText(/From the query/)).toBeTruthy();
    expect(api.bodiesOf(QUERY)).toEqual(api.bodiesOf(STREAM));
    // The answer is the conversation's second message: feedback names index 1.
    await user.click(screen.getByRole('button', { name: 'Thumbs up' }));
    await waitFor(() => expect(api.bodiesOf(assistantEndpoints.feedback)).toEqual([{ conversation_id: CONV_ID, message_index: 1, rating: 5 }]));
  });

  it('pages through the sources: Source n of m, type, relevance, content, metadata, Open', async () => {
    renderWithProviders(<AssistantChat variant="page" />);
    const user = userEvent.setup();
    await screen.findByText('Try asking:');
    await user.type(input(), 'gutters{Enter}');
    await user.click(await screen.findByRole('button', { name: 'Open source 2' }));
    const panel = screen.getByTestId('assistant-sources');
    expect(within(panel).getByText('Source 2 of 2')).toBeTruthy();
    expect(within(panel).getByText('Job')).toBeTruthy();
    expect(within(panel).getByText('41%')).toBeTruthy();
    expect(within(panel).getByText('Oak Hollow roof job')).toBeTruthy();
    expect((within(panel).getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(true);

    await user.click(within(panel).getByRole('button', { name: 'Previous' }));
    expect(within(panel).getByText('Source 1 of 2')).toBeTruthy();
    expect(within(panel).getByText('Task')).toBeTruthy();
    expect(within(panel).getByText('87%')).toBeTruthy();
    expect(within(panel).getByText('Replace the gutters on the north side')).toBeTruthy();
    expect(within(panel).getByText('Replace gutters')).toBeTruthy();
    expect(within(panel).queryByText('t1')).toBeNull(); // the id is not shown
    expect(within(panel).getByRole('link', { name: 'Open' }).getAttribute('href')).toBe('/tasks/t1');
    expect((within(panel).getByRole('button', { name: 'Previous' }) as HTMLButtonElement).disabled).toBe(true);

    await user.click(within(panel).getByRole('button', { name: 'Close sources' }));
    expect(screen.queryByTestId('assistant-sources')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'View sources' }));
    expect(screen.getByText('Source 1 of 2')).toBeTruthy();
  });

  it('shows a failed answer as the error message with Retry, which asks the same question again', async () => {
    api.on(
      STREAM,
      () => new Response(`${JSON.stringify({ type: 'start', conversation_id: CONV_ID, sources: [] })}\n${JSON.stringify({ type: 'delta', text: 'Half an ans' })}\n${JSON.stringify({ type: 'error', message: 'model failed' })}\n`, { headers: { 'content-type': 'application/x-ndjson' } }),
      () => new Response(answerLines(ANSWER, GUTTERS_SOURCES, 1), { headers: { 'content-type': 'application/x-ndjson' } }),
    );
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderWithProviders(<AssistantChat variant="page" />);
    const user = userEvent.setup();
    await screen.findByText('Try asking:');
    await user.type(input(), 'Who fixes the gutters?{Enter}');
    const error = await screen.findByTestId('assistant-message-error');
    expect(error.textContent).toContain(ASSISTANT_SEND_FAILED);
    expect(screen.queryByText(/Half an ans/)).toBeNull();

    await user.click(within(error).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText(/the job/)).toBeTruthy();
    expect(screen.queryByTestId('assistant-message-error')).toBeNull();
    expect(screen.getAllByTestId('assistant-message-user')).toHaveLength(1);
    expect(api.bodiesOf(STREAM).map((b) => (b as { query: string }).query)).toEqual(['Who fixes the gutters?', 'Who fixes the gutters?']);
  });

  it('rates an answer: pressed at once, sent with its message index and 5 or 1', async () => {
    renderWithProviders(<AssistantChat variant="page" />);
    const user = userEvent.setup();
    await screen.findByText('Try asking:');
    await user.type(input(), 'gutters{Enter}');
    const up = await screen.findByRole('button', { name: 'Thumbs up' });
    const down = screen.getByRole('button', { name: 'Thumbs down' });
    expect(up.getAttribute('aria-pressed')).toBe('false');
    await user.click(up);
    expect(up.getAttribute('aria-pressed')).toBe('true');
    await user.click(down);
    expect(down.getAttribute('aria-pressed')).toBe('true');
    expect(up.getAttribute('aria-pressed')).toBe('false');
    await waitFor(() =>
      expect(api.bodiesOf(assistantEndpoints.feedback)).toEqual([
        { conversation_id: CONV_ID, message_index: 1, rating: 5 },
        { conversation_id: CONV_ID, message_index: 1, rating: 1 },
      ]),
    );
  });

  it('selects a group assistant: the overlay, a fresh conversation, the group’s title and placeholder, and group_id on questions', async () => {
    api.on(assistantEndpoints.init, () => json({ conversation_id: CONV_ID, suggested_queries: [] }), () => json({ conversation_id: NEW_CONV_ID, suggested_queries: [] }));
    renderWithProviders(<AssistantChat variant="page" />);
    const user = userEvent.setup();
    await screen.findByText('Try asking:');
    await user.type(input(), 'gutters{Enter}');
    await screen.findByText(/the job/);

    await user.click(screen.getByRole('button', { name: 'Select Group' }));
    const overlay = screen.getByRole('dialog', { name: 'Select a Specialized Assistant' });
    expect(within(overlay).getByRole('radio', { name: /General Assistant/ })).toHaveProperty('checked', true);
    await user.click(await within(overlay).findByRole('radio', { name: /North Crew/ }));
    await user.click(within(overlay).getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('region', { name: 'Intelligent Assistant' })).toBeTruthy();
    expect(screen.getByText(/the job/)).toBeTruthy(); // Cancel changes nothing

    await user.click(screen.getByRole('button', { name: 'Select Group' }));
    await user.click(await screen.findByRole('radio', { name: /North Crew/ }));
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByRole('region', { name: 'North Crew Assistant' })).toBeTruthy();
    expect(screen.getByPlaceholderText('Ask the North Crew assistant...')).toBeTruthy();
    expect(screen.queryByText(/the job/)).toBeNull();
    expect(api.calls(groupEndpoints.get).some((r) => r.params.id === crewGroup.id)).toBe(true);
    expect(api.calls(groupEndpoints.list)[0]?.query.workspace_id).toBe(WORKSPACE_ID);

    await waitFor(() => expect(JSON.parse(localStorage.getItem(`fieldbook.assistant:${TEST_USER.id}:${WORKSPACE_ID}`)!)).toEqual({ conversationId: NEW_CONV_ID, groupId: crewGroup.id }));
    await user.type(screen.getByPlaceholderText('Ask the North Crew assistant...'), 'crew schedule{Enter}');
    await waitFor(() => expect(api.bodiesOf(STREAM)).toHaveLength(2));
    expect(api.bodiesOf(STREAM)[1]).toEqual({ query: 'crew schedule', workspace_id: WORKSPACE_ID, conversation_id: NEW_CONV_ID, include_sources: true, group_id: crewGroup.id });

    await user.click(screen.getByRole('button', { name: 'Select Group' }));
    await user.click(screen.getByRole('radio', { name: /General Assistant/ }));
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByRole('region', { name: 'Intelligent Assistant' })).toBeTruthy();
    expect(screen.getByPlaceholderText('Ask a question...')).toBeTruthy();
  });

  it('says "Group Assistant" while the chosen group’s name is loading', async () => {
    localStorage.setItem(`fieldbook.assistant:${TEST_USER.id}:${WORKSPACE_ID}`, JSON.stringify({ conversationId: null, groupId: crewGroup.id }));
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    api.on(groupEndpoints.get, async () => {
      await gate;
      return json(crewGroup);
    });
    renderWithProviders(<AssistantChat variant="page" />);
    expect(await screen.findByRole('region', { name: 'Group Assistant' })).toBeTruthy();
    release();
    expect(await screen.findByRole('region', { name: 'North Crew Assistant' })).toBeTruthy();
  });

  it('reports a failed start with Retry, and Retry brings the suggestions', async () => {
    api.on(assistantEndpoints.init, () => json({ error: { code: 'INTERNAL', message: 'boom' } }, 500), () => json({ conversation_id: CONV_ID, suggested_queries: [{ query: 'Which tasks are still pending?', description: 'Pending work' }] }));
    renderWithProviders(<AssistantChat variant="page" />);
    expect(await screen.findByText(ASSISTANT_INIT_FAILED)).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Pending work')).toBeTruthy();
    expect(screen.queryByText(ASSISTANT_INIT_FAILED)).toBeNull();
  });

  it('keeps the saved conversation per workspace: after moving to another workspace the old one is not reloaded', async () => {
    api.on(assistantEndpoints.conversation, () => json({ id: CONV_ID, messages: storedAnswer('Stored answer [1]') }));
    const inFirst = renderWithProviders(<AssistantChat variant="page" />);
    const user = userEvent.setup();
    await screen.findByText('Try asking:');
    await user.type(input(), 'Who fixes the gutters?{Enter}');
    expect(await screen.findByText(/the job/)).toBeTruthy();
    inFirst.unmount();

    // The user moves to another workspace: its assistant starts empty, with that workspace's new conversation.
    const OTHER_WORKSPACE = '00000000-0000-4000-8000-0000000000b2';
    api.on(profileEndpoints.get, () =>
      json({ id: TEST_USER.id, email: TEST_USER.email, user_name: 'crew', full_name: null, phone_number: null, role: 'user', workspace_id: OTHER_WORKSPACE, default_workspace_id: OTHER_WORKSPACE, created_at: '2026-11-01T00:00:00.000Z' }),
    );
    api.on(assistantEndpoints.init, () => json({ conversation_id: NEW_CONV_ID, suggested_queries: [] }));
    const inSecond = renderWithProviders(<AssistantChat variant="page" />);
    expect(await screen.findByText('How can I help you today?')).toBeTruthy();
    expect(screen.queryByText(/Stored answer|the job/)).toBeNull();
    expect(api.calls(assistantEndpoints.conversation)).toEqual([]);
    expect(api.calls(assistantEndpoints.init).at(-1)?.query.workspace_id).toBe(OTHER_WORKSPACE);
    inSecond.unmount();

    // Back in the first workspace, its conversation continues.
    api.on(profileEndpoints.get, () =>
      json({ id: TEST_USER.id, email: TEST_USER.email, user_name: 'crew', full_name: null, phone_number: null, role: 'user', workspace_id: WORKSPACE_ID, default_workspace_id: WORKSPACE_ID, created_at: '2026-11-01T00:00:00.000Z' }),
    );
    renderWithProviders(<AssistantChat variant="page" />);
    expect(await screen.findByText(/Stored answer/)).toBeTruthy();
  });

  it('continues the saved conversation with its feedback, and starts over when it cannot be loaded', async () => {
    localStorage.setItem(`fieldbook.assistant:${TEST_USER.id}:${WORKSPACE_ID}`, JSON.stringify({ conversationId: CONV_ID, groupId: null }));
    api.on(assistantEndpoints.conversation, () => json({ id: CONV_ID, messages: storedAnswer('Stored answer [1]', 'positive') }));
    const first = renderWithProviders(<AssistantChat variant="page" />);
    expect(await screen.findByText(/Stored answer/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Thumbs up' }).getAttribute('aria-pressed')).toBe('true');
    expect(api.calls(assistantEndpoints.init)).toEqual([]);
    first.unmount();

    api.on(assistantEndpoints.conversation, () => json({ error: { code: 'NOT_FOUND', message: 'Conversation not found' } }, 404));
    api.on(assistantEndpoints.init, () => json({ conversation_id: NEW_CONV_ID, suggested_queries: [] }));
    renderWithProviders(<AssistantChat variant="page" />);
    expect(await screen.findByText('How can I help you today?')).toBeTruthy();
    await waitFor(() => expect(JSON.parse(localStorage.getItem(`fieldbook.assistant:${TEST_USER.id}:${WORKSPACE_ID}`)!)).toEqual({ conversationId: NEW_CONV_ID, groupId: null }));
  });
});
