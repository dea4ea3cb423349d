import { groupAssistantEndpoints, type AssistantConfig, type AssistantStats, type EndpointDef, type EndpointResponse, type ErrorCode, type GroupAssistantRow, type TrainingExample } from '@fieldbook/contract';
import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { vi } from 'vitest';
import { apiError, fakeApi, type FakeRequest } from '../../../test/fake-api';

/** Fixtures for the group assistant component tests, and the in-memory endpoints below. */
export const WORKSPACE_ID = '00000000-0000-4000-8000-0000000000b1';
let n = 0;
const uuid = () => `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`;

export function makeStats(over: Partial<AssistantStats> = {}): AssistantStats {
  return {
    creation_status: 'not_started',
    is_active: false,
    training_examples_count: 0,
    approved_examples: 0,
    avg_quality: null,
    base_model: 'gpt-4.1-mini',
    last_trained: null,
    has_model: false,
    model_id: null,
    failure_reason: null,
    updated_at: '2026-01-01T00:00:00.000Z',
    ...over,
  };
}

export function makeRow(name: string, stats: AssistantStats | null, description: string | null = null): GroupAssistantRow {
  return { group: { id: uuid(), name, description, created_at: '2026-01-05T10:00:00.000Z', workspace_id: WORKSPACE_ID }, stats };
}

export function makeExample(groupId: string, over: Partial<TrainingExample> = {}): TrainingExample {
  return {
    id: uuid(),
    group_id: groupId,
    question: 'How long does a roof inspection take?',
    answer: 'About an hour for a single-family home.',
    source_type: 'document',
    source_id: null,
    quality_score: 0.8,
    status: 'pending',
    created_at: '2026-01-06T10:00:00.000Z',
    updated_at: '2026-01-06T10:00:00.000Z',
    ...over,
  };
}

type Failure = { status: number; code: ErrorCode; message: string };
const E = groupAssistantEndpoints;

/**
 * The group assistant endpoints over the shared fakeApi (routed by contract endpoint): the rows, configurations and
 * examples live in `state`, as the server keeps them. `failures` makes one endpoint answer an error; `calls(endpoint)`
 * lists the requests made to one, with parsed params and bodies.
 */
export function fakeAssistantApi(initial: GroupAssistantRow[], examples: TrainingExample[] = []) {
  const state = {
    rows: initial,
    examples,
    configs: new Map<string, AssistantConfig>(),
    failures: new Map<EndpointDef, Failure>(),
    extractTotal: 12,
    calls: <D extends EndpointDef>(endpoint: D) => api.calls(endpoint),
  };
  const replaceRow = (row: GroupAssistantRow) => (state.rows = state.rows.map((r) => (r.group.id === row.group.id ? row : r)));
  const rowOf = (id: string) => state.rows.find((r) => r.group.id === id)!;
  /** The endpoint's failure when the test set one, else the handler's answer. */
  const or =
    <D extends EndpointDef>(endpoint: D, handler: (req: FakeRequest<D>) => EndpointResponse<D> | Response) =>
    (req: FakeRequest<D>) => {
      const failure = state.failures.get(endpoint);
      return failure ? apiError(failure.status, failure.code, failure.message) : handler(req);
    };

  const api = fakeApi()
    .on(E.list, or(E.list, () => ({ items: state.rows })))
    .on(
      E.initialize,
      or(E.initialize, ({ params }) => {
        const row = { ...rowOf(params.groupId), stats: makeStats() };
        replaceRow(row);
        return row;
      }),
    )
    .on(
      E.setActive,
      or(E.setActive, ({ params, body }) => {
        const row = rowOf(params.groupId);
        const next = { ...row, stats: { ...row.stats!, is_active: body.is_active } };
        replaceRow(next);
        return next;
      }),
    )
    .on(
      E.config,
      or(E.config, ({ params }) => state.configs.get(params.groupId) ?? { group_id: params.groupId, name: '', persona: '', specialization: '', system_prompt: '', base_model: 'gpt-4.1-mini', is_active: false }),
    )
    .on(
      E.updateConfig,
      or(E.updateConfig, ({ params, body }) => {
        const saved = { group_id: params.groupId, is_active: false, ...body } as AssistantConfig;
        state.configs.set(params.groupId, saved);
        return saved;
      }),
    )
    .on(E.extract, or(E.extract, () => ({ total_examples: state.extractTotal, created: state.extractTotal })))
    .on(
      E.fineTune,
      or(E.fineTune, ({ params }) => {
        const row = rowOf(params.groupId);
        const next = { ...row, stats: { ...row.stats!, creation_status: 'collecting_examples' as const } };
        replaceRow(next);
        return next;
      }),
    )
    .on(
      E.exportExamples,
      or(E.exportExamples, ({ params }) => {
        const mine = state.examples.filter((e) => e.group_id === params.groupId);
        return mine.length === 0 ? apiError(409, 'CONFLICT', 'No training examples found to export') : mine;
      }),
    )
    .on(E.examples, or(E.examples, ({ params }) => ({ group: { id: params.groupId, name: rowOf(params.groupId).group.name }, items: state.examples.filter((e) => e.group_id === params.groupId) })))
    .on(
      E.updateExample,
      or(E.updateExample, ({ params, body }) => {
        const saved = { ...state.examples.find((e) => e.id === params.exampleId)!, ...body };
        state.examples = state.examples.map((e) => (e.id === params.exampleId ? saved : e));
        return saved;
      }),
    );
  return state;
}

/**
 * Opens the Mantine Select labelled `label` and clicks `option` in its own list; answers every option's text.
 * (happy-dom never finishes Mantine's opening transition, so the list stays display:none: it is found by the id the
 * combobox points at, its options including hidden ones.)
 */
export async function pickOption(user: UserEvent, label: string, option: string): Promise<string[]> {
  const box = screen.getByRole('combobox', { name: label });
  await user.click(box);
  const list = await vi.waitFor(() => {
    const el = document.getElementById(box.getAttribute('aria-controls') ?? '');
    if (!el) throw new Error(`the ${label} list did not open`);
    return el;
  });
  const options = within(list).getAllByRole('option', { hidden: true });
  const texts = options.map((o) => o.textContent ?? '');
  await user.click(within(list).getByRole('option', { name: option, hidden: true }));
  return texts;
}
