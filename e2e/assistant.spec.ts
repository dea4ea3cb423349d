import { expect, test, type Page } from '@playwright/test';
import type { Group } from '@fieldbook/contract';
import { createJob, createTask, createWorkSession, openAs, type WorkSession } from './support/work-data';

/**
 * The assistant (spec 000 §2) against the built server with no language model: answers are the extractive ones —
 * the best passages quoted and cited — so every claim on screen comes from data this test created.
 */

async function createGroup(s: WorkSession, name: string): Promise<Group> {
  const res = await s.request.post('/api/groups', { headers: s.headers, data: { name, description: 'Skylight specialists' } });
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()) as Group;
}

async function openWidget(page: Page) {
  await page.getByRole('button', { name: 'Open assistant' }).click();
  return page.getByRole('dialog', { name: /Assistant$/ });
}

async function ask(page: Page, placeholder: string, question: string) {
  const input = page.getByPlaceholder(placeholder);
  await input.fill(question);
  await input.press('Enter');
}

test.describe('assistant', () => {
  test.slow(); // sign-up, data, and several answers in each story

  test('asks from the home page with no model: a cited answer, its sources, Open, and feedback that is kept', async ({ page, request }) => {
    const s = await createWorkSession(request);
    const job = await createJob(s, { client_name: 'Quillfeather Residence', property_address: '7 Larkspur Lane' });
    const reseal = await createTask(s, { job_id: job.id, description: 'Reseal the zephyrine skylight flashing before the storm' });
    await createTask(s, { job_id: job.id, description: 'Order a zephyrine skylight blind for the attic' });

    await openAs(page, s, '/');
    const widget = await openWidget(page);
    await expect(widget.getByRole('heading', { name: 'Intelligent Assistant' })).toBeVisible();
    await expect(widget.getByText('How can I help you today?')).toBeVisible();
    await expect(widget.getByText('Try asking:')).toBeVisible();
    // Suggestions come from the workspace's own data.
    await expect(widget.getByRole('button', { name: /Quillfeather Residence/ })).toBeVisible();
    await expect(widget.getByRole('button', { name: 'Send' })).toBeDisabled();

    const streamed = page.waitForResponse((r) => r.url().endsWith('/api/assistant/query/stream'));
    await ask(page, 'Ask a question...', 'What needs doing on the zephyrine skylight flashing?');
    // The answer came through the stream (the plain query is only the fallback for servers without it).
    const stream = await streamed;
    expect(stream.status()).toBe(200);
    expect(stream.headers()['content-type']).toContain('application/x-ndjson');
    await expect(widget.getByTestId('assistant-message-user')).toHaveText('What needs doing on the zephyrine skylight flashing?');
    const answer = widget.getByTestId('assistant-message');
    await expect(answer).toContainText('Here is what your records say:');
    await expect(answer).toContainText('Reseal the zephyrine skylight flashing before the storm');
    await expect(answer.getByRole('button', { name: 'Open source 1' })).toBeVisible();
    await page.screenshot({ path: 'test-results/assistant-widget-answer.png' });

    await answer.getByRole('button', { name: 'Open source 1' }).click();
    const sources = widget.getByTestId('assistant-sources');
    await expect(sources.getByText(/^Source 1 of [2-5]$/)).toBeVisible();
    await expect(sources.getByText('Task', { exact: true })).toBeVisible();
    await expect(sources.getByText(/^\d{1,3}%$/)).toBeVisible();
    await expect(sources.getByTestId('assistant-source-content')).toContainText('zephyrine skylight');
    await page.screenshot({ path: 'test-results/assistant-widget-sources.png' });
    await sources.getByRole('button', { name: 'Next' }).click();
    await expect(sources.getByText(/^Source 2 of [2-5]$/)).toBeVisible();
    await sources.getByRole('button', { name: 'Previous' }).click();
    await expect(sources.getByText(/^Source 1 of/)).toBeVisible();
    await sources.getByRole('link', { name: 'Open' }).click();
    await expect(page).toHaveURL(`/tasks/${reseal.id}`);
    await expect(page.getByRole('heading', { name: 'Reseal the zephyrine skylight flashing before the storm' })).toBeVisible();

    // The widget stayed open on the desktop; feedback is stored with the conversation.
    await widget.getByRole('button', { name: 'Close sources' }).click();
    const up = answer.getByRole('button', { name: 'Thumbs up' });
    await expect(up).toHaveAttribute('aria-pressed', 'false');
    const saved = page.waitForResponse((r) => r.url().includes('/api/assistant/feedback') && r.ok());
    await up.click();
    await expect(up).toHaveAttribute('aria-pressed', 'true');
    await saved;

    await page.reload();
    const again = await openWidget(page);
    await expect(again.getByTestId('assistant-message')).toContainText('Reseal the zephyrine skylight flashing');
    await expect(again.getByRole('button', { name: 'Thumbs up' })).toHaveAttribute('aria-pressed', 'true');
    await expect(again.getByRole('button', { name: 'Thumbs down' })).toHaveAttribute('aria-pressed', 'false');

    // Minimise keeps the header only; Close puts the button back.
    await again.getByRole('button', { name: 'Minimise' }).click();
    await expect(again.getByPlaceholder('Ask a question...')).toBeHidden();
    await again.getByRole('button', { name: 'Restore' }).click();
    await expect(again.getByPlaceholder('Ask a question...')).toBeVisible();
    await again.getByRole('button', { name: 'Close' }).click();
    await expect(page.getByRole('button', { name: 'Open assistant' })).toBeVisible();
    await page.screenshot({ path: 'test-results/assistant-closed.png' });

    // /assistant shows the same conversation across the page, without the floating copy.
    await page.goto('/assistant');
    await expect(page.getByRole('region', { name: 'Intelligent Assistant' }).getByTestId('assistant-message')).toContainText('Reseal the zephyrine');
    await expect(page.getByRole('button', { name: 'Open assistant' })).toHaveCount(0);
    await page.getByRole('button', { name: 'View sources' }).click();
    await expect(page.getByText(/^Source 1 of/)).toBeVisible();
    await page.screenshot({ path: 'test-results/assistant-page.png' });
  });

  test('a group assistant answers from its group’s work only', async ({ page, request }) => {
    const s = await createWorkSession(request);
    const group = await createGroup(s, 'Skyline Crew');
    const job = await createJob(s, { client_name: 'Brambleton Manor', property_address: '3 Heron Court' });
    await createTask(s, { job_id: job.id, description: 'Fit the marmalade gutter guard on the east side', group_id: group.id });
    await createTask(s, { job_id: job.id, description: 'Paint the marmalade fence panels' });

    await openAs(page, s, '/jobs');
    const widget = await openWidget(page);
    await widget.getByRole('button', { name: 'Select Group' }).click();
    const overlay = widget.getByRole('dialog', { name: 'Select a Specialized Assistant' });
    await expect(overlay.getByRole('radio', { name: /General Assistant/ })).toBeChecked();
    await overlay.getByRole('radio', { name: /Skyline Crew/ }).check();
    await overlay.getByRole('button', { name: 'Apply' }).click();
    await expect(widget.getByRole('heading', { name: 'Skyline Crew Assistant' })).toBeVisible();

    await ask(page, 'Ask the Skyline Crew assistant...', 'What about the marmalade work?');
    const answer = widget.getByTestId('assistant-message');
    await expect(answer).toContainText('Fit the marmalade gutter guard on the east side');
    await expect(answer).not.toContainText('fence');
    await widget.getByRole('button', { name: 'View sources' }).click();
    await expect(widget.getByText('Source 1 of 1')).toBeVisible();

    // Back to the general assistant: a new conversation that finds both.
    await widget.getByRole('button', { name: 'Close sources' }).click();
    await widget.getByRole('button', { name: 'Select Group' }).click();
    await widget.getByRole('radio', { name: /General Assistant/ }).check();
    await widget.getByRole('button', { name: 'Apply' }).click();
    await expect(widget.getByRole('heading', { name: 'Intelligent Assistant' })).toBeVisible();
    await expect(widget.getByText('How can I help you today?')).toBeVisible();
    await ask(page, 'Ask a question...', 'What about the marmalade work?');
    await expect(widget.getByTestId('assistant-message')).toContainText('fence');
  });

  test('on a phone the panel fills the screen and the question box is in reach', async ({ page, request }) => {
    const s = await createWorkSession(request);
    const job = await createJob(s, { client_name: 'Thistlewood Farm' });
    await createTask(s, { job_id: job.id, description: 'Replace the cobalt ridge vent on the barn' });
    await page.setViewportSize({ width: 390, height: 844 });
    await openAs(page, s, '/');

    const button = page.getByRole('button', { name: 'Open assistant' });
    const fab = (await button.boundingBox())!;
    expect(fab.x + fab.width).toBeLessThanOrEqual(390);
    expect(fab.y + fab.height).toBeLessThanOrEqual(844);
    await page.screenshot({ path: 'test-results/assistant-home-390.png' });

    const widget = await openWidget(page);
    const panel = (await page.getByTestId('assistant-widget').boundingBox())!;
    expect(panel).toMatchObject({ x: 0, y: 0, width: 390, height: 844 });
    const input = widget.getByPlaceholder('Ask a question...');
    await expect(input).toBeInViewport();
    await ask(page, 'Ask a question...', 'cobalt ridge vent');
    await expect(widget.getByTestId('assistant-message')).toContainText('Replace the cobalt ridge vent on the barn');
    await expect(input).toBeInViewport();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: 'test-results/assistant-widget-390.png' });

    await widget.getByRole('button', { name: 'Open source 1' }).click();
    await expect(widget.getByRole('button', { name: 'Next' })).toBeInViewport();
    await page.screenshot({ path: 'test-results/assistant-sources-390.png' });
    // Open on a phone steps the panel aside to show the page.
    await widget.getByRole('link', { name: 'Open' }).click();
    await expect(page).toHaveURL(/\/tasks\/[0-9a-f-]{36}$/);
    await expect(widget.getByPlaceholder('Ask a question...')).toBeHidden();
    await expect(page.getByRole('heading', { name: 'Replace the cobalt ridge vent on the barn' })).toBeInViewport();
    await page.screenshot({ path: 'test-results/assistant-minimised-390.png' });
  });
});
