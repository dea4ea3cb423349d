import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { contactEndpoints, jobEndpoints, quoteEndpoints, type Job, type PublicQuote, type Quote } from '@fieldbook/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { JobQuotes } from './job-quotes';

/** The contractor's tools around a quote (issue 32 item 9), in the job's quote dialog. */

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const JOB = '00000000-0000-4000-8000-000000000001';
const QUOTE_ID = '00000000-0000-4000-8000-000000000002';
const totals = (t: number) => ({ subtotal_cents: t, discount_cents: 0, taxable_cents: t, tax_cents: 0, total_cents: t, deposit_cents: 0, balance_cents: t });
const item = (n: number, name: string, cents: number, over: Partial<Quote['items'][number]> = {}): Quote['items'][number] => ({
  id: `00000000-0000-4000-8000-00000000010${n}`,
  section: null,
  name,
  description: '',
  quantity: 1,
  unit: 'ea',
  unit_price_cents: cents,
  line_total_cents: cents,
  taxable: true,
  optional: false,
  option: null,
  ...over,
});

function sentQuote(over: Partial<Quote> = {}): Quote {
  return {
    id: QUOTE_ID,
    number: 'Q-1001',
    revision: 1,
    status: 'sent',
    title: 'Roof replacement',
    items: [item(0, 'Tear-off', 100_000), item(1, '3-tab shingles', 200_000, { option: 0 }), item(2, 'Architectural shingles', 300_000, { option: 1 }), item(3, 'Seamless gutters', 50_000, { optional: true })],
    options: [
      { name: 'Good', description: '', totals: totals(300_000) },
      { name: 'Better', description: '', totals: totals(400_000) },
    ],
    totals: totals(300_000),
    discount: null,
    tax_rate_percent: 0,
    deposit: null,
    expires_on: '2099-12-10',
    notes: '',
    terms: 'Balance due on completion.',
    job_id: JOB,
    first_sent_at: '2026-11-26T00:00:00.000Z',
    sent_at: '2026-11-26T00:00:00.000Z',
    viewed_at: null,
    decided_at: null,
    decline_reason: null,
    withdrawn_at: null,
    superseded_by: null,
    draft_revision_id: null,
    approval: null,
    created_at: '2026-11-26T00:00:00.000Z',
    updated_at: '2026-11-26T00:00:00.000Z',
    ...over,
  };
}

const openQuote = (api: ReturnType<typeof fakeApi>, quote: Quote) => {
  api.on(quoteEndpoints.listForJob, { quotes: [], total: 0 }).on(contactEndpoints.list, { contacts: [], total: 0 });
  renderWithProviders(<JobQuotes jobId={JOB} clientName="Maria Garcia" />, { route: `/jobs/${JOB}?quote=${quote.id}` });
  return screen.findByRole('dialog');
};

describe('Copy Client Link', () => {
  it('asks the server for a fresh link and puts it on the clipboard', async () => {
    const link = 'http://localhost:3000/q/00000000-0000-4000-8000-000000000002.4102444800.signature';
    const api = fakeApi().on(quoteEndpoints.get, sentQuote()).on(quoteEndpoints.clientLink, { link, expires_on: '2099-12-10' });
    const writeText = vi.fn(async () => {});
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    const dialog = await openQuote(api, sentQuote());
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Copy Client Link' }));
    expect(await within(dialog).findByText('Link copied. It works until 2099-12-10.')).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith(link);
    expect(within(dialog).getByLabelText('Client link')).toHaveProperty('value', link);
    expect(api.calls(quoteEndpoints.clientLink)[0]!.params).toEqual({ id: QUOTE_ID });
    expect(api.problems).toEqual([]);
  });

  it('shows the link to copy by hand when the clipboard refuses', async () => {
    const link = 'http://localhost:3000/q/abc';
    const api = fakeApi().on(quoteEndpoints.get, sentQuote({ status: 'viewed' })).on(quoteEndpoints.clientLink, { link, expires_on: '2099-12-10' });
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText: async () => Promise.reject(new Error('denied')) } });
    const dialog = await openQuote(api, sentQuote());
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Copy Client Link' }));
    expect(await within(dialog).findByText('Copy this link (it works until 2099-12-10):')).toBeTruthy();
    expect(within(dialog).getByLabelText('Client link')).toHaveProperty('value', link);
  });

  it('is not offered on a quote that is not out with the client', async () => {
    const api = fakeApi().on(quoteEndpoints.get, sentQuote({ status: 'declined' }));
    const dialog = await openQuote(api, sentQuote());
    await waitFor(() => expect(within(dialog).getByText('Roof replacement')).toBeTruthy());
    expect(within(dialog).queryByRole('button', { name: 'Copy Client Link' })).toBeNull();
  });
});

describe('Mark Approved', () => {
  it('records the option, the ticked lines, who, how and a note; the contract’s messages first; the quote then shows approved by hand', async () => {
    const quote = sentQuote();
    let stored = quote;
    const api = fakeApi()
      .on(quoteEndpoints.get, () => stored)
      .on(quoteEndpoints.markApproved, ({ body }) => {
        stored = {
          ...quote,
          status: 'approved',
          approval: { signer_name: body.approved_by, option: body.option, optional_item_ids: body.optional_item_ids, totals: totals(450_000), approved_at: '2026-11-27T10:00:00.000Z', ip_address: null, user_agent: null, fingerprint: 'f'.repeat(64), document_id: null, pdf_status: 'pending', method: body.method, note: body.note || null },
        };
        return stored;
      });
    const dialog = await openQuote(api, quote);
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Mark Approved' }));
    const form = await screen.findByRole('dialog', { name: 'Mark quote Q-1001 approved' });
    expect(within(form).getByLabelText(/^Approved by/)).toHaveProperty('value', 'Maria Garcia');
    // Nothing sent without how.
    await userEvent.click(within(form).getByRole('button', { name: 'Mark Approved' }));
    expect(await within(form).findByText('Choose how the client approved')).toBeTruthy();
    expect(api.calls(quoteEndpoints.markApproved)).toEqual([]);

    await userEvent.click(within(form).getByRole('radio', { name: 'Better ($4,000.00)' }));
    await userEvent.click(within(form).getByRole('checkbox', { name: 'Seamless gutters ($500.00)' }));
    await userEvent.click(within(form).getByText('Paper'));
    await userEvent.type(within(form).getByLabelText('Note'), 'Signed the printout on site');
    await userEvent.click(within(form).getByRole('button', { name: 'Mark Approved' }));
    await waitFor(() => expect(api.calls(quoteEndpoints.markApproved)).toHaveLength(1));
    expect(api.calls(quoteEndpoints.markApproved)[0]!).toMatchObject({
      params: { id: QUOTE_ID },
      body: { option: 1, optional_item_ids: ['00000000-0000-4000-8000-000000000103'], approved_by: 'Maria Garcia', method: 'paper', note: 'Signed the printout on site' },
    });
    expect(await within(dialog).findByText('Marked approved by hand (Paper): Signed the printout on site')).toBeTruthy();
    expect(within(dialog).getByText('Approved by Maria Garcia: $4,500.00')).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Mark Approved' })).toBeNull();
    expect(api.problems).toEqual([]);
  }, 20_000);
});

describe('Duplicate', () => {
  it('picks a job with the job picker, makes the copy there and opens it', async () => {
    const OTHER_JOB = '00000000-0000-4000-8000-0000000000aa';
    const COPY_ID = '00000000-0000-4000-8000-0000000000bb';
    const garage: Job = {
      id: OTHER_JOB,
      workspace_id: '00000000-0000-4000-8000-0000000000cc',
      client_name: 'Sam Lee',
      property_address: '4 Elm Road',
      claim_number: null,
      status: 'active',
      title: 'Garage roof',
      description: null,
      due_date: null,
      metadata: {},
      document_types: [],
      created_at: '2026-11-26T00:00:00.000Z',
      updated_at: '2026-11-26T00:00:00.000Z',
      tasks: [],
      documents: { needed: [], created: [], processed: [] },
    };
    const source = sentQuote({ status: 'approved' });
    const copy = sentQuote({ id: COPY_ID, number: 'Q-1002', status: 'draft', job_id: OTHER_JOB, first_sent_at: null, sent_at: null });
    const api = fakeApi()
      .on(quoteEndpoints.get, ({ params }) => (params.id === COPY_ID ? copy : source))
      .on(jobEndpoints.list, { jobs: [garage], total: 1 })
      .on(quoteEndpoints.duplicate, copy)
      .on(quoteEndpoints.priceBook, { items: [] });
    const dialog = await openQuote(api, source);
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Duplicate' }));
    const picker = await screen.findByRole('dialog', { name: 'Duplicate quote Q-1001' });
    expect(within(picker).getByRole('button', { name: 'Duplicate' })).toHaveProperty('disabled', true);
    await userEvent.click(within(picker).getByLabelText('Job'));
    await userEvent.click(await screen.findByRole('option', { name: 'Sam Lee — 4 Elm Road', hidden: true }));
    await userEvent.click(within(picker).getByRole('button', { name: 'Duplicate' }));
    await waitFor(() => expect(api.calls(quoteEndpoints.duplicate)).toHaveLength(1));
    expect(api.calls(quoteEndpoints.duplicate)[0]!).toMatchObject({ params: { id: QUOTE_ID }, body: { job_id: OTHER_JOB } });
    // The copy opens, a draft to edit.
    expect(await screen.findByRole('dialog', { name: 'Quote Q-1002' })).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Save Draft' })).toBeTruthy();
    expect(api.problems).toEqual([]);
  }, 20_000);
});

describe('Preview as Client', () => {
  it('shows the client’s page from the contractor’s data, read-only: options may be tried, nothing approved, no view counted', async () => {
    const quote = sentQuote();
    const { id, number, revision, status, title, items, options, totals: t, discount, tax_rate_percent, deposit, expires_on, notes, terms } = quote;
    const page: PublicQuote = {
      ...{ id, number, revision, status, title, items, options, totals: t, discount, tax_rate_percent, deposit, expires_on, notes, terms },
      company: 'Ridge Line Roofing',
      job: { title: 'Roof', client_name: 'Maria Garcia', property_address: '12 Oak Street' },
      content_fingerprint: 'a'.repeat(64),
      deposit_step: 'offered',
      decided_at: null,
      approval: null,
      replaced_by_link: null,
      signed_pdf_ready: false,
    };
    const api = fakeApi().on(quoteEndpoints.get, quote).on(quoteEndpoints.preview, page);
    const dialog = await openQuote(api, quote);
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Preview as Client' }));
    const preview = await screen.findByRole('dialog', { name: 'Quote Q-1001 as the client sees it' });
    expect(await within(preview).findByText('Preview as the client sees it')).toBeTruthy();
    expect(within(preview).getByText('Ridge Line Roofing')).toBeTruthy();
    expect(within(preview).getByRole('button', { name: 'Approve $3,000.00' })).toHaveProperty('disabled', true);
    expect(within(preview).getByRole('button', { name: 'Decline' })).toHaveProperty('disabled', true);
    expect(within(preview).getByLabelText('Full name')).toHaveProperty('disabled', true);
    // Trying another option changes what is shown, as on the client's page.
    await userEvent.click(within(preview).getByRole('radio', { name: /Better/ }));
    expect(within(preview).getByRole('button', { name: 'Approve $4,000.00' })).toHaveProperty('disabled', true);
    expect(api.calls(quoteEndpoints.preview)[0]!.params).toEqual({ id: QUOTE_ID });
    expect(api.calls(quoteEndpoints.publicViewed)).toEqual([]);
    expect(api.calls(quoteEndpoints.publicView)).toEqual([]);
    expect(api.problems).toEqual([]);
  });
});

describe('Print / PDF', () => {
  it('fetches the unsigned PDF with the session and opens it in a new tab; an approved quote has no button', async () => {
    const bytes = new TextEncoder().encode('%PDF-1.7 not signed');
    const api = fakeApi()
      .on(quoteEndpoints.get, sentQuote())
      .on(quoteEndpoints.pdf, () => new Response(bytes, { headers: { 'content-type': 'application/pdf' } }));
    const tab = { location: { href: '' }, close: vi.fn() };
    const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    const createObjectURL = vi.fn((_blob: Blob) => 'blob:quote-pdf');
    // A subclass, not the global URL changed: other test files share this module cache.
    vi.stubGlobal('URL', class extends URL { static override createObjectURL = createObjectURL; static override revokeObjectURL = vi.fn(); });
    const dialog = await openQuote(api, sentQuote());
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Print / PDF' }));
    await waitFor(() => expect(tab.location.href).toBe('blob:quote-pdf'));
    expect(open).toHaveBeenCalledWith('', '_blank');
    const blob = createObjectURL.mock.calls[0]![0];
    expect(new TextDecoder().decode(await blob.arrayBuffer())).toBe('%PDF-1.7 not signed');
    expect(api.calls(quoteEndpoints.pdf)[0]!.params).toEqual({ id: QUOTE_ID });
    expect(api.problems).toEqual([]);
  });

  it('is not offered on an approved quote (it has its signed PDF)', async () => {
    const api = fakeApi().on(quoteEndpoints.get, sentQuote({ status: 'approved' }));
    const dialog = await openQuote(api, sentQuote());
    expect(await within(dialog).findByRole('button', { name: 'Duplicate' })).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Print / PDF' })).toBeNull();
  });
});
