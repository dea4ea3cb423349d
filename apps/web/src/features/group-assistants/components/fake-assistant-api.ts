import type { AssistantConfig, AssistantStats, GroupAssistantRow, TrainingExample } from '@fieldbook/contract';
import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { vi } from 'vitest';

/**
 * An in-memory stand-in for the group assistant endpoints behind `fetch`, for the component tests: it answers by
 * method and path like the server, records every request, and lets a test make one route fail.
 */
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

export type Recorded = { method: string; path: string; body: unknown };
type Failure = { status: number; code: string; message: string };

export function fakeAssistantApi(initial: GroupAssistantRow[], examples: TrainingExample[] = []) {
  const state = {
    rows: initial,
    examples,
    configs: new Map<string, AssistantConfig>(),
    requests: [] as Recorded[],
    failures: new Map<string, Failure>(),
    extractTotal: 12,
  };
  const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  const replaceRow = (row: GroupAssistantRow) => (state.rows = state.rows.map((r) => (r.group.id === row.group.id ? row : r)));
  const rowOf = (id: string) => state.rows.find((r) => r.group.id === id)!;

  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const body: unknown = init?.body ? JSON.parse(String(init.body)) : undefined;
    const path = url.pathname;
    state.requests.push({ method, path, body });
    const route = `${method} ${path.replace(/[0-9a-f-]{36}/g, ':id')}`;
    const failure = state.failures.get(route);
    if (failure) return json(failure.status, { error: { code: failure.code, message: failure.message } });
    const id = /[0-9a-f-]{36}/.exec(path)?.[0] ?? '';

    switch (route) {
      case 'GET /api/group-assistants':
        return json(200, { items: state.rows });
      case 'POST /api/group-assistants/:id/initialize': {
        const row = { ...rowOf(id), stats: makeStats() };
        replaceRow(row);
        return json(201, row);
      }
      case 'PUT /api/group-assistants/:id/active': {
        const row = rowOf(id);
        const next = { ...row, stats: { ...row.stats!, is_active: (body as { is_active: boolean }).is_active } };
        replaceRow(next);
        return json(200, next);
      }
      case 'GET /api/group-assistants/:id/config':
        return json(200, state.configs.get(id) ?? { group_id: id, name: '', persona: '', specialization: '', system_prompt: '', base_model: 'gpt-4.1-mini', is_active: false });
      case 'PUT /api/group-assistants/:id/config': {
        const saved = { group_id: id, is_active: false, ...(body as object) } as AssistantConfig;
        state.configs.set(id, saved);
        return json(200, saved);
      }
      case 'POST /api/assistant/extract-examples':
        return json(200, { total_examples: state.extractTotal, created: state.extractTotal });
      case 'POST /api/group-assistants/:id/fine-tune': {
        const row = rowOf(id);
        const next = { ...row, stats: { ...row.stats!, creation_status: 'collecting_examples' as const } };
        replaceRow(next);
        return json(202, next);
      }
      case 'GET /api/group-assistants/:id/examples/export': {
        const mine = state.examples.filter((e) => e.group_id === id);
        if (mine.length === 0) return json(409, { error: { code: 'CONFLICT', message: 'No training examples found to export' } });
        return json(200, mine);
      }
      case 'GET /api/group-assistants/:id/examples':
        return json(200, { group: { id, name: rowOf(id).group.name }, items: state.examples.filter((e) => e.group_id === id) });
      default: {
        const ex = /^PATCH \/api\/group-assistants\/:id\/examples\/:id$/.test(route) ? /examples\/([0-9a-f-]{36})/.exec(path)![1] : null;
        if (ex) {
          const old = state.examples.find((e) => e.id === ex)!;
          const saved = { ...old, ...(body as object) };
          state.examples = state.examples.map((e) => (e.id === ex ? saved : e));
          return json(200, saved);
        }
        if (path === '/api/profile') return json(200, {});
        return json(404, { error: { code: 'NOT_FOUND', message: `no route ${route}` } });
      }
    }
  });
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
