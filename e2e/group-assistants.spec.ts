import { readFile } from 'node:fs/promises';
import { FINE_TUNE_NEEDS_LLM } from '@fieldbook/contract';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { startOpenAiStub, type ChatRequest, type OpenAiStub } from '../apps/server/src/test/openai-stub';
import { signInThroughUi } from './support/auth';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './support/env';
import { createGroupWithFaq, FAQ_DOCUMENT, FAQ_PAIRS, PENDING_QUESTION, signInApi } from './support/group-assistant-data';
import { startOwnServer, type OwnServer } from './support/own-server';
import { createWorkSession, openAs } from './support/work-data';
import { uniqueName } from './support/unique';

/**
 * Group assistant administration (spec 002 §2–§8) in the browser. Fine-tuning needs an LLM API: the full flow runs on
 * a server of its own whose LLM_BASE_URL is the OpenAI-compatible stub (apps/server/src/test/openai-stub.ts — the
 * third party stubbed, reached over HTTP by the real SDK); the shared server (no LLM) shows extraction by rules and
 * the refusal to fine-tune without an LLM.
 */

type ChatMessage = ChatRequest['messages'][number];

/**
 * What a model asked for training pairs would answer about the FAQ: each line ending in '?' with the line after it
 * (the document's own questions and answers); nothing from any other source.
 */
function extractionReply(req: { messages: ChatMessage[] }): string {
  const [system, user] = req.messages;
  if (!system?.content.includes('extract training examples')) return 'The sources do not answer this question.';
  if (!user?.content.startsWith(`Document "${FAQ_DOCUMENT}"`)) return JSON.stringify({ pairs: [] });
  const lines = user.content.split('\n').map((l) => l.trim());
  const pairs = lines.flatMap((l, i) => (l.endsWith('?') && lines[i + 1] ? [{ question: l, answer: lines[i + 1] }] : []));
  return JSON.stringify({ pairs });
}

const row = (page: Page, name: string) => page.locator(`[data-testid="assistant-row"][data-group="${name}"]`);
const toast = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text });

async function openAdminScreen(page: Page, base: string, groupName: string) {
  await page.goto(`${base}/group-assistants`);
  await expect(page.getByRole('heading', { name: 'Group Assistants' })).toBeVisible();
  // Other tests' groups share the demo workspace: the search leaves this one.
  await page.getByPlaceholder('Search groups...').fill(groupName);
  await expect(page.getByTestId('assistant-row')).toHaveCount(1);
}

test.describe('group assistants with an LLM API (own server, OpenAI-compatible stub)', () => {
  test.describe.configure({ mode: 'serial' });
  let stub: OpenAiStub;
  let server: OwnServer;
  test.beforeAll(async () => {
    stub = await startOpenAiStub();
    stub.reply = extractionReply;
    // FINE_TUNE_POLL_SECONDS=1: the worker asks about the fine-tuning job every second instead of every 30.
    server = await startOwnServer('assistants', { LLM_BASE_URL: stub.url, LLM_API_KEY: 'sk-e2e', FINE_TUNE_POLL_SECONDS: '1' });
  });
  test.afterAll(async () => {
    await server?.stop();
    await stub?.close();
  });

  test('initialize → configure → extract → approve → export → fine-tune → completed', async ({ page, request }) => {
    test.setTimeout(240_000);
    const admin = await signInApi(request, server.url, ADMIN_EMAIL, ADMIN_PASSWORD);
    const group = await createGroupWithFaq(admin, 'Roof Crew');

    await page.goto(`${server.url}/login`);
    await signInThroughUi(page, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD }, `${server.url}/`);
    await openAdminScreen(page, server.url, group.name);
    const r = row(page, group.name);
    await expect(r.getByTestId('assistant-status')).toHaveText('Not Initialized');

    // Initialize: the status badge replaces 'Not Initialized'.
    await r.getByRole('button', { name: 'Initialize' }).click();
    await expect(r.getByTestId('assistant-status')).toHaveText('not started');
    await page.getByRole('button', { name: `Show details of ${group.name}` }).click();
    const details = page.getByTestId('assistant-details');
    await expect(details.getByRole('region', { name: 'Group Information' })).toContainText('Roof replacements and repairs');
    await expect(details.getByRole('region', { name: 'Assistant Information' })).toContainText('Never');
    await expect(details.getByTestId('has-model')).toHaveText('No');

    // Configuration: a system prompt and GPT-4o, which the fine-tuning job must then use.
    await details.getByRole('button', { name: 'Edit Configuration' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByLabel('Name')).toHaveValue(`${group.name} Assistant`);
    await dialog.getByLabel('Name').fill('Roof Helper');
    await dialog.getByLabel('System Prompt').fill('You are Roof Helper. Answer homeowners in two sentences.');
    await dialog.getByRole('combobox', { name: 'Base Model' }).click();
    await page.getByRole('option', { name: 'GPT-4o', exact: true }).click();
    await page.screenshot({ path: 'test-results/group-assistants-config.png' });
    await dialog.getByRole('button', { name: 'Save Configuration' }).click();
    await expect(toast(page, 'Assistant configuration updated successfully')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(details.getByRole('region', { name: 'Assistant Information' })).toContainText('GPT-4o');

    // Extraction (auto_approve): 13 pairs from the FAQ, the 12 with substance approved.
    await details.getByRole('button', { name: 'Extract Examples' }).click();
    await expect(toast(page, 'Extraction completed: 13 examples found.')).toBeVisible();
    await expect(r.getByTestId('training-summary')).toContainText('13 examples');
    await expect(r.getByTestId('training-summary')).toContainText('12 approved');

    // Review: the weak pair waits; approving it makes 13.
    await details.getByRole('link', { name: 'Manage Training Examples' }).click();
    await expect(page).toHaveURL(`${server.url}/assistant-examples/${group.id}`);
    await expect(page.getByRole('heading', { name: `Training Examples — ${group.name}` })).toBeVisible();
    await expect(page.getByTestId('example-counts')).toHaveText('13 examples · 12 approved · 1 pending · 0 rejected');
    await page.getByText('Pending (1)').click();
    const pending = page.getByTestId('training-example');
    await expect(pending).toHaveCount(1);
    await expect(pending).toContainText(PENDING_QUESTION);
    await pending.getByRole('button', { name: 'Approve' }).click();
    await expect(page.getByTestId('example-counts')).toHaveText('13 examples · 13 approved · 0 pending · 0 rejected');
    await page.getByText('All (13)').click();
    await expect(page.getByTestId('training-example').first()).toContainText('Quality 100%');
    await page.screenshot({ path: 'test-results/group-assistants-examples.png', fullPage: true });

    // Export: training-examples-{groupId}.json with every example.
    await page.getByRole('link', { name: 'Back to Group Assistants' }).click();
    await openAdminScreen(page, server.url, group.name);
    await page.getByRole('button', { name: `Show details of ${group.name}` }).click();
    const download = page.waitForEvent('download');
    await details.getByRole('button', { name: 'Export Examples' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`training-examples-${group.id}.json`);
    // Spec 002 §7: the file is the rows themselves.
    const exported = JSON.parse(await readFile(await file.path(), 'utf8')) as { group_id: string; question: string; answer: string; status: string; source_type: string }[];
    expect(Array.isArray(exported)).toBe(true);
    expect(new Set(exported.map((e) => e.group_id))).toEqual(new Set([group.id]));
    expect(exported.map((e) => [e.question, e.answer]).sort()).toEqual([...FAQ_PAIRS].sort());
    expect(new Set(exported.map((e) => `${e.status}/${e.source_type}`))).toEqual(new Set(['approved/document']));

    // Fine-tuning: confirmed, then the status moves on by itself (the list polls) until completed.
    await details.getByRole('button', { name: 'Fine-tune' }).click();
    const confirm = page.getByRole('dialog', { name: 'Start fine-tuning?' });
    await expect(confirm).toContainText('The 13 approved training examples');
    await confirm.getByRole('button', { name: 'Start Fine-tuning' }).click();
    await expect(confirm).toBeHidden();
    await expect(r.getByTestId('assistant-status')).toHaveText('completed', { timeout: 90_000 });
    await expect(details.getByTestId('has-model')).toHaveText('Yes');
    await expect(details.getByRole('region', { name: 'Assistant Information' })).not.toContainText('Never');

    // What the provider was sent: the 13 approved examples as chat JSONL with the configured prompt, on GPT-4o.
    const jobs = [...stub.jobs.values()];
    expect(jobs).toHaveLength(1);
    expect(jobs[0]!.model).toBe('gpt-4o');
    expect(jobs[0]!.status).toBe('succeeded');
    await expect(details).toContainText(jobs[0]!.fine_tuned_model!);
    const training = [...stub.files.values()].find((f) => f.purpose === 'fine-tune')!;
    const lines = training.content.trim().split('\n').map((l) => JSON.parse(l) as { messages: ChatMessage[] });
    expect(lines).toHaveLength(13);
    expect(lines.every((l) => l.messages[0]!.content === 'You are Roof Helper. Answer homeowners in two sentences.')).toBe(true);

    // Activate it.
    await r.getByRole('switch', { name: `Assistant of ${group.name} active` }).check();
    await expect(r.getByText('Active', { exact: true })).toBeVisible();
    await page.getByRole('combobox', { name: 'State' }).click();
    await page.getByRole('option', { name: 'Active', exact: true }).click();
    await expect(page.getByTestId('assistant-row')).toHaveCount(1);
    await page.screenshot({ path: 'test-results/group-assistants.png', fullPage: true });

    // A phone: cards instead of the table, nothing wider than the screen.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByRole('table')).toHaveCount(0);
    const card = page.locator(`[data-testid="assistant-card"][data-group="${group.name}"]`);
    await expect(card.getByTestId('assistant-status')).toHaveText('completed');
    await expect(card.getByTestId('has-model')).toHaveText('Yes');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: 'test-results/group-assistants-390.png', fullPage: true });
    await card.getByRole('link', { name: 'Manage Training Examples' }).click();
    await expect(page.getByTestId('example-counts')).toHaveText('13 examples · 13 approved · 0 pending · 0 rejected');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: 'test-results/group-assistants-examples-390.png' });

    // The trained, active assistant answers for its group: the widget scoped to the group asks the fine-tuned model,
    // with the configured prompt, from the group's own passages.
    stub.reply = (req) => (req.model === jobs[0]!.fine_tuned_model ? 'The final payment is due after the final inspection passes [1].' : `Asked the wrong model: ${req.model}`);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`${server.url}/`);
    await page.getByRole('button', { name: 'Open assistant' }).click();
    const widget = page.getByRole('dialog', { name: /Assistant$/ });
    await widget.getByRole('button', { name: 'Select Group' }).click();
    const overlay = widget.getByRole('dialog', { name: 'Select a Specialized Assistant' });
    await overlay.getByRole('radio', { name: new RegExp(group.name) }).check();
    await overlay.getByRole('button', { name: 'Apply' }).click();
    await expect(widget.getByRole('heading', { name: `${group.name} Assistant` })).toBeVisible();
    const input = widget.getByPlaceholder(`Ask the ${group.name} assistant...`);
    await input.fill('When is the final payment due?');
    await input.press('Enter');
    await expect(widget.getByTestId('assistant-message')).toContainText('The final payment is due after the final inspection passes');
    const asked = stub.requests.filter((q) => q.path === '/chat/completions').at(-1)!.body as { model: string; messages: ChatMessage[] };
    expect(asked.model).toBe(jobs[0]!.fine_tuned_model);
    expect(asked.messages[0]!.content).toContain('You are Roof Helper. Answer homeowners in two sentences.');
    expect(asked.messages.map((m) => m.content).join('\n')).toContain('The final payment is due after the final inspection passes');
  });
});

test.describe('group assistants on a server without an LLM', () => {
  test('a plain user is refused; the admin extracts by rules and is told fine-tuning needs an LLM API; export with no examples says so', async ({ page, request, browser }) => {
    test.setTimeout(120_000);
    const user = await createWorkSession(request);
    const ctx = await browser.newContext();
    const userPage = await ctx.newPage();
    await openAs(userPage, user, '/group-assistants');
    await expect(userPage.getByText('You do not have permission to access this page')).toBeVisible();
    expect((await request.get('/api/group-assistants', { headers: user.headers })).status()).toBe(403);
    await ctx.close();

    const admin = await signInApi(request, '', ADMIN_EMAIL, ADMIN_PASSWORD);
    const group = await createGroupWithFaq(admin, 'Gutter Crew');
    await signInThroughUi(page, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
    await openAdminScreen(page, '', group.name);
    const r = row(page, group.name);
    await r.getByRole('button', { name: 'Initialize' }).click();
    await expect(r.getByTestId('assistant-status')).toHaveText('not started');
    await page.getByRole('button', { name: `Show details of ${group.name}` }).click();
    const details = page.getByTestId('assistant-details');

    // Nothing extracted yet: nothing to export.
    await details.getByRole('button', { name: 'Export Examples' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'No training examples found to export' })).toBeVisible();

    // Without a model the rules find the same 13 pairs.
    await details.getByRole('button', { name: 'Extract Examples' }).click();
    await expect(toast(page, 'Extraction completed: 13 examples found.')).toBeVisible();
    await expect(r.getByTestId('training-summary')).toContainText('12 approved');

    await details.getByRole('button', { name: 'Fine-tune' }).click();
    const confirm = page.getByRole('dialog', { name: 'Start fine-tuning?' });
    await confirm.getByRole('button', { name: 'Start Fine-tuning' }).click();
    await expect(confirm.getByRole('alert')).toContainText('Failed to start fine-tuning');
    await expect(confirm.getByRole('alert')).toContainText(FINE_TUNE_NEEDS_LLM);
    await page.screenshot({ path: 'test-results/group-assistants-no-llm.png' });
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(r.getByTestId('assistant-status')).toHaveText('not started');
  });

  test('View Group opens /groups/{id} for a group of the workspace the admin did not join', async ({ page, request }) => {
    // A crew member of the admin's (demo) workspace makes a group: the admin is not in it.
    const admin = await signInApi(request, '', ADMIN_EMAIL, ADMIN_PASSWORD);
    const crew = await createWorkSession(request);
    const own = (await (await request.get('/api/my-workspace', { headers: crew.headers })).json()) as { workspace: { id: string } };
    expect((await request.delete(`/api/workspaces/${own.workspace.id}`, { headers: admin.headers })).ok()).toBe(true);
    const adminWorkspace = ((await (await request.get('/api/my-workspace', { headers: admin.headers })).json()) as { workspace: { id: string } }).workspace.id;
    expect((await request.post(`/api/workspaces/${adminWorkspace}/users`, { headers: admin.headers, data: { user_ids: [await userId(request, crew.headers)] } })).ok()).toBe(true);
    const name = uniqueName('Crew Only');
    const group = (await (await request.post('/api/groups', { headers: crew.headers, data: { name, description: 'Not the admin’s' } })).json()) as { id: string };

    await signInThroughUi(page, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
    await openAdminScreen(page, '', name);
    await page.getByRole('button', { name: `Show details of ${name}` }).click();
    await page.getByTestId('assistant-details').getByRole('link', { name: 'View Group' }).click();
    await expect(page).toHaveURL(`/groups/${group.id}`);
    await expect(page.getByRole('heading', { name })).toBeVisible();
    await expect(page.getByTestId('member-row')).toHaveCount(1);
    await expect(page.getByText('Group not found')).toHaveCount(0);
  });
});

async function userId(request: APIRequestContext, headers: Record<string, string>): Promise<string> {
  return ((await (await request.get('/api/profile', { headers })).json()) as { id: string }).id;
}
