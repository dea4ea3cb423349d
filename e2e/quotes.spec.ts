import { expect, test, type Page } from '@playwright/test';
import { createContact, createJob, createWorkSession, openAs } from './support/work-data';
import { uniqueDigits } from './support/unique';
import { signQuote } from './support/sign-quote';

type MailboxMessage = { channel: 'email' | 'sms'; subject: string | null; body: string; links: string[] };

const shots = process.env.QUOTES_SCREENSHOTS ?? 'test-results/quotes';

/** No horizontal scrolling at a phone's width: the page, and the open dialog's own scroller (a full-screen modal). */
async function expectNoSideways(page: Page, width = 390) {
  expect(await page.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(width);
  const overflowing = await page.evaluate(() =>
    Array.from(document.querySelectorAll('[role="dialog"], .mantine-Modal-body, .mantine-Popover-dropdown')).filter((el) => el.scrollWidth > el.clientWidth + 1).map((el) => el.className),
  );
  expect(overflowing).toEqual([]);
}

/** The app comes back into view (a tab switched to, a phone unlocked): what TanStack Query refetches on. */
const backIntoView = (page: Page) => page.evaluate(() => window.dispatchEvent(new Event('visibilitychange')));

async function fillItem(page: Page, i: number, item: { name: string; qty: string; unit: string; price: string; option?: string; optional?: boolean }) {
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('combobox', { name: `Item ${i + 1}`, exact: true }).fill(item.name);
  await dialog.getByLabel('Qty').nth(i).fill(item.qty);
  await dialog.getByLabel('Unit', { exact: true }).nth(i).fill(item.unit);
  await dialog.getByLabel('Unit price ($)').nth(i).fill(item.price);
  if (item.option) await dialog.getByLabel('In', { exact: true }).nth(i).selectOption({ label: item.option });
  if (item.optional) await dialog.getByLabel('Optional (client may add)').nth(i).check();
}

type QuoteItem = Parameters<typeof fillItem>[2];

/**
 * The roof quote the tests build: tear-off, the shingles in the Good/Better/Best options, optional gutters.
 * `longer` (the phone layout test) gives longer names and odd amounts, to wrap and to show decimals.
 */
function roofItems({ longer = false } = {}): QuoteItem[] {
  return [
    { name: longer ? 'Tear-off and disposal of existing roofing' : 'Tear-off and disposal', qty: '24', unit: 'sq', price: '45' },
    { name: '3-tab shingles', qty: '24', unit: 'sq', price: '95', option: 'Good' },
    { name: longer ? 'Architectural shingles, GAF Timberline HDZ' : 'Architectural shingles', qty: '24', unit: 'sq', price: '125', option: 'Better' },
    { name: 'Designer shingles', qty: '24', unit: 'sq', price: '180', option: 'Best' },
    { name: 'Seamless gutters', qty: longer ? '120.5' : '120', unit: 'ft', price: longer ? '8.99' : '9', optional: true },
  ];
}

/** Opens New Quote on the job page, adds the Good/Better/Best options and fills the title, the lines and the labelled fields (in order); returns the dialog, not yet saved. */
async function draftQuote(page: Page, quote: { title: string; items: QuoteItem[]; fields: [label: string, value: string, exact?: 'exact'][] }) {
  await page.getByRole('button', { name: 'New Quote' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Title').fill(quote.title);
  for (let i = 0; i < 3; i++) await dialog.getByRole('button', { name: 'Add Option' }).click();
  for (const [n, item] of quote.items.entries()) {
    // The editor starts with one empty line.
    if (n > 0) await dialog.getByRole('button', { name: 'Add Item' }).click();
    await fillItem(page, n, item);
  }
  for (const [label, value, exact] of quote.fields) await dialog.getByLabel(label, { exact: exact === 'exact' }).fill(value);
  return dialog;
}

/** Issue 27's walk: the contractor builds and sends a quote; the homeowner, on a phone, picks Better and an optional item, signs and approves; the contractor sees Approved and opens the signed PDF. */
test('a quote built, sent, approved and signed on a phone, and the signed PDF on the job', async ({ page, request, browser }) => {
  test.slow();
  const s = await createWorkSession(request);
  const suffix = uniqueDigits(7);
  const email = `homeowner-${suffix}@example.com`;
  await createContact(s, { name: 'Maria Garcia', phone_number: `512${suffix}`, email });
  const job = await createJob(s, { client_name: 'Maria Garcia', property_address: '12 Oak Street, Austin TX', title: 'Roof replacement' });

  // The contractor, desktop.
  await openAs(page, s, `/jobs/${job.id}`);
  const dialog = await draftQuote(page, {
    title: 'Roof replacement',
    items: roofItems(),
    fields: [
      ['Tax rate (%)', '8.25'],
      ['Deposit', '30', 'exact'],
      ['Terms', 'Balance due on completion.'],
    ],
  });
  await dialog.getByRole('button', { name: 'Save Draft' }).click();
  // The server's totals: Better = 1,080 + 3,000 = 4,080.00 + 8.25 % tax 336.60 = 4,416.60.
  await expect(dialog.getByLabel('Better totals')).toContainText('$4,416.60');
  await dialog.getByLabel('Better totals').scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${shots}/contractor-editor-totals-desktop.png` });
  await expect(dialog.getByRole('textbox', { name: 'Client contact' }).or(dialog.getByRole('combobox', { name: 'Client contact' }))).toHaveValue(/Maria Garcia/);
  await dialog.getByRole('button', { name: 'Send Quote' }).click();
  await expect(dialog.getByText('Quote sent')).toBeVisible();
  await page.screenshot({ path: `${shots}/contractor-sent-desktop.png`, fullPage: true });
  await dialog.getByRole('button', { name: 'Close' }).or(page.locator('.mantine-Modal-close')).first().click();
  await expect(page.getByRole('button', { name: /^Quote Q-.* revision \d+$/ })).toContainText('Sent');

  let link = '';
  await expect
    .poll(async () => {
      const messages = ((await (await request.get(`/dev/mailbox.json?to=${encodeURIComponent(email)}`)).json()) as { messages: MailboxMessage[] }).messages;
      link = messages.flatMap((m) => m.links).find((l) => l.includes('/q/')) ?? '';
      return link;
    })
    .toContain('/q/');

  // The homeowner, on a 390 px phone, no account.
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, hasTouch: true, serviceWorkers: 'block' });
  const home = await phone.newPage();
  await home.goto(new URL(link).pathname);
  await expect(home.getByRole('heading', { name: 'Roof replacement' })).toBeVisible();
  await expect(home.getByText('12 Oak Street, Austin TX')).toBeVisible();
  await home.getByRole('radio', { name: /Better/ }).click();
  await home.getByLabel('Seamless gutters (optional)').check();
  // 1,080 + 3,000 + 1,080 = 5,160.00; tax 425.70; total 5,585.70; deposit 30 % 1,675.71.
  await expect(home.getByRole('button', { name: 'Approve $5,585.70' })).toBeVisible();
  await expect(home.getByText('Deposit due on approval: $1,675.71')).toBeVisible();
  await expectNoSideways(home);
  await home.screenshot({ path: `${shots}/homeowner-choose-390.png`, fullPage: true });
  await signQuote(home, 'Maria Garcia');
  await home.getByRole('button', { name: 'Approve $5,585.70' }).click();
  await expect(home.getByText('Approved — thank you!')).toBeVisible();
  await home.screenshot({ path: `${shots}/homeowner-approved-390.png`, fullPage: true });
  // Approving again from the same link is refused.
  await home.reload();
  await expect(home.getByText('Approved — thank you!')).toBeVisible();
  await expect(home.getByRole('button', { name: /Approve/ })).toHaveCount(0);
  await expectNoSideways(home);
  await phone.close();

  // The contractor is told in the app: the bell counts it as the app comes back into view (or within its minute's
  // poll), and the notification opens the Approved quote on its job.
  const bell = page.getByRole('button', { name: /^Notifications/ });
  await expect
    .poll(async () => {
      await backIntoView(page);
      return bell.getAttribute('aria-label');
    }, { timeout: 30_000, intervals: [1000] })
    .toBe('Notifications, 1 unread');
  await bell.click();
  const told = page.getByRole('button', { name: /^Unread: Quote Q-\d+ approved by Maria Garcia$/ });
  await expect(told).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Notifications' })).toContainText('Roof replacement (Better) · $5,585.70 · 12 Oak Street, Austin TX');
  await page.screenshot({ path: `${shots}/contractor-notifications-desktop.png` });
  await told.click();
  await expect(page).toHaveURL(new RegExp(`/jobs/${job.id}\\?quote=[0-9a-f-]{36}$`));
  // The quote's dialog by its name: the bell's dropdown may still be closing (its transition) when the quote opens.
  await expect(page.getByRole('dialog', { name: /^Quote Q-\d+/ })).toContainText('Approved by Maria Garcia: $5,585.70');
  await expect(bell).toHaveAttribute('aria-label', 'Notifications');
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(new RegExp(`/jobs/${job.id}$`));

  // The contractor sees Approved with the amount and opens the signed PDF (written by the server's job).
  await page.reload();
  await expect(page.getByRole('button', { name: /^Quote Q-.* revision \d+$/ })).toContainText('Approved');
  await expect(page.getByRole('button', { name: /^Quote Q-.* revision \d+$/ })).toContainText('$5,585.70');
  await expect
    .poll(
      async () => {
        await page.getByRole('button', { name: /^Quote Q-.* revision \d+$/ }).click();
        const ready = await page.getByRole('link', { name: 'Open signed PDF' }).isVisible({ timeout: 3000 }).catch(() => false);
        if (!ready) {
          await page.keyboard.press('Escape');
          await page.reload();
        }
        return ready;
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  // The quote's dialog by its name: the bell's dropdown may still be closing (its transition) when the quote opens.
  await expect(page.getByRole('dialog', { name: /^Quote Q-\d+/ })).toContainText('Approved by Maria Garcia: $5,585.70');
  await page.screenshot({ path: `${shots}/contractor-approved-desktop.png`, fullPage: true });
  // Both screens at the other size too: the job's quotes on a phone, the homeowner's (approved) page on a desktop.
  await page.keyboard.press('Escape');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('button', { name: /^Quote Q-.* revision \d+$/ })).toContainText('Approved');
  await page.screenshot({ path: `${shots}/contractor-job-390.png`, fullPage: true });
  await expectNoSideways(page);
  // The bell's panel on a phone: read now, and within the screen.
  await bell.click();
  await expect(page.getByRole('button', { name: /^Quote Q-\d+ approved by Maria Garcia$/ })).toBeVisible();
  await expectNoSideways(page);
  await page.screenshot({ path: `${shots}/contractor-notifications-390.png` });
  await page.keyboard.press('Escape');
  const desk = await browser.newPage({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'block' });
  await desk.goto(new URL(link).pathname);
  await expect(desk.getByText('Approved — thank you!')).toBeVisible();
  // The client's copy of what they signed, through the link (issue 32 item 4): the PDF exists by now.
  await expect(desk.getByRole('link', { name: 'Download signed PDF' })).toBeVisible();
  await desk.screenshot({ path: `${shots}/homeowner-approved-desktop.png`, fullPage: true });
  await desk.close();
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByRole('button', { name: /^Quote Q-.* revision \d+$/ }).click();
  await page.getByRole('link', { name: 'Open signed PDF' }).click();
  await expect(page).toHaveURL(/\/documents\/[0-9a-f-]{36}$/);
  await expect(page.getByText(/Quote Q-.* signed\.pdf/).first()).toBeVisible();
  await page.screenshot({ path: `${shots}/contractor-signed-pdf-desktop.png`, fullPage: true });
});

/** The contractor's editor on a phone (issue 27): line items, options and the server's totals fit 390 px, no sideways scroll. */
test('the quote editor fits a 390 px phone: line items, options and totals', async ({ browser, request }) => {
  test.slow();
  const s = await createWorkSession(request);
  const job = await createJob(s, { client_name: 'Maria Garcia', property_address: '12 Oak Street, Austin TX', title: 'Roof replacement' });
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, hasTouch: true, serviceWorkers: 'block' });
  const page = await phone.newPage();
  await openAs(page, s, `/jobs/${job.id}`);
  const dialog = await draftQuote(page, {
    title: 'Full roof replacement with gutters and ventilation upgrade',
    items: roofItems({ longer: true }),
    fields: [
      ['Discount', '5', 'exact'],
      ['Tax rate (%)', '8.25'],
      ['Deposit', '30', 'exact'],
      ['Notes', 'Work can start within two weeks of approval.'],
      ['Terms', 'Balance due on completion.'],
    ],
  });
  await expectNoSideways(page);
  await dialog.getByText('Item 1', { exact: true }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${shots}/contractor-editor-items-390.png` });
  await dialog.getByLabel('Discount', { exact: true }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${shots}/contractor-editor-terms-390.png` });
  await dialog.getByRole('button', { name: 'Save Draft' }).click();
  const better = dialog.getByLabel('Better totals');
  await expect(better).toContainText('Total', { timeout: 30_000 }); // the save answers, then the server's totals are shown
  await expectNoSideways(page);
  await better.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${shots}/contractor-editor-totals-390.png` });
  await dialog.getByRole('button', { name: 'Send Quote' }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${shots}/contractor-editor-send-390.png` });
  await expectNoSideways(page);
  await phone.close();
});
