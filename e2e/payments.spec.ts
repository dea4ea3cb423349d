import { mkdirSync } from 'node:fs';
import { expect, test, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import { startStripeStub, type StripeStub } from '../apps/server/src/test/stripe-stub';
import { mailboxLink, uniqueEmail } from './support/auth';
import { startOwnServer, type OwnServer } from './support/own-server';
import { uniqueDigits, uniqueTag } from './support/unique';
import { signQuote } from './support/sign-quote';

/**
 * Getting paid, as a new contractor and their client meet it (issue 33's two-browser walk), against the Stripe
 * stand-in (apps/server/src/test/stripe-stub.ts: Stripe's API, its hosted pay page and Connect onboarding, webhooks
 * signed as Stripe signs them) on a server of its own whose STRIPE_* variables point at it:
 *
 * the contractor signs up, connects Stripe in Settings › Payments, sets "Deposit required", adds the client, a job and
 * a quote with a 30 % deposit, and sends it; the homeowner, on a 390 px phone, signs, "Approve and pay deposit", pays
 * by card on Stripe's page and comes back to the approved page with the deposit paid; the contractor makes the final
 * invoice from the approved quote (the deposit credited) and sends it; the homeowner pays it by bank — processing, not
 * paid — until the bank's late success event arrives: then it is Paid for both, the receipt email arrives, and A/R
 * owes nothing.
 *
 * Every screen on the way is photographed, desktop and 390 px, into WALK_SHOTS (default /tmp/walk-shots, outside the
 * repository) to be looked at.
 */
const shots = process.env.WALK_SHOTS ?? '/tmp/walk-shots';
const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, hasTouch: true, isMobile: true } as const;
const DESKTOP = { viewport: { width: 1280, height: 800 } } as const;

type MailboxMessage = { to: string; channel: 'email' | 'sms'; subject: string | null; body: string; links: string[] };

/** The newest message to `to` in the development mailbox that `match` accepts (waits for it: the outbox sends it). */
async function mailTo(api: APIRequestContext, to: string, match: (m: MailboxMessage) => boolean, what: string): Promise<MailboxMessage> {
  let found: MailboxMessage | undefined;
  await expect
    .poll(
      async () => {
        const res = await api.get(`/dev/mailbox.json?to=${encodeURIComponent(to)}`);
        found = ((await res.json()) as { messages: MailboxMessage[] }).messages.find(match);
        return found !== undefined;
      },
      { message: `${what} in the development mailbox for ${to}`, timeout: 30_000 },
    )
    .toBe(true);
  return found!;
}

/** No horizontal scrolling at a phone's width: the page, and an open dialog's own scroller. */
async function expectNoSideways(page: Page) {
  const width = page.viewportSize()!.width;
  expect(await page.evaluate(() => document.scrollingElement!.scrollWidth), 'the page scrolls sideways').toBeLessThanOrEqual(width);
  const overflowing = await page.evaluate(() =>
    Array.from(document.querySelectorAll('[role="dialog"], .mantine-Modal-body')).filter((el) => el.scrollWidth > el.clientWidth + 1).map((el) => el.className),
  );
  expect(overflowing, 'a dialog scrolls sideways').toEqual([]);
}

/** Console errors and uncaught exceptions of every page of a browser context, to be checked at the end. */
function watchConsole(context: BrowserContext, who: string, into: string[]) {
  context.on('page', (p) => {
    p.on('console', (m) => {
      if (m.type() === 'error') into.push(`${who} ${p.url()}: ${m.text()}`);
    });
    p.on('pageerror', (e) => into.push(`${who} ${p.url()}: ${e.message}`));
  });
}

/** A page, whole (it scrolls), into the screenshots folder. */
const shot = (page: Page, name: string) => page.screenshot({ path: `${shots}/${name}.png`, fullPage: true });

/** An open dialog on a phone (full screen), scrolled to its end: what the top-of-screen shot leaves out. */
async function shotDialogEnd(page: Page, name: string) {
  await page.locator('.mantine-Modal-content').evaluate((el) => el.scrollTo(0, el.scrollHeight));
  await page.screenshot({ path: `${shots}/${name}.png` });
}

/** An open dialog as it is seen (the screen, not the page behind it), once its opening transition has ended. */
async function shotDialog(page: Page, name: string) {
  await expect(page.locator('.mantine-Modal-content')).toHaveCSS('opacity', '1');
  await expect(page.locator('.mantine-Modal-overlay')).toHaveCSS('opacity', '1');
  await page.screenshot({ path: `${shots}/${name}.png` });
}

test.describe('getting paid', () => {
  let stub: StripeStub;
  let server: OwnServer;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    mkdirSync(shots, { recursive: true });
    stub = await startStripeStub();
    server = await startOwnServer('payments', { ...stub.env, DEV_MAILBOX: 'true', AUTH_AUTOCONFIRM: 'false' });
    stub.webhookUrl = `${server.url}/api/payments/stripe/webhook`;
  });
  test.afterAll(async () => {
    await server?.stop();
    await stub?.close();
  });

  test('a 30 % deposit paid on approval on a phone, the final invoice paid by bank (processing, then paid), the receipt, A/R empty', async ({ browser, playwright }) => {
    test.setTimeout(180_000);
    const api = await playwright.request.newContext({ baseURL: server.url });
    const errors: string[] = [];
    const desk = await browser.newContext({ ...DESKTOP, baseURL: server.url, serviceWorkers: 'block' });
    const phone = await browser.newContext({ ...PHONE, baseURL: server.url, serviceWorkers: 'block' });
    watchConsole(desk, 'contractor', errors);
    watchConsole(phone, 'homeowner', errors);
    const page = await desk.newPage();
    const home = await phone.newPage();

    const tag = uniqueTag();
    const client = `Maria Garcia ${tag}`;
    const clientEmail = uniqueEmail('homeowner');
    const contractor = { email: uniqueEmail('roofer'), password: `pw-${tag}-roof` };

    // ---- 1. The contractor signs up and confirms the email.
    await page.goto('/signup');
    await page.getByLabel('Email').fill(contractor.email);
    await page.getByLabel('Password', { exact: true }).fill(contractor.password);
    await page.getByLabel('Confirm Password').fill(contractor.password);
    await page.getByLabel('Phone Number').fill(`(512) 555-${uniqueDigits(4)}`);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page).toHaveURL('/login', { timeout: 10_000 });
    // The confirmation link signs the new user in.
    await page.goto(await mailboxLink(api, contractor.email, 'signup'));
    await expect(page.getByRole('heading', { name: 'Home' })).toBeVisible();

    // Settings › Payments: online payments are off until Stripe is connected.
    await page.getByRole('button', { name: 'Settings' }).click();
    let settings = page.getByRole('dialog', { name: 'Settings' });
    await settings.getByRole('tab', { name: 'Payments' }).click();
    const payments = settings.getByTestId('payments-settings');
    await expect(payments.getByRole('button', { name: 'Connect with Stripe' })).toBeVisible();
    await shotDialog(page, '01-contractor-settings-payments-off-desktop');
    await payments.getByRole('button', { name: 'Connect with Stripe' }).click();

    // Stripe's hosted onboarding (the stand-in's), then back in Fieldbook on Settings › Payments.
    await expect(page.getByRole('heading', { name: 'Stripe stand-in: onboarding' })).toBeVisible();
    await shot(page, '02-stripe-onboarding-desktop');
    await page.getByRole('button', { name: 'Complete onboarding' }).click();
    settings = page.getByRole('dialog', { name: 'Settings' });
    await expect(settings.getByText('Online payments are on: your clients’ invoice and quote links offer Pay.')).toBeVisible();
    await expect(settings.getByText('Takes payments')).toBeVisible();
    // click, not check(): the group's value follows the save (a mutation), a moment after the click itself.
    await settings.getByRole('radio', { name: 'Deposit required' }).click();
    await expect(settings.getByRole('radio', { name: 'Deposit required' })).toBeChecked();
    await expect(settings.getByRole('radio', { name: 'Deposit required' })).toBeEnabled(); // saved
    await shotDialog(page, '03-contractor-settings-payments-on-desktop');
    await page.setViewportSize(PHONE.viewport);
    await expectNoSideways(page);
    await shotDialog(page, '03-contractor-settings-payments-on-390');
    await page.setViewportSize(DESKTOP.viewport);
    await page.keyboard.press('Escape');
    await expect(settings).toBeHidden();

    // The client, as a contact.
    await page.goto('/contacts');
    await page.getByRole('button', { name: 'Add Contact' }).click();
    const contact = page.getByRole('dialog', { name: 'New Contact' });
    await contact.getByLabel('Name').fill(client);
    await contact.getByLabel('Phone number').pressSequentially(`512${uniqueDigits(7)}`);
    await contact.getByLabel('Email', { exact: true }).fill(clientEmail);
    await contact.getByRole('button', { name: 'Create Contact' }).click();
    await expect(contact).toBeHidden();

    // The job.
    await page.goto('/jobs/new');
    await page.getByLabel('Client name').fill(client);
    await page.getByLabel('Property address').fill('12 Oak Street, Austin TX');
    await page.getByLabel('Job title').fill('Roof replacement');
    await page.getByRole('button', { name: 'Create Job' }).click();
    await expect(page).toHaveURL(/\/jobs\/[0-9a-f-]{36}$/);

    // The quote: two lines, 8.25 % tax, a 30 % deposit. 20 sq × $45 + 20 sq × $125 = $3,400.00; tax $280.50;
    // total $3,680.50; deposit 30 % $1,104.15.
    await page.getByRole('button', { name: 'New Quote' }).click();
    const editor = page.getByRole('dialog');
    await editor.getByLabel('Title').fill('Roof replacement');
    const lines = [
      { name: 'Tear-off and disposal', qty: '20', unit: 'sq', price: '45' },
      { name: 'Architectural shingles', qty: '20', unit: 'sq', price: '125' },
    ];
    for (const [i, line] of lines.entries()) {
      if (i > 0) await editor.getByRole('button', { name: 'Add Item' }).click();
      await editor.getByRole('combobox', { name: `Item ${i + 1}`, exact: true }).fill(line.name);
      await editor.getByLabel('Qty').nth(i).fill(line.qty);
      await editor.getByLabel('Unit', { exact: true }).nth(i).fill(line.unit);
      await editor.getByLabel('Unit price ($)').nth(i).fill(line.price);
    }
    await editor.getByLabel('Tax rate (%)').fill('8.25');
    await editor.getByLabel('Deposit', { exact: true }).fill('30');
    await editor.getByRole('button', { name: 'Save Draft' }).click();
    // The server's totals (the saved quote's), not only the live ones as typed.
    await expect(editor.getByLabel('Totals', { exact: true })).toContainText('Total$3,680.50');
    await expect(editor.getByLabel('Totals', { exact: true })).toContainText('Deposit due$1,104.15');
    await shotDialog(page, '04-contractor-quote-editor-desktop');
    await expect(editor.getByRole('textbox', { name: 'Client contact' }).or(editor.getByRole('combobox', { name: 'Client contact' }))).toHaveValue(new RegExp(client));
    await editor.getByRole('checkbox', { name: 'SMS' }).uncheck();
    await editor.getByRole('button', { name: 'Send Quote' }).click();
    await expect(editor.getByText('Quote sent')).toBeVisible();
    await shotDialog(page, '05-contractor-quote-sent-desktop');
    await page.keyboard.press('Escape');
    const quoteRow = page.getByRole('button', { name: /^Quote Q-.* revision \d+$/ });
    await expect(quoteRow).toContainText('Sent');
    const quoteMail = await mailTo(api, clientEmail, (m) => m.links.some((l) => l.includes('/q/')), 'the quote email');
    const quoteLink = new URL(quoteMail.links.find((l) => l.includes('/q/'))!).pathname;

    // ---- 2. The homeowner, on a 390 px phone, no account: signs, "Approve and pay deposit", pays by card.
    await home.goto(quoteLink);
    await expect(home.getByRole('heading', { name: 'Roof replacement' })).toBeVisible();
    await expect(home.getByText('Deposit due on approval: $1,104.15')).toBeVisible();
    await expectNoSideways(home);
    await shot(home, '06-homeowner-quote-390');
    await signQuote(home, client);
    await shot(home, '07-homeowner-quote-signed-390');
    await home.getByRole('button', { name: 'Approve and pay deposit' }).click();

    // Stripe's page (the stand-in's): the deposit, paid by card.
    await expect(home.getByText('Pay $1104.15')).toBeVisible(); // the stand-in's own way of writing it
    await expectNoSideways(home);
    await shot(home, '08-stripe-pay-deposit-390');
    await home.getByRole('button', { name: 'Pay', exact: true }).click();

    // Back on the quote's link: approved, the deposit paid.
    await expect(home).toHaveURL(new RegExp(`${quoteLink}\\?payment=done$`));
    await expect(home.getByText('Approved — thank you!')).toBeVisible();
    await expect(home.getByText('Deposit paid')).toBeVisible();
    await expect(home.getByText('Your deposit of $1,104.15 was received — thank you. It is credited to your invoice.')).toBeVisible();
    await expect(home.getByRole('button', { name: /Pay deposit/ })).toHaveCount(0);
    await expectNoSideways(home);
    await shot(home, '09-homeowner-deposit-paid-390');

    // ---- 3. The contractor sees the quote approved and the deposit paid, makes the final invoice and sends it.
    await page.reload();
    await expect(quoteRow).toContainText('Approved');
    await shot(page, '10-contractor-job-approved-desktop');
    await page.setViewportSize(PHONE.viewport);
    await expectNoSideways(page);
    await shot(page, '10-contractor-job-approved-390');
    await page.setViewportSize(DESKTOP.viewport);
    await quoteRow.click();
    const quoteDialog = page.getByRole('dialog', { name: /^Quote Q-\d+/ });
    await expect(quoteDialog).toContainText(`Approved by ${client}: $3,680.50`);
    await expect(quoteDialog.getByText(/^Deposit paid online by card: \$1,104\.15 on .*It is credited to the quote’s first invoice\.$/)).toBeVisible();
    await shotDialog(page, '11-contractor-quote-approved-desktop');
    await page.setViewportSize(PHONE.viewport);
    await expectNoSideways(page);
    await shotDialog(page, '11-contractor-quote-approved-390');
    await page.setViewportSize(DESKTOP.viewport);
    await page.keyboard.press('Escape');

    const invoices = page.locator('#invoices');
    await invoices.getByRole('button', { name: /^Invoice Q-\d+$/ }).click();
    const invoiceDialog = page.getByRole('dialog', { name: /^Invoice INV-\d+$/ });
    await expect(invoiceDialog).toBeVisible();
    // The deposit paid online is credited: $3,680.50 less $1,104.15 = $2,576.35 owed.
    await expect(invoiceDialog).toContainText('Total$3,680.50');
    await expect(invoiceDialog).toContainText('Paid$1,104.15');
    await expect(invoiceDialog).toContainText('Balance due$2,576.35');
    await expect(invoiceDialog.getByText(/^Payment · Online \(card\) · /)).toBeVisible();
    await expect(invoiceDialog.getByText(/^Deposit paid online on quote Q-\d+$/)).toBeVisible();
    await shotDialog(page, '12-contractor-invoice-draft-desktop');
    await page.setViewportSize(PHONE.viewport);
    await expectNoSideways(page);
    await shotDialog(page, '12-contractor-invoice-draft-390');
    await shotDialogEnd(page, '12-contractor-invoice-draft-390-end');
    await page.setViewportSize(DESKTOP.viewport);
    await invoiceDialog.getByRole('button', { name: 'Send Invoice' }).click();
    await expect(invoiceDialog.getByRole('textbox', { name: 'Client contact' }).or(invoiceDialog.getByRole('combobox', { name: 'Client contact' }))).toHaveValue(new RegExp(client));
    await invoiceDialog.getByRole('checkbox', { name: 'Text message' }).uncheck();
    await expect(invoiceDialog.getByText(`Email to ${clientEmail}`, { exact: true })).toBeVisible();
    await shotDialog(page, '13-contractor-invoice-send-desktop');
    await page.setViewportSize(PHONE.viewport);
    await expectNoSideways(page);
    await shotDialogEnd(page, '13-contractor-invoice-send-390-end');
    await page.setViewportSize(DESKTOP.viewport);
    await invoiceDialog.getByRole('button', { name: 'Send Invoice' }).click();
    await expect(invoiceDialog.getByText(/Sent by .* · Email to /)).toBeVisible();
    await shotDialog(page, '14-contractor-invoice-sent-desktop');
    await page.setViewportSize(PHONE.viewport);
    await expectNoSideways(page);
    await shotDialog(page, '14-contractor-invoice-sent-390');
    await shotDialogEnd(page, '14-contractor-invoice-sent-390-end');
    await page.setViewportSize(DESKTOP.viewport);
    await page.keyboard.press('Escape');
    const invoiceMail = await mailTo(api, clientEmail, (m) => m.links.some((l) => l.includes('/i/')), 'the invoice email');
    const invoiceLink = new URL(invoiceMail.links.find((l) => l.includes('/i/'))!).pathname;

    // ---- 4. The homeowner pays the invoice by bank: processing, not paid, until the bank's late answer.
    await home.goto(invoiceLink);
    await expect(home.getByRole('heading', { name: /^Invoice INV-\d+$/ })).toBeVisible();
    await expect(home.getByText('$2,576.35').first()).toBeVisible();
    await expect(home.getByText(/^Payment · Online \(card\) · /)).toBeVisible(); // the deposit
    await expectNoSideways(home);
    await shot(home, '15-homeowner-invoice-390');
    await home.getByRole('button', { name: 'Pay $2,576.35' }).click();
    await expect(home.getByText('Pay $2576.35')).toBeVisible();
    await shot(home, '16-stripe-pay-invoice-390');
    await home.getByRole('button', { name: 'Pay by bank' }).click();
    await expect(home).toHaveURL(new RegExp(`${invoiceLink}\\?payment=done$`));
    await expect(home.getByText('Bank payment processing')).toBeVisible();
    await expect(home.getByText('$2,576.35 is on its way from your bank.', { exact: false })).toBeVisible();
    await expect(home.getByText('Paid in full')).toHaveCount(0);
    await expect(home.getByRole('button', { name: /^Pay / })).toHaveCount(0);
    await expectNoSideways(home);
    await shot(home, '17-homeowner-invoice-processing-390');

    // The contractor: not paid yet, the bank payment shown as processing.
    await page.reload();
    const invoiceRow = invoices.getByRole('button', { name: /^Invoice INV-\d+$/ });
    await expect(invoiceRow.getByText('Partly paid', { exact: true })).toBeVisible();
    await invoiceRow.click();
    await expect(invoiceDialog).toContainText(/processing/i);
    await shotDialog(page, '18-contractor-invoice-processing-desktop');
    await page.keyboard.press('Escape');

    // The bank's success arrives later (the stand-in sends Stripe's checkout.session.async_payment_succeeded).
    const bankSession = [...stub.sessions.values()].find((s) => s.amount_total === 257_635 && s.payment_status === 'unpaid' && s.status === 'complete');
    expect(bankSession, 'the bank payment’s Checkout Session').toBeDefined();
    await stub.settleBank(bankSession!.id, 'succeeded');

    // The homeowner opens the link again: Paid.
    await home.goto(invoiceLink);
    await expect(home.getByText('Paid in full')).toBeVisible();
    await expect(home.getByText('Bank payment processing')).toHaveCount(0);
    await expectNoSideways(home);
    await shot(home, '19-homeowner-invoice-paid-390');
    // The contractor: Paid.
    await page.reload();
    await expect(invoiceRow.getByText('Paid', { exact: true })).toBeVisible();
    await invoiceRow.click();
    await expect(invoiceDialog.locator('.mantine-Badge-label').first()).toHaveText('Paid'); // the status badge
    await expect(invoiceDialog).toContainText('Balance due$0.00');
    await expect(invoiceDialog.getByText(/^Payment · Online \(bank\) · /)).toBeVisible();
    await shotDialog(page, '20-contractor-invoice-paid-desktop');
    await page.setViewportSize(PHONE.viewport);
    await expectNoSideways(page);
    await shotDialog(page, '20-contractor-invoice-paid-390');
    await shotDialogEnd(page, '20-contractor-invoice-paid-390-end');
    await page.setViewportSize(DESKTOP.viewport);
    await page.keyboard.press('Escape');

    // The receipt email, to the address the invoice was emailed to.
    const receipt = await mailTo(api, clientEmail, (m) => (m.subject ?? '').startsWith('Receipt: $2,576.35 paid on invoice INV-'), 'the receipt email');
    expect(receipt.body).toContain('paid online by bank (ACH)');
    // Its receipt link answers the receipt PDF, through the client's link (no account).
    const receiptPdf = await api.get(new URL(receipt.links.find((l) => l.includes('/receipts/'))!).pathname);
    expect(receiptPdf.status()).toBe(200);
    expect(receiptPdf.headers()['content-type']).toBe('application/pdf');

    // ---- 5. The Invoices screen (INVOICES in the navigation): the invoice paid, nothing outstanding; A/R owes nothing.
    await page.getByRole('link', { name: 'INVOICES', exact: true }).click();
    await expect(page).toHaveURL('/invoices');
    await expect(page.getByRole('heading', { name: 'Invoices', exact: true })).toBeVisible();
    const listed = page.getByRole('row').filter({ has: page.getByRole('link', { name: /^Open invoice INV-\d+$/ }) });
    await expect(listed).toHaveCount(1);
    await expect(listed).toContainText('Paid');
    await expect(page.getByRole('region', { name: 'Outstanding' })).toContainText('$0.00');
    const aging = page.getByRole('region', { name: 'A/R Aging' });
    await expect(aging.getByRole('row', { name: /^Total/ })).toContainText('$0.00');
    await expect(page.getByRole('region', { name: 'Payments Received' })).toContainText('$3,680.50');
    await shot(page, '21-contractor-invoices-desktop');
    await page.setViewportSize(PHONE.viewport);
    await expect(page.getByRole('link', { name: /^Open invoice INV-\d+$/ })).toBeVisible(); // a card on a phone
    await expectNoSideways(page);
    await shot(page, '21-contractor-invoices-390');

    await home.setViewportSize(DESKTOP.viewport);
    await shot(home, '22-homeowner-invoice-paid-desktop');
    await home.goto(quoteLink);
    await expect(home.getByText('Deposit paid')).toBeVisible();
    await shot(home, '23-homeowner-quote-approved-desktop');

    expect(errors, 'console errors').toEqual([]);
    await desk.close();
    await phone.close();
    await api.dispose();
  });
});
