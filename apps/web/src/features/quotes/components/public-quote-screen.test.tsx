import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { paymentEndpoints, QUOTE_LINK_EXPIRED, QUOTE_REPLACED_UNAVAILABLE, QUOTE_WITHDRAWN, quoteEndpoints, type PublicQuote } from '@fieldbook/contract';
import { Link, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, fakeApi } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { PublicQuoteScreen } from './public-quote-screen';

afterEach(() => vi.unstubAllGlobals());

// happy-dom has no 2D canvas to draw on: the signature pad is a button that "draws" one (the real pad: e2e/quotes.spec.ts).
vi.mock('./signature-field', () => ({
  SignatureField: ({ onChange }: { onChange: (png: string | null) => void }) => (
    <button type="button" onClick={() => onChange('data:image/png;base64,iVBORw0KGgo=')}>
      Draw a signature
    </button>
  ),
}));
const drawSignature = () => userEvent.click(screen.getByRole('button', { name: 'Draw a signature' }));

const totals = (total: number) => ({ subtotal_cents: total, discount_cents: 0, taxable_cents: total, tax_cents: 0, total_cents: total, deposit_cents: 0, balance_cents: total });
const id = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;
const item = (n: number, name: string, cents: number, over: Partial<PublicQuote['items'][number]> = {}) => ({
  id: id(n),
  section: null,
  name,
  description: '',
  quantity: 1,
  unit: 'ea',
  unit_price_cents: cents,
  line_total_cents: cents,
  taxable: false,
  optional: false,
  option: null,
  ...over,
});
const QUOTE: PublicQuote = {
  id: id(9),
  number: 'Q-20261126-ABCD',
  revision: 1,
  status: 'viewed',
  title: 'Roof replacement',
  items: [item(1, 'Tear-off', 100_000), item(2, '3-tab shingles', 200_000, { option: 0 }), item(3, 'Architectural shingles', 300_000, { option: 1 }), item(4, 'Seamless gutters', 50_000, { optional: true })],
  options: [
    { name: 'Good', description: '', totals: totals(300_000) },
    { name: 'Better', description: '', totals: totals(400_000) },
  ],
  totals: totals(300_000),
  discount: null,
  tax_rate_percent: 0,
  deposit: { type: 'percent', percent: 10 },
  expires_on: '2026-12-10',
  notes: '',
  terms: 'Balance due on completion.',
  company: 'Ridge Line Roofing',
  job: { title: 'Roof', client_name: 'Maria Garcia', property_address: '12 Oak Street' },
  content_fingerprint: 'a'.repeat(64),
  decided_at: null,
  approval: null,
  replaced_by_link: null,
  signed_pdf_ready: false,
  deposit_step: 'offered',
};
const TOKEN = `${id(9)}.1999999999.${'x'.repeat(43)}`;

describe('PublicQuoteScreen', () => {
  it('the homeowner picks an option and ticks an optional item: the total and the deposit follow', async () => {
    const api = fakeApi().on(quoteEndpoints.publicView, QUOTE);
    renderWithProviders(<PublicQuoteScreen token={TOKEN} />, { user: null });
    expect(await screen.findByRole('button', { name: 'Approve $3,000.00' })).toBeTruthy();
    await userEvent.click(screen.getByRole('radio', { name: /Better/ }));
    await userEvent.click(screen.getByLabelText('Seamless gutters (optional)'));
    expect(screen.getByRole('button', { name: 'Approve $4,500.00' })).toHaveProperty('disabled', true); // name, signature, consent first
    expect(screen.getByText('Deposit due on approval: $450.00')).toBeTruthy();
    expect(screen.queryByText('3-tab shingles')).toBeNull();
    expect(api.problems).toEqual([]);
  });

  it('an optional line ticked under another option is not sent once hidden: the approval is the chosen option and its ticked lines (issue 32 item 6)', async () => {
    const vent = item(5, 'Ridge vent', 20_000, { optional: true, option: 0 });
    const approved: PublicQuote = { ...QUOTE, status: 'approved' };
    const api = fakeApi()
      .on(quoteEndpoints.publicView, { ...QUOTE, items: [...QUOTE.items, vent] })
      .on(quoteEndpoints.publicApprove, { ...approved, deposit_checkout_url: null });
    renderWithProviders(<PublicQuoteScreen token={TOKEN} />, { user: null });
    await userEvent.click(await screen.findByLabelText('Ridge vent (optional)'));
    await userEvent.click(screen.getByLabelText('Seamless gutters (optional)'));
    await userEvent.click(screen.getByRole('radio', { name: /Better/ }));
    expect(screen.queryByLabelText('Ridge vent (optional)')).toBeNull();
    await userEvent.type(screen.getByLabelText('Full name'), 'Maria Garcia');
    await drawSignature();
    await userEvent.click(screen.getByLabelText('I agree to sign this quote electronically'));
    await userEvent.click(screen.getByRole('button', { name: 'Approve $4,500.00' }));
    await waitFor(() => expect(api.calls(quoteEndpoints.publicApprove)).toHaveLength(1));
    expect(api.calls(quoteEndpoints.publicApprove)[0]!.body).toMatchObject({ option: 1, optional_item_ids: [id(4)] });
  });

  it('two options of the same name are two options: each keeps its own place and items (issue 32 item 6)', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const twins = { ...QUOTE, options: [QUOTE.options[0]!, { ...QUOTE.options[1]!, name: 'Good' }] };
      fakeApi().on(quoteEndpoints.publicView, twins);
      renderWithProviders(<PublicQuoteScreen token={TOKEN} />, { user: null });
      expect(await screen.findByRole('button', { name: 'Approve $3,000.00' })).toBeTruthy();
      const radios = screen.getAllByRole('radio', { name: /Good/ });
      expect(radios).toHaveLength(2);
      await userEvent.click(radios[1]!);
      expect(screen.getByRole('button', { name: 'Approve $4,000.00' })).toBeTruthy();
      expect(screen.getByText('Architectural shingles')).toBeTruthy();
      // React keyed both options by their name before: "Encountered two children with the same key".
      expect(errors.mock.calls.flat().join(' ')).not.toMatch(/same key/);
    } finally {
      errors.mockRestore();
    }
  });

  it('the page tells the server it was rendered — a sent quote only, once; loading it is not a view (issue 32 item 4)', async () => {
    const api = fakeApi()
      .on(quoteEndpoints.publicView, { ...QUOTE, status: 'sent' })
      .on(quoteEndpoints.publicViewed, { status: 'viewed' });
    const { unmount } = renderWithProviders(<PublicQuoteScreen token={TOKEN} />, { user: null });
    expect(await screen.findByRole('button', { name: 'Approve $3,000.00' })).toBeTruthy();
    await waitFor(() => expect(api.calls(quoteEndpoints.publicViewed)).toHaveLength(1));
    expect(api.calls(quoteEndpoints.publicViewed)[0]!.params).toEqual({ token: TOKEN });
    await userEvent.click(screen.getByRole('radio', { name: /Better/ }));
    expect(api.calls(quoteEndpoints.publicViewed)).toHaveLength(1);
    unmount();
    vi.unstubAllGlobals();
    // Already viewed (or decided): nothing to tell.
    const again = fakeApi().on(quoteEndpoints.publicView, QUOTE);
    renderWithProviders(<PublicQuoteScreen token={TOKEN} />, { user: null });
    expect(await screen.findByRole('button', { name: 'Approve $3,000.00' })).toBeTruthy();
    expect(again.calls(quoteEndpoints.publicViewed)).toHaveLength(0);
    expect(again.problems).toEqual([]);
  });

  it('an approved quote offers its signed PDF through the link once it exists (issue 32 item 4)', async () => {
    const approval = { signer_name: 'Maria Garcia', option: 0, optional_item_ids: [], totals: totals(300_000), approved_at: '2026-11-26T10:00:00.000Z', fingerprint: 'f'.repeat(64) };
    fakeApi().on(quoteEndpoints.publicView, { ...QUOTE, status: 'approved', approval, signed_pdf_ready: false });
    const { unmount } = renderWithProviders(<PublicQuoteScreen token={TOKEN} />, { user: null });
    expect(await screen.findByText('Approved — thank you!')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Download signed PDF' })).toBeNull();
    unmount();
    vi.unstubAllGlobals();
    fakeApi().on(quoteEndpoints.publicView, { ...QUOTE, status: 'approved', approval, signed_pdf_ready: true });
    renderWithProviders(<PublicQuoteScreen token={TOKEN} />, { user: null });
    const link = await screen.findByRole('link', { name: 'Download signed PDF' });
    expect(link.getAttribute('href')).toBe(`/api/public/quotes/${TOKEN}/signed-pdf`);
    // In the size of the sentence it ends (seen larger than the approval's text in the payments walk's screenshots).
    expect(link.getAttribute('data-inherit')).toBe('true');
  });

  it('reads its dates on the workspace’s clock, whatever the reader’s zone: valid until a workspace day, signed at a workspace time', async () => {
    // 04:30 UTC on Nov 27 is still Nov 26 (10:30 PM) in Chicago, the workspace's zone — not the browser's.
    const approval = { signer_name: 'Maria Garcia', option: 0, optional_item_ids: [], totals: totals(300_000), approved_at: '2026-11-27T04:30:00.000Z', fingerprint: 'f'.repeat(64) };
    fakeApi().on(quoteEndpoints.publicView, { ...QUOTE, status: 'approved', approval, time_zone: 'America/Chicago' });
    renderWithProviders(<PublicQuoteScreen token={TOKEN} />, { user: null });
    expect(await screen.findByText(/Signed by Maria Garcia on November 26, 2026 at 10:30\sPM\./)).toBeTruthy();
    expect(screen.getByText('Valid until December 10, 2026')).toBeTruthy();
  });

  it('opened from the client’s hub it links back to that hub; opened by its own link it offers no hub (the quote link never carries one)', async () => {
    const HUB_TOKEN = `6f1d2c3b-0000-4000-8000-000000000001.1776000000.${'h'.repeat(43)}`;
    fakeApi().on(quoteEndpoints.publicView, QUOTE);
    const { unmount } = renderWithProviders(
      <Routes>
        <Route path="/" element={<Link to={`/q/${TOKEN}`} state={{ fromHub: HUB_TOKEN }}>Review and approve</Link>} />
        <Route path="/q/:token" element={<PublicQuoteScreen token={TOKEN} />} />
        <Route path="/h/:token" element={<p>The hub</p>} />
      </Routes>,
      { user: null },
    );
    await userEvent.click(screen.getByRole('link', { name: 'Review and approve' }));
    const back = await screen.findByRole('link', { name: '← All your work with Ridge Line Roofing' });
    expect(back.getAttribute('href')).toBe(`/h/${HUB_TOKEN}`);
    await userEvent.click(back);
    expect(await screen.findByText('The hub')).toBeTruthy();
    unmount();

    fakeApi().on(quoteEndpoints.publicView, QUOTE);
    renderWithProviders(<PublicQuoteScreen token={TOKEN} />, { user: null, route: `/q/${TOKEN}` });
    expect(await screen.findByRole('button', { name: 'Approve $3,000.00' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: /All your work with/ })).toBeNull();
  });

  it('an approved quote with a deposit offers to pay it online right there (issue 33)', async () => {
    const approval = { signer_name: 'Maria Garcia', option: 0, optional_item_ids: [], totals: { ...totals(300_000), deposit_cents: 30_000 }, approved_at: '2026-11-26T10:00:00.000Z', fingerprint: 'f'.repeat(64) };
    const api = fakeApi()
      .on(quoteEndpoints.publicView, { ...QUOTE, status: 'approved', approval })
      .on(paymentEndpoints.publicDeposit, { available: true, reason: null, deposit_cents: 30_000, status: 'unpaid', last_failed: false });
    renderWithProviders(<PublicQuoteScreen token={TOKEN} />, { user: null });
    expect(await screen.findByRole('button', { name: 'Pay deposit $300.00' })).toBeTruthy();
    expect(api.calls(paymentEndpoints.publicDeposit)[0]?.params).toEqual({ token: TOKEN });
    expect(api.problems).toEqual([]);
  });

  it('deposit required: the button reads "Approve and pay deposit" and signing leads straight to Stripe’s page for the deposit (issue 33)', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign, href: window.location.href, search: '', pathname: `/q/${TOKEN}`, origin: window.location.origin });
    const approval = { signer_name: 'Maria Garcia', option: 0, optional_item_ids: [], totals: { ...totals(300_000), deposit_cents: 30_000 }, approved_at: '2026-11-26T10:00:00.000Z', fingerprint: 'f'.repeat(64) };
    const api = fakeApi()
      .on(quoteEndpoints.publicView, { ...QUOTE, deposit_step: 'required' })
      .on(quoteEndpoints.publicApprove, { ...QUOTE, status: 'approved', approval, deposit_step: 'required', deposit_checkout_url: 'https://checkout.stripe.test/pay/cs_1' })
      .on(paymentEndpoints.publicDeposit, { available: true, reason: null, deposit_cents: 30_000, status: 'unpaid', last_failed: false });
    renderWithProviders(<PublicQuoteScreen token={TOKEN} />, { user: null });
    const button = await screen.findByRole('button', { name: 'Approve and pay deposit' });
    expect(screen.getByText('Deposit due on approval: $300.00')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Approve \$/ })).toBeNull();
    await userEvent.type(screen.getByLabelText('Full name'), 'Maria Garcia');
    await drawSignature();
    await userEvent.click(screen.getByLabelText('I agree to sign this quote electronically'));
    await userEvent.click(button);
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://checkout.stripe.test/pay/cs_1'));
    expect(api.calls(quoteEndpoints.publicApprove)).toHaveLength(1);
    expect(api.problems).toEqual([]);
  });

  it('deposit required without a deposit on this choice, or the workspace’s step not required: the usual Approve button', async () => {
    fakeApi().on(quoteEndpoints.publicView, { ...QUOTE, deposit: null, deposit_step: 'required' });
    const { unmount } = renderWithProviders(<PublicQuoteScreen token={TOKEN} />, { user: null });
    expect(await screen.findByRole('button', { name: 'Approve $3,000.00' })).toBeTruthy();
    unmount();
    fakeApi().on(quoteEndpoints.publicView, { ...QUOTE, deposit_step: 'none' });
    renderWithProviders(<PublicQuoteScreen token={TOKEN} />, { user: null });
    expect(await screen.findByRole('button', { name: 'Approve $3,000.00' })).toBeTruthy();
    expect(screen.getByText('Deposit due on approval: $300.00')).toBeTruthy();
  });

  it('no deposit step: an approved quote offers no Pay deposit (the deposit stays a line of text)', async () => {
    const approval = { signer_name: 'Maria Garcia', option: 0, optional_item_ids: [], totals: { ...totals(300_000), deposit_cents: 30_000 }, approved_at: '2026-11-26T10:00:00.000Z', fingerprint: 'f'.repeat(64) };
    const api = fakeApi()
      .on(quoteEndpoints.publicView, { ...QUOTE, status: 'approved', approval, deposit_step: 'none' })
      .on(paymentEndpoints.publicDeposit, { available: true, reason: null, deposit_cents: 30_000, status: 'unpaid', last_failed: false });
    renderWithProviders(<PublicQuoteScreen token={TOKEN} />, { user: null });
    expect(await screen.findByText(/deposit due \$300\.00/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Pay deposit/ })).toBeNull();
    expect(api.calls(paymentEndpoints.publicDeposit)).toEqual([]);
  });

  it('a replaced quote links the new one; an expired link says so', async () => {
    fakeApi().on(quoteEndpoints.publicView, { ...QUOTE, status: 'superseded', replaced_by_link: 'http://localhost/q/new-token' });
    const { unmount } = renderWithProviders(<PublicQuoteScreen token={TOKEN} />, { user: null });
    expect(await screen.findByText('This quote was replaced')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open the new quote' }).getAttribute('href')).toBe('http://localhost/q/new-token');
    expect(screen.queryByRole('button', { name: /Approve/ })).toBeNull();
    unmount();
    vi.unstubAllGlobals();
    fakeApi().on(quoteEndpoints.publicView, apiError(410, 'GONE', QUOTE_LINK_EXPIRED));
    renderWithProviders(<PublicQuoteScreen token={TOKEN} />, { user: null });
    expect(await screen.findByText(QUOTE_LINK_EXPIRED)).toBeTruthy();
  });

  it('a replaced quote whose newer version was not sent (or was withdrawn) says it is no longer available; a withdrawn quote’s link says so (issue 32 item 7)', async () => {
    fakeApi().on(quoteEndpoints.publicView, { ...QUOTE, status: 'superseded', replaced_by_link: null });
    const { unmount } = renderWithProviders(<PublicQuoteScreen token={TOKEN} />, { user: null });
    expect(await screen.findByText(QUOTE_REPLACED_UNAVAILABLE(QUOTE.company))).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Open the new quote' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Approve/ })).toBeNull();
    unmount();
    vi.unstubAllGlobals();
    const api = fakeApi().on(quoteEndpoints.publicView, apiError(410, 'GONE', QUOTE_WITHDRAWN(QUOTE.company)));
    renderWithProviders(<PublicQuoteScreen token={TOKEN} />, { user: null });
    expect(await screen.findByText(`This quote was withdrawn by ${QUOTE.company}. Contact them for an updated quote.`)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Approve/ })).toBeNull();
    expect(api.calls(quoteEndpoints.publicViewed)).toEqual([]);
  });
});
