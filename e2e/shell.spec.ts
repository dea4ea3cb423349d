import { expect, test } from '@playwright/test';
import { apiAccessToken, createConfirmedUser, signInThroughUi } from './support/auth';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './support/env';

const ADMIN_ITEMS = ['ANALYTICS', 'GROUP ASSISTANTS', 'MANAGE WORKSPACES'];
const MEMBER_ITEMS = ['HOME', 'CONTACTS', 'JOBS', 'SCHEDULE', 'TODAY', 'TASKS', 'INVOICES', 'REQUESTS', 'DOCS', 'PHOTOS', 'GROUPS', 'MY WORKSPACE', 'RECORDINGS'];

test.describe('navigation shell', () => {
  test('the log-out dialog: Cancel keeps the session, Log Out ends it', async ({ page, request }) => {
    const user = await createConfirmedUser(request);
    await signInThroughUi(page, user);

    await page.getByRole('button', { name: 'Log out', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirm Logout' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText('Are you sure you want to log out?')).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL('/');

    await page.getByRole('button', { name: 'Log out', exact: true }).click();
    await dialog.getByRole('button', { name: 'Log Out', exact: true }).click();
    await expect(page).toHaveURL('/login');
    await page.goto('/contacts');
    await expect(page).toHaveURL('/login?redirect=/contacts');
  });

  test('the theme chosen in Settings is saved and survives a reload', async ({ page, request }) => {
    const user = await createConfirmedUser(request);
    await signInThroughUi(page, user);
    const html = page.locator('html');
    await expect(html).toHaveAttribute('data-mantine-color-scheme', 'light');

    await page.getByRole('button', { name: 'Settings' }).click();
    const dialog = page.getByRole('dialog', { name: 'Settings' });
    await expect(dialog.getByRole('tab', { name: 'General' })).toHaveAttribute('aria-selected', 'true');
    await expect(dialog.getByRole('tab', { name: 'Call Recorder' })).toHaveCount(0);
    await dialog.getByRole('switch', { name: 'Dark theme' }).check();
    await expect(html).toHaveAttribute('data-mantine-color-scheme', 'dark');
    await dialog.getByRole('button', { name: 'Save Settings' }).click();
    await expect(dialog.getByText('Settings saved successfully!')).toBeVisible();
    await expect(dialog.getByText('Settings saved successfully!')).toBeHidden({ timeout: 5_000 });

    await page.reload();
    await expect(page.getByRole('heading', { name: 'Home' })).toBeVisible();
    await expect(html).toHaveAttribute('data-mantine-color-scheme', 'dark');
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');

    const token = await apiAccessToken(request, user);
    const saved = await request.get('/api/settings', { headers: { Authorization: `Bearer ${token}` } });
    expect(((await saved.json()) as { theme: string }).theme).toBe('dark');
  });

  test('notification sub-toggles show only while notifications are on', async ({ page, request }) => {
    const user = await createConfirmedUser(request);
    await signInThroughUi(page, user);
    await page.getByRole('button', { name: 'Settings' }).click();
    const dialog = page.getByRole('dialog', { name: 'Settings' });
    await expect(dialog.getByRole('switch', { name: 'Email notifications' })).toBeVisible();
    await dialog.getByRole('switch', { name: 'Enable notifications' }).uncheck();
    await expect(dialog.getByRole('switch', { name: 'Email notifications' })).toHaveCount(0);
    await expect(dialog.getByRole('switch', { name: 'SMS notifications' })).toHaveCount(0);
    await expect(dialog.getByPlaceholder('Leave empty to use the default API URL')).toBeVisible();
    await dialog.getByRole('tab', { name: 'Integrations' }).click();
    await expect(dialog.getByText('Disconnected')).toBeVisible();
  });

  test('administrators see the admin items; a new user does not', async ({ page, browser, request }) => {
    await signInThroughUi(page, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    for (const label of [...MEMBER_ITEMS, ...ADMIN_ITEMS]) await expect(nav.getByRole('link', { name: label, exact: true })).toBeVisible();
    await nav.getByRole('link', { name: 'MANAGE WORKSPACES' }).click();
    await expect(page).toHaveURL('/workspace-management');

    const user = await createConfirmedUser(request);
    const other = await browser.newPage();
    await signInThroughUi(other, user);
    const otherNav = other.getByRole('navigation', { name: 'Main navigation' });
    for (const label of MEMBER_ITEMS) await expect(otherNav.getByRole('link', { name: label, exact: true })).toBeVisible();
    for (const label of ADMIN_ITEMS) await expect(otherNav.getByRole('link', { name: label, exact: true })).toHaveCount(0);
    await other.close();
  });

  test('the header search opens the tasks search for the workspace', async ({ page }) => {
    await signInThroughUi(page, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
    const search = page.getByRole('textbox', { name: 'Search your workspace' });
    await expect(search).toBeEnabled();
    await search.fill('roof leak');
    await search.press('Enter');
    await expect(page).toHaveURL('/tasks?tab=search&q=roof%20leak');
  });

  test('debug tools stay out of production builds unless forceDevMode is set', async ({ page, request }) => {
    const user = await createConfirmedUser(request);
    await signInThroughUi(page, user);
    await expect(page.getByTestId('debug-strip')).toHaveCount(0);

    await page.evaluate(() => localStorage.setItem('forceDevMode', 'true'));
    await page.goto('/groups');
    await expect(page.getByTestId('debug-strip')).toHaveText('/groups');
    await expect(page.getByTestId('auth-debug-panel')).toBeVisible();
    await expect(page.getByTestId('auth-debug-panel')).toContainText(user.email);
  });
});

test.describe('on a 390 px phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the navigation sits in a drawer and pages fit the screen', async ({ page, request }) => {
    const user = await createConfirmedUser(request);
    await page.goto('/login');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await signInThroughUi(page, user);

    await expect(page.getByRole('link', { name: 'CONTACTS', exact: true })).toBeHidden();
    await page.getByRole('button', { name: 'Open navigation' }).click();
    const drawer = page.getByRole('dialog');
    await expect(drawer.getByRole('link', { name: 'CONTACTS', exact: true })).toBeVisible();
    await drawer.getByRole('link', { name: 'GROUPS', exact: true }).click();
    await expect(page).toHaveURL('/groups');
    await expect(drawer).toBeHidden();
    await expect(page.getByRole('heading', { name: 'Groups', exact: true })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    await page.getByRole('button', { name: 'Settings' }).click();
    await expect(page.getByRole('button', { name: 'Save Settings' })).toBeInViewport();
  });
});
