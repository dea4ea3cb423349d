import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { contactEndpoints, quoteEndpoints, type Contact, type Quote, type QuoteBody, type SentQuote } from '@fieldbook/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, fakeApi } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { JobQuotes } from './job-quotes';

afterEach(() => vi.unstubAllGlobals());

const JOB = '00000000-0000-4000-8000-000000000001';
const QUOTE_ID = '00000000-0000-4000-8000-000000000002';
const totals = (t: number) => ({ subtotal_cents: t, discount_cents: 0, taxable_cents: t, tax_cents: 0, total_cents: t, deposit_cents: 0, balance_cents: t });

/** What the server answers for a saved draft: its items with line totals, and its own totals. */
function saved(body: QuoteBody): Quote {
  const items = (body.items ?? []).map((i, n) => ({
    id: `00000000-0000-4000-8000-00000000010${n}`,
    section: i.section ?? null,
    name: i.name,
    description: i.description ?? '',
    quantity: i.quantity,
    unit: i.unit ?? '',
    unit_price_cents: i.unit_price_cents,
    line_total_cents: Math.round(i.quantity * i.unit_price_cents),
    taxable: i.taxable ?? true,
    optional: i.optional ?? false,
    option: i.option ?? null,
  }));
  const sum = items.reduce((s, i) => s + i.line_total_cents, 0);
  return {
    id: QUOTE_ID,
    number: 'Q-20261126-ABCD',
    revision: 1,
    status: 'draft',
    title: body.title,
    items,
    options: [],
    totals: totals(sum),
    discount: null,
    tax_rate_percent: 0,
    deposit: null,
    expires_on: body.expires_on,
    notes: '',
    terms: '',
    job_id: JOB,
    first_sent_at: null,
    sent_at: null,
    viewed_at: null,
    decided_at: null,
    decline_reason: null,
    withdrawn_at: null,
    superseded_by: null,
    draft_revision_id: null,
    approval: null,
    created_at: '2026-11-26T00:00:00.000Z',
    updated_at: '2026-11-26T00:00:00.000Z',
  };
}

const CONTACT: Contact = {
  id: '00000000-0000-4000-8000-000000000003',
  owner_id: '6f1c1d1e-0000-4000-8000-00000000a11c',
  name: 'Maria Garcia',
  phone_number: '(555) 555-0100',
  phone: '5555550100',
  email: 'maria@example.test',
  notes: null,
  role: null,
  email_opt_in: true,
  sms_opt_in: true,
  created_at: '2026-11-26T00:00:00.000Z',
  updated_at: '2026-11-26T00:00:00.000Z',
  shared_by: null,
  shared_group_ids: [],
};

/**
 * A draft saved a while ago, opened from its link, with a fake server that keeps what is saved and sends what it
 * keeps — refusing, as the server does, a quote whose saved expiry has passed.
 */
function savedDraftOnServer() {
  let stored = saved({ title: 'Gutter repair', items: [{ name: 'Seamless gutters', quantity: 10, unit_price_cents: 1000 }], expires_on: '2020-01-31' });
  const today = new Date().toISOString().slice(0, 10);
  const api = fakeApi()
    .on(quoteEndpoints.listForJob, { quotes: [], total: 0 })
    .on(quoteEndpoints.get, () => stored)
    .on(quoteEndpoints.update, ({ body }) => (stored = saved(body as QuoteBody)))
    .on(quoteEndpoints.send, (): SentQuote | Response =>
      stored.expires_on < today
        ? apiError(400, 'VALIDATION_ERROR', 'The expiry date has passed: choose a later one before sending', [{ field: 'expires_on', message: 'The expiry date has passed: choose a later one before sending' }])
        : { quote: { ...stored, status: 'sent', first_sent_at: '2026-11-27T00:00:00.000Z', sent_at: '2026-11-27T00:00:00.000Z' }, link: 'http://localhost/q/token', sent_to: [{ method: 'sms', address: '+15555550100' }] },
    )
    .on(quoteEndpoints.priceBook, { items: [] })
    .on(contactEndpoints.list, { contacts: [CONTACT], total: 1 });
  renderWithProviders(<JobQuotes jobId={JOB} clientName="Maria Garcia" />, { route: `/jobs/${JOB}?quote=${QUOTE_ID}` });
  return api;
}

/** The quote writes, in the order they were made. */
const writes = (api: ReturnType<typeof fakeApi>) => api.requests.map((r) => r.name).filter((name) => name === 'quoteEndpoints.update' || name === 'quoteEndpoints.send');

describe('JobQuotes', () => {
  it('New Quote: the typed dollars go to the server as cents, and the totals shown are the server’s', async () => {
    let stored: Quote | null = null;
    const api = fakeApi()
      .on(quoteEndpoints.listForJob, () => ({ quotes: [], total: 0 }))
      .on(quoteEndpoints.create, ({ body }) => (stored = saved(body as QuoteBody)))
      .on(quoteEndpoints.get, () => stored!)
      .on(quoteEndpoints.priceBook, { items: [] })
      .on(contactEndpoints.list, { contacts: [], total: 0 });
    renderWithProviders(<JobQuotes jobId={JOB} clientName="Maria Garcia" />);
    expect(await screen.findByText(/No quotes yet/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'New Quote' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText(/Title/), 'Gutter repair');
    await userEvent.type(within(dialog).getByRole('combobox', { name: 'Item 1' }), 'Seamless gutters');
    await userEvent.clear(within(dialog).getByLabelText('Qty'));
    await userEvent.type(within(dialog).getByLabelText('Qty'), '120.5');
    await userEvent.type(within(dialog).getByLabelText('Unit price ($)'), '8.99');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Draft' }));
    await waitFor(() => expect(api.calls(quoteEndpoints.create)).toHaveLength(1));
    expect(api.calls(quoteEndpoints.create)[0]!.body).toMatchObject({ title: 'Gutter repair', items: [{ name: 'Seamless gutters', quantity: 120.5, unit_price_cents: 899, option: null }] });
    // 120.5 × $8.99 = $1,083.295 → the server's $1,083.30 (this fake rounds as the server does).
    // In the saved totals' block (the live preview above shows the same amount as it is typed).
    await waitFor(() => expect(dialog.querySelector<HTMLElement>('[aria-label="Totals"]')).not.toBeNull());
    expect(within(dialog.querySelector<HTMLElement>('[aria-label="Totals"]')!).getAllByText('$1,083.30').length).toBeGreaterThan(0);
    expect(within(dialog).getByRole('button', { name: 'Send Quote' })).toHaveProperty('disabled', true); // no contact chosen yet
    expect(api.problems).toEqual([]);
  }, 20_000); // typing key by key takes seconds on a loaded machine

  it('a link with ?quote= (a notification’s) opens that quote on the job; one that cannot be read says so, no empty editor', async () => {
    const base = saved({
      title: 'Roof replacement',
      items: [
        { name: 'Tear-off and disposal', quantity: 1, unit_price_cents: 108_000 },
        { name: '3-tab shingles', quantity: 1, unit_price_cents: 228_000, option: 0 },
        { name: 'Architectural shingles', quantity: 1, unit_price_cents: 300_000, option: 1 },
        { name: 'Seamless gutters', quantity: 1, unit_price_cents: 108_000, optional: true },
        { name: 'Ridge vent upgrade', quantity: 1, unit_price_cents: 65_000, optional: true },
      ],
      expires_on: '2026-12-10',
    });
    const quote: Quote = {
      ...base,
      number: 'Q-1001',
      status: 'approved',
      options: [
        { name: 'Good', description: '', totals: totals(336_000) },
        { name: 'Better', description: '', totals: totals(408_000) },
      ],
      approval: { signer_name: 'Maria Garcia', option: 1, optional_item_ids: [base.items[3]!.id], totals: totals(558_570), approved_at: '2026-11-26T10:00:00.000Z', ip_address: '127.0.0.1', user_agent: 'Phone', fingerprint: 'f'.repeat(64), document_id: null, pdf_status: 'pending' },
    };
    const summary = { id: quote.id, job_id: JOB, number: 'Q-1001', revision: 1, status: 'approved' as const, title: quote.title, totals: quote.totals, expires_on: quote.expires_on, first_sent_at: null, sent_at: null, decided_at: null, created_at: quote.created_at, approved_total_cents: 558_570 };
    const api = fakeApi().on(quoteEndpoints.listForJob, { quotes: [summary], total: 1 }).on(quoteEndpoints.get, quote);
    const first = renderWithProviders(<JobQuotes jobId={JOB} clientName="Maria Garcia" />, { route: `/jobs/${JOB}?quote=${QUOTE_ID}` });
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('Approved by Maria Garcia: $5,585.70')).toBeTruthy();
    // The lines of what was approved: Better's and the ticked optional item, not Good's nor the one left out.
    expect(within(dialog).getByText('Architectural shingles (Better)')).toBeTruthy();
    expect(within(dialog).getByText('Seamless gutters · optional')).toBeTruthy();
    expect(within(dialog).getByText('Tear-off and disposal')).toBeTruthy();
    expect(within(dialog).queryByText('3-tab shingles (Good)')).toBeNull();
    expect(within(dialog).queryByText('Ridge vent upgrade · optional')).toBeNull();
    expect(api.calls(quoteEndpoints.get)[0]!.params).toEqual({ id: QUOTE_ID });
    expect(api.problems).toEqual([]);
    first.unmount();
    vi.unstubAllGlobals();

    fakeApi().on(quoteEndpoints.listForJob, { quotes: [], total: 0 }).on(quoteEndpoints.get, apiError(404, 'NOT_FOUND', 'Quote not found'));
    renderWithProviders(<JobQuotes jobId={JOB} clientName="Maria Garcia" />, { route: `/jobs/${JOB}?quote=${QUOTE_ID}` });
    const missing = await screen.findByRole('dialog');
    expect(await within(missing).findByText('Could not open this quote')).toBeTruthy();
    expect(within(missing).queryByRole('button', { name: 'Save Draft' })).toBeNull();
  });

  it('a signed PDF deleted from the job says so and is made again on request; Send Again’s first and last times both show (issue 32 items 6 and 8)', async () => {
    const base = saved({ title: 'Gutter repair', items: [{ name: 'Seamless gutters', quantity: 10, unit_price_cents: 1000 }], expires_on: '2026-12-10' });
    const approval = { signer_name: 'Maria Garcia', option: null, optional_item_ids: [], totals: totals(10_000), approved_at: '2026-11-26T10:00:00.000Z', ip_address: '127.0.0.1', user_agent: 'Phone', fingerprint: 'f'.repeat(64), document_id: null, pdf_status: 'deleted' as const };
    const quote: Quote = { ...base, status: 'approved', first_sent_at: '2026-11-20T09:00:00.000Z', sent_at: '2026-11-24T09:00:00.000Z', approval };
    let stored = quote;
    const api = fakeApi()
      .on(quoteEndpoints.listForJob, { quotes: [], total: 0 })
      .on(quoteEndpoints.get, () => stored)
      .on(quoteEndpoints.remakeSignedPdf, () => (stored = { ...quote, approval: { ...approval, pdf_status: 'pending' } }));
    renderWithProviders(<JobQuotes jobId={JOB} clientName="Maria Garcia" />, { route: `/jobs/${JOB}?quote=${QUOTE_ID}` });
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('The signed PDF was deleted from the job.')).toBeTruthy();
    expect(within(dialog).queryByText('The signed PDF is being prepared…')).toBeNull();
    expect(within(dialog).getByText(`First sent ${new Date(quote.first_sent_at!).toLocaleString()} · last sent ${new Date(quote.sent_at!).toLocaleString()}`)).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Make it again' }));
    expect(await within(dialog).findByText('The signed PDF is being prepared…')).toBeTruthy();
    expect(api.calls(quoteEndpoints.remakeSignedPdf)[0]!.params).toEqual({ id: QUOTE_ID });
    expect(api.problems).toEqual([]);
  });

  it('Send Quote sends what is on screen: a price and an expiry changed since Save Draft are saved first, then sent', async () => {
    const api = savedDraftOnServer();
    const dialog = await screen.findByRole('dialog');
    const price = await within(dialog).findByLabelText('Unit price ($)');
    await waitFor(() => expect(price).toHaveProperty('value', '10.00'));
    await userEvent.clear(price);
    await userEvent.type(price, '12.50');
    // The saved expiry has passed since; the one on screen has not.
    fireEvent.change(within(dialog).getByLabelText('Expires on'), { target: { value: '2099-12-31' } });
    const send = within(dialog).getByRole('button', { name: 'Send Quote' });
    await waitFor(() => expect(send).toHaveProperty('disabled', false)); // the contact named like the client is chosen
    await userEvent.click(send);
    await waitFor(() => expect(api.calls(quoteEndpoints.send)).toHaveLength(1));
    expect(writes(api)).toEqual(['quoteEndpoints.update', 'quoteEndpoints.send']);
    expect(api.calls(quoteEndpoints.update)[0]!.body).toMatchObject({ items: [{ name: 'Seamless gutters', unit_price_cents: 1250 }], expires_on: '2099-12-31' });
    expect(api.calls(quoteEndpoints.send)[0]!.body).toEqual({ contact_id: CONTACT.id, methods: ['sms', 'email'] });
    expect(await within(dialog).findByText('Quote sent')).toBeTruthy();
    expect(api.problems).toEqual([]);
  }, 20_000);

  it('Send Quote with changes the server refuses to save sends nothing and says why', async () => {
    const api = savedDraftOnServer();
    const dialog = await screen.findByRole('dialog');
    const title = await within(dialog).findByLabelText(/Title/);
    await waitFor(() => expect(title).toHaveProperty('value', 'Gutter repair'));
    await userEvent.clear(title);
    const send = within(dialog).getByRole('button', { name: 'Send Quote' });
    await waitFor(() => expect(send).toHaveProperty('disabled', false));
    await userEvent.click(send);
    // The contract's schema refuses the body as the server would, before anything is sent: the title's message at
    // the title, and by Send.
    expect(await within(dialog).findByText('Give the quote a title')).toBeTruthy();
    expect(within(dialog).getByText('Not sent: the changes could not be saved')).toBeTruthy();
    expect(writes(api)).toEqual([]);
    expect(within(dialog).queryByText('Quote sent')).toBeNull();
  }, 20_000);

  it('a blank quantity and a negative price say what is wrong at their fields and save nothing; a 400 of the server lands at its field too (issue 32 item 6)', async () => {
    const api = savedDraftOnServer();
    const dialog = await screen.findByRole('dialog');
    const price = await within(dialog).findByLabelText('Unit price ($)');
    await waitFor(() => expect(price).toHaveProperty('value', '10.00'));
    await userEvent.clear(within(dialog).getByLabelText('Qty'));
    await userEvent.clear(price);
    await userEvent.type(price, '-5');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Draft' }));
    expect(await within(dialog).findByText('Enter the quantity as a number, e.g. 2 or 1.5')).toBeTruthy();
    expect(within(dialog).getByText('Amounts cannot be negative')).toBeTruthy();
    expect(within(dialog).getByLabelText('Qty').getAttribute('aria-invalid')).toBe('true');
    expect(writes(api)).toEqual([]);

    // Corrected, the save goes; the server's own refusal (here: the expiry) is shown at its field.
    await userEvent.type(within(dialog).getByLabelText('Qty'), '2');
    await userEvent.clear(price);
    await userEvent.type(price, '$1,200.50');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Draft' }));
    await waitFor(() => expect(api.calls(quoteEndpoints.update)).toHaveLength(1));
    expect(api.calls(quoteEndpoints.update)[0]!.body).toMatchObject({ items: [{ quantity: 2, unit_price_cents: 120_050 }] });
    expect(within(dialog).queryByText('Amounts cannot be negative')).toBeNull();
    api.on(quoteEndpoints.update, apiError(400, 'VALIDATION_ERROR', 'Choose a later date', [{ field: 'expires_on', message: 'Choose a later date' }]));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Draft' }));
    await waitFor(() => expect(within(dialog).getByLabelText('Expires on').getAttribute('aria-invalid')).toBe('true'));
  }, 20_000);

  it('a sent quote with a draft revision: both listed and labelled; Discard Draft asks, discards the revision and shows the live quote (issue 32 item 7)', async () => {
    const LIVE = '00000000-0000-4000-8000-000000000004';
    const base = saved({ title: 'Gutter repair', items: [{ name: 'Seamless gutters', quantity: 10, unit_price_cents: 1000 }], expires_on: '2099-12-10' });
    const live: Quote = { ...base, id: LIVE, number: 'Q-1001', status: 'sent', first_sent_at: '2026-11-20T09:00:00.000Z', sent_at: '2026-11-20T09:00:00.000Z', draft_revision_id: QUOTE_ID };
    const draft: Quote = { ...base, number: 'Q-1001', revision: 2 };
    const summary = (q: Quote) => ({ id: q.id, job_id: JOB, number: q.number, revision: q.revision, status: q.status, title: q.title, totals: q.totals, expires_on: q.expires_on, first_sent_at: q.first_sent_at, sent_at: q.sent_at, decided_at: null, created_at: q.created_at, approved_total_cents: null });
    let discarded = false;
    const api = fakeApi()
      .on(quoteEndpoints.listForJob, () => (discarded ? { quotes: [summary({ ...live, draft_revision_id: null })], total: 1 } : { quotes: [summary(draft), summary(live)], total: 2 }))
      .on(quoteEndpoints.get, ({ params }) => (params.id === LIVE ? { ...live, draft_revision_id: discarded ? null : QUOTE_ID } : draft))
      .on(quoteEndpoints.discard, () => {
        discarded = true;
        return { ok: true as const, live_quote_id: LIVE };
      })
      .on(quoteEndpoints.priceBook, { items: [] })
      .on(contactEndpoints.list, { contacts: [CONTACT], total: 1 });
    renderWithProviders(<JobQuotes jobId={JOB} clientName="Maria Garcia" />);
    expect(await screen.findByText('Draft revision, not sent: the client still has the earlier one')).toBeTruthy();
    expect(screen.getByText('Live for the client until revision 2 is sent')).toBeTruthy();

    // The live one: no second revision offered, the draft one a tap away.
    await userEvent.click(screen.getByRole('button', { name: 'Quote Q-1001 revision 1' }));
    let dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('A draft revision exists')).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Revise (new revision)' })).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Open Draft Revision' }));
    dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('A draft revision: the client keeps the quote they were sent until you send this one.')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Discard Draft' }));
    expect(within(dialog).getByText('Discard revision 2?')).toBeTruthy();
    expect(api.calls(quoteEndpoints.discard)).toEqual([]); // asked first
    await userEvent.click(within(dialog).getAllByRole('button', { name: 'Discard Draft' }).at(-1)!);
    await waitFor(() => expect(api.calls(quoteEndpoints.discard)).toHaveLength(1));
    expect(api.calls(quoteEndpoints.discard)[0]!.params).toEqual({ id: QUOTE_ID });
    // The dialog shows the live quote again, now revisable.
    expect(await within(dialog).findByRole('button', { name: 'Revise (new revision)' })).toBeTruthy();
    expect(within(dialog).queryByText('A draft revision exists')).toBeNull();
    await waitFor(() => expect(screen.queryByText('Draft revision, not sent: the client still has the earlier one')).toBeNull());
    expect(api.problems).toEqual([]);
  }, 20_000);

  it('Withdraw Quote says the client’s link will stop working, then withdraws; the quote shows as withdrawn and can be revised (issue 32 item 7)', async () => {
    const base = saved({ title: 'Gutter repair', items: [{ name: 'Seamless gutters', quantity: 10, unit_price_cents: 1000 }], expires_on: '2099-12-10' });
    const sent: Quote = { ...base, status: 'viewed', first_sent_at: '2026-11-20T09:00:00.000Z', sent_at: '2026-11-20T09:00:00.000Z', viewed_at: '2026-11-21T09:00:00.000Z' };
    let stored = sent;
    const api = fakeApi()
      .on(quoteEndpoints.listForJob, { quotes: [], total: 0 })
      .on(quoteEndpoints.get, () => stored)
      .on(quoteEndpoints.withdraw, () => (stored = { ...sent, status: 'withdrawn', withdrawn_at: '2026-11-22T09:00:00.000Z' }))
      .on(contactEndpoints.list, { contacts: [CONTACT], total: 1 });
    renderWithProviders(<JobQuotes jobId={JOB} clientName="Maria Garcia" />, { route: `/jobs/${JOB}?quote=${QUOTE_ID}` });
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Withdraw Quote' }));
    expect(within(dialog).getByText(/The client’s link will stop working/)).toBeTruthy();
    expect(api.calls(quoteEndpoints.withdraw)).toEqual([]);
    await userEvent.click(within(dialog).getAllByRole('button', { name: 'Withdraw Quote' }).at(-1)!);
    expect(await within(dialog).findByText(`Withdrawn ${new Date('2026-11-22T09:00:00.000Z').toLocaleString()}`)).toBeTruthy();
    expect(api.calls(quoteEndpoints.withdraw)[0]!.params).toEqual({ id: QUOTE_ID });
    expect(within(dialog).getByText('Withdrawn')).toBeTruthy(); // the status badge
    expect(within(dialog).queryByRole('button', { name: 'Withdraw Quote' })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Send Again' })).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Revise (new revision)' })).toBeTruthy();
    expect(api.problems).toEqual([]);
  }, 20_000);
});
