import { groupAssistantEndpoints } from '@fieldbook/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'react-hot-toast';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { fakeAssistantApi, makeExample, makeRow, makeStats, WORKSPACE_ID } from './fake-assistant-api';
import { TrainingExamplesScreen } from './training-examples-screen';

afterEach(() => vi.unstubAllGlobals());

const row = makeRow('Roofers', makeStats({ training_examples_count: 3 }));
const best = makeExample(row.group.id, { question: 'When can you start the roof?', answer: 'Next Monday at 8 am.', quality_score: 0.92, source_type: 'recording' });
const middle = makeExample(row.group.id, { question: 'Do you haul away the old shingles?', answer: 'Yes, the dumpster is included.', quality_score: 0.7, status: 'approved' });
const worst = makeExample(row.group.id, { question: 'Ok?', answer: 'Sure.', quality_score: 0.31, status: 'rejected' });

const render = () =>
  renderWithProviders(
    <>
      <Toaster />
      <TrainingExamplesScreen groupId={row.group.id} />
    </>,
    { route: `/assistant-examples/${row.group.id}` },
  );
const cards = () => screen.getAllByTestId('training-example');

describe('TrainingExamplesScreen', () => {
  it('shows the group, its examples best first with source, quality and status, the counts, and filters by status', async () => {
    fakeAssistantApi([row], [worst, middle, best]);
    render();
    const user = userEvent.setup();
    expect(await screen.findByRole('heading', { name: 'Training Examples — Roofers' })).toBeTruthy();
    expect(cards().map((c) => within(c).getByText(/\?$/).textContent)).toEqual([best.question, middle.question, worst.question]);
    const first = within(cards()[0]!);
    expect(first.getByText('Call recording')).toBeTruthy();
    expect(first.getByText('Quality 92%')).toBeTruthy();
    expect(first.getByText('Pending')).toBeTruthy();
    expect(screen.getByTestId('example-counts').textContent).toBe('3 examples · 1 approved · 1 pending · 1 rejected');
    expect(screen.getByRole('link', { name: 'Back to Group Assistants' }).getAttribute('href')).toBe('/group-assistants');

    await user.click(screen.getByRole('radio', { name: 'Approved (1)' }));
    expect(cards().map((c) => c.dataset.status)).toEqual(['approved']);
    await user.click(screen.getByRole('radio', { name: 'All (3)' }));
    expect(cards()).toHaveLength(3);
  }, 15_000);

  it('approves and rejects an example', async () => {
    const api = fakeAssistantApi([row], [best, middle]);
    render();
    const user = userEvent.setup();
    await screen.findAllByTestId('training-example');
    await user.click(within(cards()[0]!).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(cards()[0]!.dataset.status).toBe('approved'));
    expect(api.calls(groupAssistantEndpoints.updateExample).map(({ params, body }) => ({ params, body }))).toEqual([{ params: { groupId: row.group.id, exampleId: best.id }, body: { status: 'approved' } }]);
    expect(within(cards()[0]!).getByRole('button', { name: 'Approve' })).toHaveProperty('disabled', true);
    await waitFor(() => expect(screen.getByTestId('example-counts').textContent).toContain('2 approved'));

    await user.click(within(cards()[1]!).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(cards()[1]!.dataset.status).toBe('rejected'));
  }, 15_000);

  it('edits the question and answer in place; Cancel keeps them; an empty field is refused', async () => {
    const api = fakeAssistantApi([row], [best]);
    render();
    const user = userEvent.setup();
    await screen.findByTestId('training-example');
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    const question = screen.getByLabelText('Question');
    await user.clear(question);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByText(best.question)).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Edit' }));
    await user.clear(screen.getByLabelText('Question'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('Question is required')).toBeTruthy();
    expect(api.calls(groupAssistantEndpoints.updateExample)).toEqual([]);

    await user.click(screen.getByLabelText('Question'));
    await user.paste('When could the crew start on the roof?');
    await user.clear(screen.getByLabelText('Answer'));
    await user.click(screen.getByLabelText('Answer'));
    await user.paste('Monday next week, 8 am.');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('When could the crew start on the roof?')).toBeTruthy();
    expect(screen.getByText('Monday next week, 8 am.')).toBeTruthy();
    expect(api.calls(groupAssistantEndpoints.updateExample)[0]?.body).toEqual({ question: 'When could the crew start on the roof?', answer: 'Monday next week, 8 am.' });
  }, 15_000);

  it('says why an update failed', async () => {
    const api = fakeAssistantApi([row], [best]);
    api.failures.set(groupAssistantEndpoints.updateExample, { status: 404, code: 'NOT_FOUND', message: 'Training example not found' });
    render();
    const user = userEvent.setup();
    await user.click(within(await screen.findByTestId('training-example')).getByRole('button', { name: 'Reject' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Failed to update training example')).toBeTruthy();
    expect(within(alert).getByText('Training example not found')).toBeTruthy();
  });

  it('extracts more examples for the group (its workspace from the list) and says how many there are', async () => {
    const api = fakeAssistantApi([row], []);
    api.extractTotal = 4;
    render();
    const user = userEvent.setup();
    expect(await screen.findByText("No training examples yet. Extract them from the group's calls and documents.")).toBeTruthy();
    const extract = screen.getByRole('button', { name: 'Extract Examples' });
    await waitFor(() => expect(extract).toHaveProperty('disabled', false));
    await user.click(extract);
    expect(await screen.findByText('Extraction completed: 4 examples found.')).toBeTruthy();
    expect(api.calls(groupAssistantEndpoints.extract)[0]?.body).toEqual({ group_id: row.group.id, workspace_id: WORKSPACE_ID, auto_approve: true });
  });

  it('says No training examples found to export when there are none', async () => {
    fakeAssistantApi([row], []);
    render();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Export Examples' }));
    expect(await within(await screen.findByRole('alert')).findByText('No training examples found to export')).toBeTruthy();
  });

  it('says Failed to load training examples when they cannot be read', async () => {
    const api = fakeAssistantApi([row], []);
    api.failures.set(groupAssistantEndpoints.examples, { status: 500, code: 'INTERNAL', message: 'boom' });
    render();
    expect(await screen.findByText('Failed to load training examples')).toBeTruthy();
  });
});
