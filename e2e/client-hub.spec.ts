import { mkdirSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { jpegWithExif } from '../apps/server/src/features/photos/photos.test-helpers';
import { createContact, createJob, createWorkSession, openAs } from './support/work-data';
import { uniqueDigits, uniqueTag } from './support/unique';
import { signQuote } from './support/sign-quote';
import { setWorkspaceZone } from './support/schedule-data';
import { afternoonZone } from './support/daytime-zone';

/**
 * Issue 36's two-browser walk: the contractor (desktop) sends a quote to a client contact; the client, on a 390 px
 * phone with no account, opens their hub from the message's "All your work with …" link, approves the quote from it,
 * later asks for new work with a photo; the office sees the request (the bell, /requests) and makes it a job with one
 * click; the contractor switches review requests on in Settings and completes the job, and the client gets the review
 * request once — by text and by email — however often the job is reopened and completed. And the public "Request
 * work" link, at 390, with its proof of work.
 *
 * The review request goes through the job runner (client-messages/deliver.ts, every 15 s): completing the job arms it
 * at once (client-messages' jobCompleted, called by the jobs feature in the status change's transaction), and the walk
 * polls the development mailbox for it. The later scan that would find the job again (every 10 minutes) is tested in
 * client-messages.routes.test.ts with an injected clock.
 *
 * Screens go to HUB_SHOTS (default /tmp/look-hub) to be looked at.
 */
const shots = process.env.HUB_SHOTS ?? '/tmp/look-hub';
const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, hasTouch: true, isMobile: true, serviceWorkers: 'block' } as const;

type MailboxMessage = { to: string; channel: 'email' | 'sms'; subject: string | null; body: string; links: string[] };

/** Every message in the development mailbox for `to` (an email address, or a phone in E.164 for texts), newest first. */
async function messagesTo(api: APIRequestContext, to: string): Promise<MailboxMessage[]> {
  const res = await api.get(`/dev/mailbox.json?to=${encodeURIComponent(to)}`);
  expect(res.ok(), `the development mailbox: ${res.status()}`).toBe(true);
  return ((await res.json()) as { messages: MailboxMessage[] }).messages;
}

const shot = (page: Page, name: string) => page.screenshot({ path: `${shots}/${name}.png`, fullPage: true });

/** No horizontal scrolling at the page's width (the page, and an open dialog or drawer's own scroller). */
async function expectNoSideways(page: Page) {
  const width = page.viewportSize()!.width;
  expect(await page.evaluate(() => document.scrollingElement!.scrollWidth), 'the page scrolls sideways').toBeLessThanOrEqual(width);
  const overflowing = await page.evaluate(() =>
    Array.from(document.querySelectorAll('[role="dialog"], .mantine-Modal-body, .mantine-Drawer-body')).filter((el) => el.scrollWidth > el.clientWidth + 1).map((el) => el.className),
  );
  expect(overflowing, 'a dialog scrolls sideways').toEqual([]);
}

/** The first link in the development mailbox for `to` that `match` accepts (waits: the outbox sends it). */
async function mailedLink(api: APIRequestContext, to: string, match: (link: string) => boolean, what: string): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(
      async () => {
        const res = await api.get(`/dev/mailbox.json?to=${encodeURIComponent(to)}`);
        found = ((await res.json()) as { messages: MailboxMessage[] }).messages.flatMap((m) => m.links).find(match);
        return found !== undefined;
      },
      { message: `${what} in the development mailbox for ${to}`, timeout: 30_000 },
    )
    .toBe(true);
  return found!;
}

/** The app comes back into view: what TanStack Query refetches on (the bell's count). */
const backIntoView = (page: Page) => page.evaluate(() => window.dispatchEvent(new Event('visibilitychange')));

/** A small photo from a phone, as the client picks it. */
async function photo(name: string) {
  return { name, mimeType: 'image/jpeg', buffer: await jpegWithExif({ width: 320, height: 240 }) };
}

test.beforeAll(() => mkdirSync(shots, { recursive: true }));

test('a quote sent, approved from the client hub on a phone, new work asked for with a photo, made a job by the office, completed: the review request once', async ({ page, request, browser }) => {
  test.setTimeout(240_000);
  const s = await createWorkSession(request);
  // Quiet hours: automatic messages never go between 20:00 and 08:00 on the workspace's clock (a review request then
  // waits for the morning). This server runs on the real clock — the built server has no clock a test could set — so
  // the workspace is put in a zone where it is early afternoon now; the walk then passes at any hour of the day.
  const { zone, localTime } = afternoonZone();
  await setWorkspaceZone(s, zone);
  test.info().annotations.push({ type: 'workspace zone', description: `${zone} (${localTime} there at the start)` });
  const tag = uniqueTag();
  const client = `Maria Garcia ${tag}`;
  const email = `homeowner-${tag}@example.com`;
  const clientPhone = `512${uniqueDigits(7)}`;
  await createContact(s, { name: client, phone_number: clientPhone, email });
  const job = await createJob(s, { client_name: client, property_address: '12 Oak Street, Austin TX', title: 'Roof repair' });

  // ---- The contractor sends a one-line quote to the client contact.
  await openAs(page, s, `/jobs/${job.id}`);
  await page.getByRole('button', { name: 'New Quote' }).click();
  const editor = page.getByRole('dialog');
  await editor.getByLabel('Title').fill('Roof repair');
  await editor.getByRole('combobox', { name: 'Item 1', exact: true }).fill('Replace damaged shingles');
  await editor.getByLabel('Qty').nth(0).fill('3');
  await editor.getByLabel('Unit', { exact: true }).nth(0).fill('sq');
  await editor.getByLabel('Unit price ($)').nth(0).fill('150');
  await editor.getByRole('button', { name: 'Save Draft' }).click();
  await expect(editor.getByLabel('Totals', { exact: true })).toContainText('Total$450.00');
  await expect(editor.getByRole('textbox', { name: 'Client contact' }).or(editor.getByRole('combobox', { name: 'Client contact' }))).toHaveValue(new RegExp(client));
  await editor.getByRole('button', { name: 'Send Quote' }).click();
  await expect(editor.getByText('Quote sent')).toBeVisible();
  await shot(page, '01-contractor-quote-sent-1280');
  await page.keyboard.press('Escape');

  // The quote's email carries the hub's line, "All your work with <company>: <link>".
  const hubLink = await mailedLink(request, email, (l) => l.includes('/h/'), 'the hub link');
  const mail = ((await (await request.get(`/dev/mailbox.json?to=${encodeURIComponent(email)}`)).json()) as { messages: MailboxMessage[] }).messages.find((m) => m.links.includes(hubLink))!;
  expect(mail.body).toMatch(/All your work with .+: /);

  // ---- The client, on a phone, no account: the hub from the message.
  const phone = await browser.newContext(PHONE);
  const home = await phone.newPage();
  const hubPath = new URL(hubLink).pathname;
  await home.goto(hubPath);
  await expect(home.getByRole('heading', { name: `Hello, ${client}` })).toBeVisible();
  const toApprove = home.getByRole('region', { name: 'Quotes to approve' });
  await expect(toApprove).toContainText('Roof repair');
  await expectNoSideways(home);
  await shot(home, '02-client-hub-quote-390');

  // Opens the quote from the hub and approves it (signed).
  await toApprove.getByRole('link', { name: 'Review and approve' }).click();
  await expect(home.getByRole('heading', { name: 'Roof repair' })).toBeVisible();
  await signQuote(home, client);
  await home.getByRole('button', { name: /^Approve/ }).click();
  await expect(home.getByText('Approved — thank you!')).toBeVisible();
  await shot(home, '03-client-quote-approved-390');

  // Back on the hub: the quote is among the decisions.
  await home.goto(hubPath);
  const decided = home.getByRole('region', { name: 'Your decisions' });
  await expect(decided).toContainText('Roof repair');
  await expect(decided).toContainText('Approved');
  await expect(home.getByRole('region', { name: 'Quotes to approve' })).toHaveCount(0);
  await shot(home, '04-client-hub-approved-390');

  // ---- Later: new work, with a photo.
  await home.getByRole('button', { name: 'Request work' }).click();
  const form = home.getByRole('region', { name: 'Request work' });
  await form.getByLabel('What do you need done?').fill('Gutter over the porch is leaking after the storm.');
  await form.getByLabel('Address of the work').fill('12 Oak Street, Austin TX');
  await form.getByLabel('Preferred times').fill('Weekday mornings');
  await form.locator('input[type="file"]').setInputFiles(await photo('porch-gutter.jpg'));
  await expect(form.getByText(/^porch-gutter\.jpg · /)).toBeVisible();
  await expectNoSideways(home);
  await shot(home, '05-client-hub-request-form-390');
  await form.getByRole('button', { name: 'Send request' }).click();
  await expect(form.getByText('Request sent')).toBeVisible();
  await expect(form.getByText('Some photos were not added')).toHaveCount(0);
  await shot(home, '06-client-hub-request-sent-390');
  // Another request needs no reload: the form comes back empty.
  await form.getByRole('button', { name: 'Send another request' }).click();
  await expect(form.getByLabel('What do you need done?')).toHaveValue('');
  await expect(form.getByText(/^porch-gutter\.jpg/)).toHaveCount(0);
  await expect(home.getByRole('link', { name: /^Call / })).toHaveText(/^\(\d{3}\) \d{3}-\d{4}$/);
  await phone.close();

  // ---- The office: the bell tells of the request, and /requests has it.
  const bell = page.getByRole('button', { name: /^Notifications/ });
  await expect
    .poll(
      async () => {
        await backIntoView(page);
        return bell.getAttribute('aria-label');
      },
      { timeout: 30_000, intervals: [1000] },
    )
    .toBe('Notifications, 2 unread'); // the approval and the request
  await bell.click();
  const told = page.getByRole('button', { name: `Unread: New work request from ${client}` });
  await expect(told).toBeVisible();
  await page.screenshot({ path: `${shots}/07-office-bell-1280.png` });
  await told.click();
  await expect(page).toHaveURL(/\/requests\/[0-9a-f-]{36}$/);
  const drawer = page.getByRole('dialog', { name: 'Request' });
  await expect(drawer).toContainText('Gutter over the porch is leaking after the storm.');
  await expect(drawer).toContainText('from the client hub');
  await expect(drawer.getByRole('img', { name: 'Photo 1 of the request' })).toBeVisible();
  await expect.poll(() => drawer.getByRole('img', { name: 'Photo 1 of the request' }).evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(320);
  await shot(page, '08-office-request-1280');

  // One click: a job (the client's contact is known).
  await drawer.getByRole('button', { name: 'Create job' }).click();
  await expect(drawer.getByText('Job created')).toBeVisible();
  await shot(page, '09-office-job-created-1280');
  await drawer.getByRole('link', { name: 'Open job' }).click();
  await expect(page).toHaveURL(/\/jobs\/[0-9a-f-]{36}$/);
  expect(page.url()).not.toContain(job.id);
  const newJobPath = new URL(page.url()).pathname;
  await expect(page.getByText('12 Oak Street, Austin TX').first()).toBeVisible();
  await shot(page, '10-office-new-job-1280');

  // The request is now among the converted ones.
  await page.goto('/requests');
  await page.getByText('Converted', { exact: true }).click();
  await expect(page.getByTestId('request-row').filter({ hasText: client })).toContainText('1 photo');

  // ---- Review requests: the contractor switches them on in Settings › Client messages, the same day, with the
  // company's review page.
  const reviewLink = 'https://g.page/r/example/review';
  await page.getByRole('button', { name: 'Settings' }).click();
  const settings = page.getByRole('dialog', { name: 'Settings' });
  await settings.getByRole('tab', { name: 'Client messages' }).click();
  await expect(settings.getByText(`in the workspace’s time zone (${zone})`)).toBeVisible();
  const rule = settings.getByRole('region', { name: 'Review request' });
  // The switch has no label of its own: its (transparent) input lies under the track, which takes the click, as a
  // finger's tap would.
  await rule.getByRole('switch', { name: 'Send “Review request”' }).check({ force: true });
  await expect(rule.getByRole('switch', { name: 'Send “Review request”' })).toBeChecked();
  await rule.getByLabel('Days after the job is completed').fill('0');
  await rule.getByLabel('Your review link').fill(reviewLink);
  await settings.getByRole('button', { name: 'Save client messages' }).click();
  await expect(settings.getByText('Client messages saved.')).toBeVisible();
  await rule.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${shots}/17-office-review-requests-on-1280.png` });
  await page.keyboard.press('Escape');
  await expect(settings).toHaveCount(0);

  // The job's status, as the office sets it on the job's page (the answer awaited: the select is busy meanwhile).
  const setStatus = async (label: 'Completed' | 'Active') => {
    const select = page.getByRole('combobox', { name: 'Status', exact: true });
    const saved = page.waitForResponse((r) => r.request().method() === 'PUT' && /\/api\/jobs\/[0-9a-f-]{36}\/status$/.test(r.url()));
    await select.selectOption({ label });
    expect((await saved).ok(), `the job marked ${label}`).toBe(true);
    await expect(select).toHaveValue(label.toLowerCase());
    await expect(select).toBeEnabled();
  };
  // The review request for a job: its texts and its emails (the job's title is in both).
  const reviewsFor = async (jobTitle: string) => {
    const about = (m: MailboxMessage) => m.links.includes(reviewLink) && m.body.includes(jobTitle);
    return { texts: (await messagesTo(request, `+1${clientPhone}`)).filter(about), emails: (await messagesTo(request, email)).filter(about) };
  };
  const gutters = 'Gutter over the porch is leaking after the storm.';

  // ---- The work is done: the office completes the new job.
  await page.goto(newJobPath);
  await expect(page.getByText(gutters, { exact: true })).toBeVisible();
  await setStatus('Completed');
  await expect(page.getByText('Job marked completed')).toBeVisible();
  await shot(page, '18-office-job-completed-1280');

  // The client gets the review request, by text and by email, through the job runner.
  await expect
    .poll(async () => {
      const { texts, emails } = await reviewsFor(gutters);
      return [texts.length, emails.length];
    }, { message: 'the review request, by text and email', timeout: 30_000, intervals: [250, 500, 1000] })
    .toEqual([1, 1]);
  const { texts, emails } = await reviewsFor(gutters);
  expect(texts[0]!.body).toContain(`thank you for choosing us for ${gutters}! Would you leave us a review? ${reviewLink}`);
  expect(emails[0]!.subject).toBe(`How did we do, ${client}?`);
  expect(emails[0]!.links.some((l) => l.includes('/unsubscribe/'))).toBe(true);

  // Reopened and completed again: nothing more is armed (one review request per job, and this one went).
  await setStatus('Active');
  await setStatus('Completed');
  // Something to wait for instead of a pause: the first job's review request, completed after that. Had the second
  // completion armed another message, it would be due first, and the runner takes the oldest due first.
  await page.goto(`/jobs/${job.id}`);
  await expect(page.getByText('Roof repair', { exact: true }).first()).toBeVisible();
  await setStatus('Completed');
  await expect
    .poll(async () => (await reviewsFor('Roof repair')).texts.length, { message: 'the review request of the first job', timeout: 30_000, intervals: [250, 500, 1000] })
    .toBe(1);
  const after = await reviewsFor(gutters);
  expect([after.texts.length, after.emails.length], 'the review request of the new job, once').toEqual([1, 1]);
});

test('the public Request work link at 390: sent with its proof of work, seen by the office', async ({ page, request, browser }) => {
  test.setTimeout(120_000);
  const s = await createWorkSession(request);
  const tag = uniqueTag();
  const name = `Sam Okafor ${tag}`;

  await openAs(page, s, '/requests');
  await page.getByRole('button', { name: 'Request work link' }).click();
  const link = await page.getByRole('textbox', { name: 'Link' }).inputValue();
  expect(link).toMatch(/\/r\/[^/]+$/);
  await shot(page, '11-office-request-link-1280');

  const phone = await browser.newContext(PHONE);
  const visitor = await phone.newPage();
  await visitor.goto(new URL(link).pathname);
  await visitor.getByLabel('What do you need done?').fill('Fence panel blown down, needs replacing.');
  await visitor.getByLabel('Address of the work').fill('48 Elm Road, Austin TX');
  await visitor.getByLabel('Your name').fill(name);
  await visitor.getByLabel('Phone').fill(`(512) 555-${uniqueDigits(4)}`);
  await visitor.getByLabel('Email').fill(`visitor-${tag}@example.com`);
  await visitor.locator('input[type="file"]').setInputFiles(await photo('fence.jpg'));
  await expect(visitor.getByText(/^fence\.jpg · /)).toBeVisible();
  await expectNoSideways(visitor);
  await shot(visitor, '12-public-request-form-390');
  // The browser's proof of work (~65k hashes) comes first, then the send.
  await visitor.getByRole('button', { name: 'Send request' }).click();
  await expect(visitor.getByText('Request sent')).toBeVisible({ timeout: 30_000 });
  await expect(visitor.getByText('Some photos were not added')).toHaveCount(0);
  await expectNoSideways(visitor);
  await shot(visitor, '13-public-request-sent-390');
  await phone.close();

  // The office, on a phone too.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/requests');
  const row = page.getByTestId('request-row').filter({ hasText: name });
  await expect(row).toContainText('1 photo');
  await expectNoSideways(page);
  await shot(page, '14-office-requests-390');
  await row.click();
  const drawer = page.getByRole('dialog', { name: 'Request' });
  await expect(drawer).toContainText('from the Request work link');
  await expect(drawer.getByRole('img', { name: 'Photo 1 of the request' })).toBeVisible();
  await expectNoSideways(page);
  await shot(page, '15-office-request-390');
  await drawer.getByRole('button', { name: 'Create job' }).click();
  await expect(drawer.getByText('Job created')).toBeVisible();
  await expect(drawer).toContainText(`${name} was added to your contacts.`);
  await shot(page, '16-office-job-created-390');
});
