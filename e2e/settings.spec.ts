import { expect, test, type Page } from '@playwright/test';
import { apiAccessToken, createConfirmedUser, signInThroughUi } from './support/auth';
import { DEAD_API_ORIGIN } from './support/env';

const openSettings = async (page: Page) => {
  await page.getByRole('button', { name: 'Settings' }).click();
  return page.getByRole('dialog', { name: 'Settings' });
};

test.describe('the API URL setting cannot lock a user out', () => {
  test('a saved API URL that stopped answering: settings show why, Save waits, Reset to default brings the app back', async ({ page, request }) => {
    const user = await createConfirmedUser(request);
    const token = await apiAccessToken(request, user);
    // Saved earlier, on another device: an allowed address that no longer answers.
    const put = await request.put('/api/settings', { headers: { Authorization: `Bearer ${token}` }, data: { api_url: DEAD_API_ORIGIN } });
    expect(put.ok(), await put.text()).toBe(true);

    await signInThroughUi(page, user);
    // The first settings answer is applied: from now on every request goes to the dead address.
    await expect.poll(() => page.evaluate(() => localStorage.getItem('apiBaseUrl'))).toBe(DEAD_API_ORIGIN);
    await page.goto('/jobs');
    await expect(page.getByText('Unable to connect to server. Please check if the API server is running and try again.')).toBeVisible({ timeout: 20_000 });

    const dialog = await openSettings(page);
    await expect(dialog.getByText(/^Failed to load settings:/)).toBeVisible({ timeout: 20_000 });
    await expect(dialog.getByRole('button', { name: 'Save Settings' })).toBeDisabled();
    await dialog.getByRole('button', { name: 'Reset to default' }).click();
    expect(await page.evaluate(() => localStorage.getItem('apiBaseUrl'))).toBeNull();
    await expect(dialog.getByText('API URL reset to the default.')).toBeVisible({ timeout: 20_000 });
    await page.keyboard.press('Escape');

    await page.reload();
    await expect(page.getByRole('heading', { name: 'Jobs' })).toBeVisible();
    await expect(page.getByText('Unable to connect to server')).toBeHidden();
    const saved = await request.get('/api/settings', { headers: { Authorization: `Bearer ${token}` } });
    expect(((await saved.json()) as { api_url: string | null }).api_url).toBeNull();
  });

  test('an address the deployment does not allow is refused in the form and nothing is saved; a stored one is ignored', async ({ page, request }) => {
    const user = await createConfirmedUser(request);
    await signInThroughUi(page, user);
    let dialog = await openSettings(page);
    await expect(dialog.getByRole('button', { name: 'Save Settings' })).toBeEnabled();
    await dialog.getByLabel('API URL').fill('https://evil.example.net');
    await dialog.getByRole('button', { name: 'Save Settings' }).click();
    await expect(dialog.getByText(/^API URL must be one of this deployment's API addresses: /).first()).toBeVisible();
    const token = await apiAccessToken(request, user);
    const saved = await request.get('/api/settings', { headers: { Authorization: `Bearer ${token}` } });
    expect(((await saved.json()) as { api_url: string | null }).api_url).toBeNull();
    await page.keyboard.press('Escape');

    // A value that got into this browser anyway (an old version, a hand edit) is not obeyed.
    await page.evaluate(() => localStorage.setItem('apiBaseUrl', 'https://evil.example.net'));
    await page.goto('/contacts');
    await expect(page.getByText('No contacts available')).toBeVisible();
    dialog = await openSettings(page);
    await expect(dialog.getByRole('button', { name: 'Save Settings' })).toBeEnabled();
  });

  test('logging out clears this browser’s copy of the API URL for the next person', async ({ page, request }) => {
    const user = await createConfirmedUser(request);
    await signInThroughUi(page, user);
    await page.evaluate((origin) => localStorage.setItem('apiBaseUrl', origin), `${new URL(page.url()).origin}`);
    await page.getByRole('button', { name: 'Log out', exact: true }).click();
    await page.getByRole('button', { name: 'Log Out', exact: true }).click();
    await expect(page).toHaveURL(/\/login/);
    expect(await page.evaluate(() => localStorage.getItem('apiBaseUrl'))).toBeNull();
    expect(await page.evaluate(() => localStorage.getItem('notificationSettings'))).toBeNull();
  });
});
