import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { contactEndpoints, quoteEndpoints, type Quote, type QuoteBody } from '@fieldbook/contract';
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
    sent_at: null,
    viewed_at: null,
    decided_at: null,
    decline_reason: null,
    superseded_by: null,
    approval: null,
    created_at: '2026-11-26T00:00:00.000Z',
    updated_at: '2026-11-26T00:00:00.000Z',
  };
}

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
    expect((await within(dialog).findAllByText('$1,083.30')).length).toBeGreaterThan(0);
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
      approval: { signer_name: 'Maria Garcia', option: 1, optional_item_ids: [base.items[3]!.id], totals: totals(558_570), approved_at: '2026-11-26T10:00:00.000Z', ip_address: '127.0.0.1', user_agent: 'Phone', fingerprint: 'f'.repeat(64), document_id: null },
    };
    const summary = { id: quote.id, job_id: JOB, number: 'Q-1001', revision: 1, status: 'approved' as const, title: quote.title, totals: quote.totals, expires_on: quote.expires_on, sent_at: null, decided_at: null, created_at: quote.created_at, approved_total_cents: 558_570 };
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
});
