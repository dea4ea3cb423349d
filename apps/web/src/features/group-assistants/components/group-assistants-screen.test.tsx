import { groupAssistantEndpoints } from '@fieldbook/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'react-hot-toast';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { fakeAssistantApi, pickOption, makeExample, makeRow, makeStats, WORKSPACE_ID } from './fake-assistant-api';
import { GroupAssistantsScreen } from './group-assistants-screen';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const render = () =>
  renderWithProviders(
    <>
      <Toaster />
      <GroupAssistantsScreen />
    </>,
    { route: '/group-assistants' },
  );
const rowOf = (name: string) => screen.getAllByTestId('assistant-row').find((r) => r.dataset.group === name)!;
const expand = async (user: ReturnType<typeof userEvent.setup>, name: string) => user.click(await screen.findByRole('button', { name: `Show details of ${name}` }));

describe('GroupAssistantsScreen', () => {
  it('lists each group with its status badge (underscores as spaces, Not Initialized without stats), training counts and quality', async () => {
    fakeAssistantApi([
      makeRow('Office', null, 'Billing questions'),
      makeRow('Plumbers', makeStats({ creation_status: 'fine_tuning', training_examples_count: 14, approved_examples: 11, avg_quality: 0.784 })),
      makeRow('Roofers', makeStats({ creation_status: 'failed', failure_reason: 'Training file has 3 example(s), but must have at least 10 examples' })),
    ]);
    render();
    expect(await screen.findByRole('heading', { name: 'Group Assistants' })).toBeTruthy();
    expect(await screen.findByText('Not Initialized')).toBeTruthy();
    for (const h of ['Group Name', 'Assistant Status', 'Training', 'Actions']) expect(screen.getByRole('columnheader', { name: h })).toBeTruthy();
    const plumbers = within(rowOf('Plumbers'));
    expect(plumbers.getByTestId('assistant-status').textContent).toBe('fine tuning');
    expect(plumbers.getByTestId('training-summary').textContent).toContain('14 examples');
    expect(plumbers.getByTestId('training-summary').textContent).toContain('11 approved');
    expect(plumbers.getByText('Quality 78%')).toBeTruthy();
    expect(plumbers.getByText('Fine-tuning the model…')).toBeTruthy();
    expect(within(rowOf('Roofers')).getByText('Training file has 3 example(s), but must have at least 10 examples')).toBeTruthy();
    expect(within(rowOf('Office')).getByRole('button', { name: 'Initialize' })).toBeTruthy();
  }, 15_000);

  it('says so when the list cannot be loaded', async () => {
    const api = fakeAssistantApi([]);
    api.failures.set(groupAssistantEndpoints.list, { status: 500, code: 'INTERNAL', message: 'database is down' });
    render();
    expect(await screen.findByText('Failed to load groups and assistant data')).toBeTruthy();
  }, 15_000);

  it('filters by status, state and search; the empty state offers Manage Groups and Clear Filters', async () => {
    fakeAssistantApi([
      makeRow('Roofers', makeStats({ creation_status: 'completed', is_active: true }), 'Shingles and gutters'),
      makeRow('Plumbers', makeStats({ creation_status: 'collecting_examples' })),
      makeRow('Office', null),
    ]);
    render();
    const user = userEvent.setup();
    await screen.findByText('Not Initialized');
    const names = () => screen.getAllByTestId('assistant-row').map((r) => r.dataset.group);

    await pickOption(user, 'Status', 'Collecting Examples');
    expect(names()).toEqual(['Plumbers']);
    await pickOption(user, 'Status', 'All');
    await pickOption(user, 'State', 'Active');
    expect(names()).toEqual(['Roofers']);
    await user.type(screen.getByPlaceholderText('Search groups...'), 'plumb');
    expect(screen.getByText('No groups match your filters')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Manage Groups' }).getAttribute('href')).toBe('/groups');
    await user.click(screen.getAllByRole('button', { name: 'Clear Filters' })[0]!);
    expect(names()).toEqual(['Roofers', 'Plumbers', 'Office']);
    await user.type(screen.getByPlaceholderText('Search groups...'), 'GUTTERS');
    expect(names()).toEqual(['Roofers']);
  }, 15_000);

  it('with no groups at all the empty state offers Manage Groups', async () => {
    fakeAssistantApi([]);
    render();
    expect(await screen.findByText('No groups yet')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Manage Groups' })).toBeTruthy();
  }, 15_000);

  it('expands a row to the group and assistant information, per group', async () => {
    fakeAssistantApi([
      makeRow('Office', null),
      makeRow('Roofers', makeStats({ creation_status: 'completed', has_model: true, model_id: 'ft:gpt-4.1-mini:fieldbook::abc', last_trained: '2026-01-06T12:00:00.000Z', training_examples_count: 12 })),
    ]);
    render();
    const user = userEvent.setup();
    await screen.findByText('Not Initialized');
    await expand(user, 'Office');
    const details = screen.getByTestId('assistant-details');
    expect(within(details).getByText('No description')).toBeTruthy();
    expect(within(details).getByText('Never')).toBeTruthy();
    expect(within(details).getByTestId('has-model').textContent).toBe('No');
    expect(within(details).getByRole('link', { name: 'View Group' }).getAttribute('href')).toMatch(/^\/groups\/[0-9a-f-]{36}$/);
    expect(within(details).queryByRole('link', { name: 'Manage Training Examples' })).toBeNull();

    await expand(user, 'Roofers');
    expect(screen.getAllByTestId('assistant-details')).toHaveLength(2);
    const roofers = screen.getAllByTestId('assistant-details')[1]!;
    expect(within(roofers).getByText('GPT-4o Mini')).toBeTruthy();
    expect(within(roofers).getByTestId('has-model').textContent).toBe('Yes');
    expect(within(roofers).getByText('ft:gpt-4.1-mini:fieldbook::abc')).toBeTruthy();
    expect(within(roofers).getByRole('link', { name: 'Manage Training Examples' }).getAttribute('href')).toMatch(/^\/assistant-examples\/[0-9a-f-]{36}$/);
    await user.click(screen.getByRole('button', { name: 'Hide details of Office' }));
    expect(screen.getAllByTestId('assistant-details')).toHaveLength(1);
  }, 15_000);

  it('initializes a group, then shows its badge; a refusal shows Failed to initialize assistant', async () => {
    const api = fakeAssistantApi([makeRow('Office', null), makeRow('Yard', null)]);
    render();
    const user = userEvent.setup();
    await user.click(within(await waitFor(() => rowOf('Office'))).getByRole('button', { name: 'Initialize' }));
    await waitFor(() => expect(within(rowOf('Office')).getByTestId('assistant-status').textContent).toBe('not started'));
    expect(api.calls(groupAssistantEndpoints.initialize).map((r) => r.params.groupId)).toContain(api.rows[0]!.group.id);

    api.failures.set(groupAssistantEndpoints.initialize, { status: 500, code: 'INTERNAL', message: 'boom' });
    await user.click(within(rowOf('Yard')).getByRole('button', { name: 'Initialize' }));
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(within(screen.getByRole('alert')).getByText('Failed to initialize assistant')).toBeTruthy();
  }, 15_000);

  it('activates and deactivates; a failure says Failed to update assistant state', async () => {
    const api = fakeAssistantApi([makeRow('Roofers', makeStats())]);
    render();
    const user = userEvent.setup();
    const toggle = await screen.findByRole('switch', { name: 'Assistant of Roofers active' });
    await user.click(toggle);
    // Flipped by the click itself, not a tick later (a controlled switch unchanged at the end of its event is put back).
    expect((toggle as HTMLInputElement).checked).toBe(true);
    await waitFor(() => expect((screen.getByRole('switch', { name: 'Assistant of Roofers active' }) as HTMLInputElement).checked).toBe(true));
    expect(api.calls(groupAssistantEndpoints.setActive)[0]?.body).toEqual({ is_active: true });

    api.failures.set(groupAssistantEndpoints.setActive, { status: 500, code: 'INTERNAL', message: 'boom' });
    await user.click(screen.getByRole('switch', { name: 'Assistant of Roofers active' }));
    expect(await within(await screen.findByRole('alert')).findByText('Failed to update assistant state')).toBeTruthy();
    // The refused change is put back: still active.
    await waitFor(() => expect((screen.getByRole('switch', { name: 'Assistant of Roofers active' }) as HTMLInputElement).checked).toBe(true));
  }, 15_000);

  it('extracts with auto_approve and says Extraction completed: N examples found.; a failure says Failed to extract training examples', async () => {
    const api = fakeAssistantApi([makeRow('Roofers', makeStats())]);
    api.extractTotal = 12;
    render();
    const user = userEvent.setup();
    await expand(user, 'Roofers');
    await user.click(await screen.findByRole('button', { name: 'Extract Examples' }));
    expect(await screen.findByText('Extraction completed: 12 examples found.')).toBeTruthy();
    expect(api.calls(groupAssistantEndpoints.extract)[0]?.body).toEqual({ group_id: api.rows[0]!.group.id, workspace_id: WORKSPACE_ID, auto_approve: true });

    api.failures.set(groupAssistantEndpoints.extract, { status: 500, code: 'INTERNAL', message: 'boom' });
    await user.click(screen.getByRole('button', { name: 'Extract Examples' }));
    expect(await within(await screen.findByRole('alert')).findByText('Failed to extract training examples')).toBeTruthy();
  }, 15_000);

  it('exports the examples as training-examples-{groupId}.json, and says when there are none', async () => {
    const row = makeRow('Roofers', makeStats({ training_examples_count: 1 }));
    const empty = makeRow('Yard', makeStats());
    fakeAssistantApi([row, empty], [makeExample(row.group.id, { status: 'approved' })]);
    let saved: { name: string; blob: Blob } | null = null;
    let blob: Blob | null = null;
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: (b: Blob) => ((blob = b), 'blob:x'), revokeObjectURL: () => {} }));
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved = { name: this.download, blob: blob! };
    });
    render();
    const user = userEvent.setup();
    await expand(user, 'Roofers');
    await user.click(screen.getByRole('button', { name: 'Export Examples' }));
    await waitFor(() => expect(saved).not.toBeNull());
    expect(saved!.name).toBe(`training-examples-${row.group.id}.json`);
    // Spec 002 §7: the rows themselves.
    const file = JSON.parse(await saved!.blob.text()) as Array<{ group_id: string }>;
    expect(Array.isArray(file)).toBe(true);
    expect(file.map((e) => e.group_id)).toEqual([row.group.id]);

    await user.click(screen.getByRole('button', { name: 'Hide details of Roofers' }));
    await expand(user, 'Yard');
    await user.click(screen.getByRole('button', { name: 'Export Examples' }));
    expect(await within(await screen.findByRole('alert')).findByText('No training examples found to export')).toBeTruthy();
  }, 15_000);

  it('fine-tunes after a confirmation, and shows the server’s reason when it refuses', async () => {
    const api = fakeAssistantApi([makeRow('Roofers', makeStats({ approved_examples: 12, training_examples_count: 12 })), makeRow('Yard', makeStats({ approved_examples: 3 }))]);
    api.failures.set(groupAssistantEndpoints.fineTune, { status: 409, code: 'CONFLICT', message: 'Fine-tuning needs an OpenAI-compatible API: set LLM_BASE_URL (and LLM_API_KEY) on the server.' });
    render();
    const user = userEvent.setup();
    await expand(user, 'Roofers');
    await user.click(screen.getByRole('button', { name: 'Fine-tune' }));
    const dialog = await screen.findByRole('dialog', { name: 'Start fine-tuning?' });
    await user.click(within(dialog).getByRole('button', { name: 'Start Fine-tuning' }));
    expect(await within(dialog).findByText('Fine-tuning needs an OpenAI-compatible API: set LLM_BASE_URL (and LLM_API_KEY) on the server.')).toBeTruthy();
    expect(within(dialog).getByText('Failed to start fine-tuning')).toBeTruthy();

    api.failures.clear();
    await user.click(within(dialog).getByRole('button', { name: 'Start Fine-tuning' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(within(rowOf('Roofers')).getByTestId('assistant-status').textContent).toBe('collecting examples'));
    expect(within(rowOf('Roofers')).getByText('Collecting approved examples…')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Fine-tune' })).toHaveProperty('disabled', true);

    // Too few approved examples: the dialog says so and does not offer to start.
    await expand(user, 'Yard');
    const buttons = screen.getAllByRole('button', { name: 'Fine-tune' });
    await user.click(buttons[buttons.length - 1]!);
    const second = await screen.findByRole('dialog', { name: 'Start fine-tuning?' });
    expect(within(second).getByText('At least 10 approved training examples are needed to fine-tune (3 approved).')).toBeTruthy();
    expect(within(second).getByRole('button', { name: 'Start Fine-tuning' })).toHaveProperty('disabled', true);
  }, 15_000);

  it('refreshes, and says Failed to refresh data when that fails', async () => {
    const api = fakeAssistantApi([makeRow('Roofers', makeStats())]);
    render();
    const user = userEvent.setup();
    await screen.findByTestId('assistant-row');
    api.rows = [...api.rows, makeRow('Yard', null)];
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(screen.getAllByTestId('assistant-row')).toHaveLength(2));
    api.failures.set(groupAssistantEndpoints.list, { status: 500, code: 'INTERNAL', message: 'boom' });
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await within(await screen.findByRole('alert')).findByText('Failed to refresh data')).toBeTruthy();
    // The rows already shown stay.
    expect(screen.getAllByTestId('assistant-row')).toHaveLength(2);
  }, 15_000);

  it('on a phone shows cards instead of the table', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query.includes('max-width'), media: query, addEventListener: () => {}, removeEventListener: () => {}, addListener: () => {}, removeListener: () => {}, onchange: null, dispatchEvent: () => false }));
    fakeAssistantApi([makeRow('Roofers', makeStats({ creation_status: 'completed' })), makeRow('Office', null)]);
    render();
    expect(await screen.findAllByTestId('assistant-card')).toHaveLength(2);
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByText('completed')).toBeTruthy();
  }, 15_000);
});
