import { expect, test, type APIRequestContext } from '@playwright/test';
import { signInThroughUi } from './support/auth';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './support/env';
import { wavTone } from './support/audio';
import { createWorkSession, type WorkSession } from './support/work-data';

async function upload(request: APIRequestContext, s: WorkSession, name: string, daysAgo: number, seconds = 1) {
  const res = await request.post('/api/recordings', {
    headers: s.headers,
    multipart: { recorded_at: new Date(Date.now() - daysAgo * 86_400_000).toISOString(), file: { name, mimeType: 'audio/wav', buffer: wavTone(seconds) } },
  });
  expect(res.status(), await res.text()).toBe(201);
}

test.describe('workspace analytics', () => {
  test('the admin sees recordings by workspace, storage, direction and the timeline, by range and workspace; others are refused', async ({ page, request, browser }) => {
    const a = await createWorkSession(request);
    const b = await createWorkSession(request);
    await upload(request, a, 'incoming_call_one.wav', 1, 2);
    await upload(request, a, 'outgoing_call_two.wav', 3);
    await upload(request, a, 'voicemail.wav', 45); // only in 90 days and the year
    await upload(request, b, 'incoming_call_three.wav', 2, 3);

    // A plain user is refused (the page and the API).
    const userCtx = await browser.newContext();
    const userPage = await userCtx.newPage();
    await signInThroughUi(userPage, a.user);
    await userPage.goto('/analytics');
    await expect(userPage.getByText('You do not have permission to access this page')).toBeVisible();
    expect((await request.get('/api/analytics/recordings', { headers: a.headers })).status()).toBe(403);
    await userCtx.close();

    await signInThroughUi(page, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
    await page.goto('/workspace-analytics');
    const panels = page.getByTestId('analytics-panels');
    for (const title of ['Recordings by Workspace', 'Storage Used by Workspace', 'Call Direction Distribution', 'Recording Timeline']) {
      await expect(panels.getByRole('region', { name: title })).toBeVisible();
    }
    await expect(page.getByRole('combobox', { name: 'Date Range' })).toHaveValue('Last 30 Days');
    await expect(panels.getByRole('region', { name: 'Call Direction Distribution' })).toContainText('Incoming');
    await page.screenshot({ path: 'test-results/analytics.png', fullPage: true });

    // One workspace, the last 7 days: its two recent calls; over 90 days the older voicemail too.
    const mine = (await (await request.get('/api/my-workspace', { headers: a.headers })).json()) as { workspace: { id: string; name: string } };
    // The select lists the first matches of what is typed (searched on the server): type the name.
    await page.getByRole('combobox', { name: 'Workspace' }).click();
    await page.getByRole('combobox', { name: 'Workspace' }).fill(mine.workspace.name);
    await page.getByRole('option', { name: mine.workspace.name, exact: true }).click();
    await page.getByRole('combobox', { name: 'Date Range' }).click();
    await page.getByRole('option', { name: 'Last 7 Days' }).click();
    const direction = panels.getByRole('region', { name: 'Call Direction Distribution' });
    await expect(direction).toContainText('Incoming 50%');
    await expect(direction).toContainText('Outgoing 50%');
    await page.getByRole('combobox', { name: 'Date Range' }).click();
    await page.getByRole('option', { name: 'Last 90 Days' }).click();
    await expect(direction).toContainText('Unknown 33%');
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(direction).toContainText('Unknown 33%'); // on a phone the legend carries the percentages
    await page.screenshot({ path: 'test-results/analytics-390.png', fullPage: true });
  });
});
