import { expect, test, type APIRequestContext, type Page, type Request } from '@playwright/test';
import { startGoogleStub, type GoogleStub } from '../apps/server/src/test/google-stub';
import { createConfirmedUser, signInThroughUi, type TestUser } from './support/auth';
import { ADMIN_EMAIL, ADMIN_PASSWORD, BASE_URL, DEAD_API_ORIGIN } from './support/env';
import { APP_ORIGIN, installFakeBridge, serveBuiltApp, type FakeBridge } from './support/fake-bridge';
import { textedInvitationCode } from './support/invitations';
import { startOwnServer, type OwnServer } from './support/own-server';
import { createContact, createWorkSession } from './support/work-data';

/**
 * The Capacitor shell's side of the web app (issue 26 §3), in Chromium with a fake native bridge: the built app is
 * served at https://localhost as the Android WebView serves it (no server behind that origin), with the build's
 * default API base pointing at a test server. Checked: every request goes to the absolute API base, which is stored
 * when absent and follows Settings' API URL; `appUrlOpen` with fieldbook://accept-invitation?token=… opens the
 * invitation, accepted in the UI; hostile links go home; Google Drive's consent opens in the system browser (Browser
 * plugin) and its return link (fieldbook://drive-connected?result=…) connects the Drive panel. 390 px phone viewport.
 */
test.use({ viewport: { width: 390, height: 844 } });

const PLUGINS = [
  { name: 'App', methods: ['getLaunchUrl', 'getInfo', 'getState', 'exitApp', 'minimizeApp'] },
  { name: 'Browser', methods: ['open', 'close'] },
];

/** The app as the phone runs it: fake bridge, built files at https://localhost, `apiBase` as the build's default. */
async function openApp(page: Page, apiBase: string, answer?: Parameters<typeof installFakeBridge>[1]['answer']): Promise<{ bridge: FakeBridge; requests: string[] }> {
  const bridge = await installFakeBridge(page, { plugins: PLUGINS, ...(answer ? { answer } : {}) });
  await serveBuiltApp(page, { apiBase });
  const requests: string[] = [];
  page.on('request', (r: Request) => {
    if (!r.url().startsWith(APP_ORIGIN)) requests.push(r.url());
  });
  return { bridge, requests };
}

/** Opens the app with a link, as Android delivers it to the running app (App's appUrlOpen event). */
async function openLink(bridge: FakeBridge, url: string): Promise<void> {
  await bridge.waitForListener('App', 'appUrlOpen');
  expect(await bridge.emit('App', 'appUrlOpen', { url })).toBe(1);
}

/**
 * Opens `url` as a new document and reloads it with the request log emptied: the log then holds only that document's
 * requests (a retry the previous document still had in flight cannot slip in).
 */
async function loadAfresh(page: Page, requests: string[], url: string): Promise<void> {
  await page.goto(url);
  requests.length = 0;
  await page.reload();
}

async function signInInApp(page: Page, user: TestUser): Promise<void> {
  await page.goto(`${APP_ORIGIN}/login`);
  await signInThroughUi(page, user, `${APP_ORIGIN}/`);
}

type MailboxMessage = { to: string; body: string; links: string[] };
async function invitationToken(request: APIRequestContext, phone: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(async () => {
      const { messages } = (await (await request.get(`/dev/mailbox.json?to=${encodeURIComponent(phone)}`)).json()) as { messages: MailboxMessage[] };
      return (link = messages.flatMap((m) => m.links).find((l) => l.includes('/invitation/')));
    })
    .toBeTruthy();
  return new URL(link!).pathname.split('/').pop()!;
}

test.describe('the API base in the app', () => {
  test('absolute, stored when absent, every request on it; Settings’ API URL moves it and Reset to default brings it back', async ({ page, request }) => {
    test.slow();
    const user = await createConfirmedUser(request);
    const { requests } = await openApp(page, BASE_URL);
    await page.goto(`${APP_ORIGIN}/login`);
    // Spec 000: in the mobile wrapper the base is absolute, stored locally (apiBaseUrl) if absent.
    await expect.poll(() => page.evaluate(() => localStorage.getItem('apiBaseUrl'))).toBe(BASE_URL);
    await signInThroughUi(page, user, `${APP_ORIGIN}/`);
    await expect(page.getByRole('button', { name: 'Settings' }).first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: test.info().outputPath('app-home-390.png') });

    // Sign-in (auth-js), the client config and the product API all went to the absolute base; nothing to the app's origin.
    expect(requests.some((u) => u.startsWith(`${BASE_URL}/auth/v1/token?grant_type=password`))).toBe(true);
    expect(requests.some((u) => u.startsWith(`${BASE_URL}/api/client-config`))).toBe(true);
    expect(requests.some((u) => u.startsWith(`${BASE_URL}/api/`))).toBe(true);
    expect(requests.filter((u) => !u.startsWith(`${BASE_URL}/`) && !u.startsWith('data:') && !u.startsWith('blob:'))).toEqual([]);

    // Settings › API URL: another address the server allows (API_ALLOWED_ORIGINS) is saved and used at once.
    await page.getByRole('button', { name: 'Settings' }).first().click();
    let dialog = page.getByRole('dialog', { name: 'Settings' });
    await expect(dialog.getByRole('button', { name: 'Save Settings' })).toBeEnabled();
    await expect(dialog.getByLabel('API URL')).toHaveAttribute('placeholder', 'Leave empty to use the default API URL');
    await dialog.getByLabel('API URL').fill(DEAD_API_ORIGIN);
    await dialog.getByRole('button', { name: 'Save Settings' }).click();
    await expect.poll(() => page.evaluate(() => localStorage.getItem('apiBaseUrl'))).toBe(DEAD_API_ORIGIN);
    await page.keyboard.press('Escape');
    await loadAfresh(page, requests, `${APP_ORIGIN}/jobs`);
    await expect.poll(() => requests.some((u) => u.startsWith(`${DEAD_API_ORIGIN}/api/`))).toBe(true);
    // Only the allowed origins are still asked of the built-in default (the server that vouches for the others).
    expect(requests.filter((u) => u.startsWith(`${BASE_URL}/`) && !u.startsWith(`${BASE_URL}/api/client-config`))).toEqual([]);

    // That address does not answer: Reset to default (local, no request needed) goes back to the built-in default.
    await page.getByRole('button', { name: 'Settings' }).first().click();
    dialog = page.getByRole('dialog', { name: 'Settings' });
    await dialog.getByRole('button', { name: 'Reset to default' }).click();
    await expect(dialog.getByText('API URL reset to the default.')).toBeVisible({ timeout: 20_000 });
    expect(await page.evaluate(() => localStorage.getItem('apiBaseUrl'))).toBe(BASE_URL);
    await page.keyboard.press('Escape');
    await loadAfresh(page, requests, `${APP_ORIGIN}/jobs`);
    await expect(page.getByRole('heading', { name: 'Jobs' })).toBeVisible();
    await expect.poll(() => requests.some((u) => u.startsWith(`${BASE_URL}/api/`))).toBe(true);
    expect(requests.filter((u) => u.startsWith(DEAD_API_ORIGIN))).toEqual([]);
    expect(await page.evaluate(() => localStorage.getItem('apiBaseUrl'))).toBe(BASE_URL);

    // A stored address the default server does not allow is not obeyed.
    await page.evaluate(() => localStorage.setItem('apiBaseUrl', 'https://evil.example.net'));
    requests.length = 0;
    await page.reload();
    await expect(page.getByRole('button', { name: 'Settings' }).first()).toBeVisible();
    await expect.poll(() => requests.some((u) => u.startsWith(`${BASE_URL}/api/`))).toBe(true);
    expect(requests.filter((u) => u.includes('evil.example'))).toEqual([]);
  });
});

test.describe('app links', () => {
  test('fieldbook://accept-invitation?token=… opens the invitation, accepted in the app; App Links too; hostile links go home', async ({ page, request }) => {
    test.slow();
    const creator = await createWorkSession(request);
    const group = (await (await request.post('/api/groups', { headers: creator.headers, data: { name: 'App Link Crew', description: 'Joined from the phone app' } })).json()) as { id: string };
    const contact = await createContact(creator, { name: 'Phone Invitee', phone_number: '5125550941' });
    const invited = await request.post(`/api/groups/${group.id}/invitations`, { headers: creator.headers, data: { contact_ids: [contact.id], role: 'member' } });
    expect(invited.ok(), await invited.text()).toBe(true);
    const token = await invitationToken(request, '+15125550941');

    const invitee = await createConfirmedUser(request);
    const { bridge, requests } = await openApp(page, BASE_URL);
    await signInInApp(page, invitee);

    // A verified https App Link of the server opens the same screen.
    await openLink(bridge, `${BASE_URL.replace('http:', 'https:')}/invitation/${token}`);
    await expect(page).toHaveURL(`${APP_ORIGIN}/invitation/${token}`);
    await expect(page.getByTestId('invitation-group')).toHaveText('App Link Crew');

    // Hostile or unknown links go home, never where they point.
    for (const hostile of [
      'javascript:alert(document.domain)',
      `https://evil.example/invitation/${token}`,
      `fieldbook://accept-invitation?token=..%2F..%2Fworkspace-management`,
      'fieldbook://settings',
    ]) {
      await page.goto(`${APP_ORIGIN}/jobs`);
      await openLink(bridge, hostile);
      await expect(page, hostile).toHaveURL(`${APP_ORIGIN}/`);
    }

    // The texted app link: the invitation screen, accepted with the texted code.
    await openLink(bridge, `fieldbook://accept-invitation?token=${encodeURIComponent(token)}`);
    await expect(page).toHaveURL(`${APP_ORIGIN}/invitation/${token}`);
    await expect(page.getByTestId('invitation-group')).toHaveText('App Link Crew');
    await page.getByRole('button', { name: 'Text me a code' }).click();
    await page.getByLabel('Code from the text message').fill(await textedInvitationCode(request, '+15125550941'));
    await page.screenshot({ path: test.info().outputPath('app-link-invitation-390.png'), fullPage: true });
    await page.getByRole('button', { name: 'Accept Invitation (Web)' }).click();
    await expect(page.getByRole('heading', { name: 'Success!' })).toBeVisible();
    await expect(page).toHaveURL(`${APP_ORIGIN}/groups`, { timeout: 5000 });
    await expect(page.getByTestId('group-card').filter({ hasText: 'App Link Crew' })).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('app-link-accepted-390.png') });
    expect(requests.filter((u) => u.includes('evil.example'))).toEqual([]);
  });
});

test.describe('Google Drive in the app', () => {
  let stub: GoogleStub;
  let server: OwnServer;
  test.beforeAll(async () => {
    test.setTimeout(120_000);
    stub = await startGoogleStub();
    server = await startOwnServer('links-drive', stub.env);
  });
  test.afterAll(async () => {
    await server?.stop();
    await stub?.close();
  });

  test('Connect opens the consent in the system browser; the return link connects the panel', async ({ page }) => {
    test.slow();
    const opened: string[] = [];
    const { bridge, requests } = await openApp(page, server.url, (call) => {
      if (call.plugin === 'Browser' && call.method === 'open') opened.push((call.options as { url: string }).url);
      return undefined;
    });
    await signInInApp(page, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
    await page.getByRole('button', { name: 'Settings' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Settings' });
    await dialog.getByRole('tab', { name: 'Integrations' }).click();
    await expect(dialog.getByTestId('drive-state')).toHaveText('Disconnected');
    await dialog.getByRole('button', { name: 'Connect' }).click();

    // The consent page goes to the system browser (the Browser plugin); the app stays where it is.
    await expect.poll(() => opened.length).toBe(1);
    const consent = new URL(opened[0]!);
    expect(`${consent.origin}${consent.pathname}`).toBe(stub.env.GOOGLE_OAUTH_URL);
    expect(consent.searchParams.get('redirect_uri')).toBe(`${server.url}/api/drive/callback`);
    expect(page.url()).toBe(`${APP_ORIGIN}/`);

    // The user allows in the system browser (no cookie of the app there); Google's callback answers the app link.
    const callback = await fetch(stub.approve(opened[0]!), { redirect: 'manual' });
    expect(callback.status).toBe(302);
    const appLink = callback.headers.get('location')!;
    expect(appLink).toMatch(/^fieldbook:\/\/drive-connected\?result=[A-Za-z0-9_-]{43}&return_to=%2F$/);

    await openLink(bridge, appLink);
    await expect(dialog.getByTestId('drive-state')).toHaveText('Connected');
    await expect(dialog.getByText('dana.drive@example.com')).toBeVisible();
    await expect(dialog.getByRole('list', { name: 'Folder structure' }).getByText('Created')).toHaveCount(6);
    expect(requests.some((u) => u === `${server.url}/api/drive/connect/confirm`)).toBe(true);
    await dialog.screenshot({ path: test.info().outputPath('app-drive-connected-390.png') });

    // The same link again (a replay) is refused: single use.
    await openLink(bridge, appLink);
    await expect(dialog.getByText('Failed to connect to Google Drive: the sign-in request is unknown or has expired. Please try again.')).toBeVisible();
    await expect(dialog.getByTestId('drive-state')).toHaveText('Connected');
  });
});
