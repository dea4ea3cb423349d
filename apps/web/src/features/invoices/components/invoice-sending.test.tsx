import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { contactEndpoints, invoiceEndpoints, paymentEndpoints, quoteEndpoints, type Contact, type Invoice, type InvoiceOnlinePayments, type InvoiceSummary } from '@fieldbook/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, fakeApi } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { JobInvoices } from './job-invoices';

afterEach(() => vi.unstubAllGlobals());

const JOB = '00000000-0000-4000-8000-000000000001';
const INV = '00000000-0000-4000-8000-000000000002';
const ME = '6f1c1d1e-0000-4000-8000-00000000a11c';
const CONTACT: Contact = {
  id: '00000000-0000-4000-8000-000000000003',
  owner_id: ME,
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

const DRAFT: Invoice = {
  id: INV,
  job_id: JOB,
  number: 'INV-1001',
  status: 'draft',
  title: 'Deck repair',
  payment_terms: 'net_15',
  due_on: '2026-12-20',
  issued_on: null,
  sent_at: null,
  viewed_at: null,
  voided_at: null,
  replaces: null,
  replaced_by: null,
  quote_id: null,
  created_at: '2026-12-05T00:00:00.000Z',
  items: [{ id: '00000000-0000-4000-8000-000000000101', section: null, name: 'Boards', description: '', quantity: 10, unit: 'ea', unit_price_cents: 2500, line_total_cents: 25_000, taxable: false }],
  discount: null,
  tax_rate_percent: 0,
  notes: '',
  void_reason: null,
  payments: [],
  sends: [],
  totals: { subtotal_cents: 25_000, discount_cents: 0, taxable_cents: 0, tax_cents: 0, total_cents: 25_000, paid_cents: 0, balance_cents: 25_000 },
  updated_at: '2026-12-05T00:00:00.000Z',
};
const summary = (i: Invoice): InvoiceSummary => {
  const { items: _i, payments: _p, discount: _d, tax_rate_percent: _t, notes: _n, void_reason: _v, sends: _s, updated_at: _u, ...rest } = i;
  return rest;
};

// The invoice's online payments panel (the payments feature) asks for its own: none here.
const noOnline: InvoiceOnlinePayments = { enabled: false, reason: 'Online payments are off', allow_partial_payments: false, stripe_configured: false, connection: null, can_manage: true, payments: [], credit_cents: 0 };

/** A server that keeps the invoice: Send turns the draft sent and records the messages. */
function server(first: ReturnType<typeof apiError> | null = null) {
  let stored = DRAFT;
  const sent = ({ body }: { body: { contact_id: string; methods: ('sms' | 'email')[] } }) => {
    const at = '2026-12-05T15:00:00.000Z';
    const sends = body.methods.map((method, n) => ({ id: `00000000-0000-4000-8000-00000000030${n}`, kind: 'send' as const, reminder: null, method, address: method === 'sms' ? '+15555550100' : 'maria@example.test', sent_by: { id: ME, name: 'Alex Crew' }, created_at: at }));
    stored = { ...stored, status: 'sent', issued_on: '2026-12-05', sent_at: at, sends: [...stored.sends, ...sends] };
    return { invoice: stored, link: `http://localhost/i/${INV}.1999999999.${'x'.repeat(43)}`, sent_to: sends.map((s) => ({ method: s.method, address: s.address })) };
  };
  const api = fakeApi()
    .on(invoiceEndpoints.listForJob, () => ({ invoices: [summary(stored)], total: 1 }))
    .on(quoteEndpoints.listForJob, { quotes: [], total: 0 })
    .on(invoiceEndpoints.get, () => stored)
    // As the server searches: the field's text once a contact is chosen ("Maria Garcia · (555) … · maria@…") finds none.
    .on(contactEndpoints.list, ({ query }) => (query?.q?.includes('·') ? { contacts: [], total: 0 } : { contacts: [CONTACT], total: 1 }))
    .on(paymentEndpoints.forInvoice, noOnline);
  return first ? api.on(invoiceEndpoints.send, first, sent) : api.on(invoiceEndpoints.send, sent);
}

describe('sending an invoice', () => {
  it('Send Invoice: the contact named like the client is chosen, text and email go to the server, the draft shows as sent with every message listed', async () => {
    const api = server();
    renderWithProviders(<JobInvoices jobId={JOB} jobTitle="Deck" clientName="Maria Garcia" />);
    await userEvent.click(await screen.findByRole('button', { name: 'Invoice INV-1001' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invoice INV-1001' });
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Send Invoice' }));
    expect(within(dialog).getByText(/Sending issues the invoice today and fixes its due date/)).toBeTruthy();
    const send = within(dialog).getAllByRole('button', { name: 'Send Invoice' }).at(-1)!;
    await waitFor(() => expect(send).toHaveProperty('disabled', false));
    // Where it goes, in full (the field cuts the contact's line off on a phone).
    expect(within(dialog).getByTestId('send-invoice-to').textContent).toBe('Email to maria@example.test · Text message to (555) 555-0100');
    await userEvent.click(send);
    await waitFor(() => expect(api.calls(invoiceEndpoints.send)).toHaveLength(1));
    expect(api.calls(invoiceEndpoints.send)[0]!.body).toEqual({ contact_id: CONTACT.id, methods: ['sms', 'email'] });
    expect(await within(dialog).findByText('Sent to the client')).toBeTruthy();
    expect(within(dialog).getByText(/Sent by Alex Crew · Text message to \+15555550100/)).toBeTruthy();
    expect(within(dialog).getByText(/Sent by Alex Crew · Email to maria@example.test/)).toBeTruthy();
    // Sent: it can be sent again, and its link copied.
    expect(within(dialog).getByRole('button', { name: 'Send Again' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Copy Client Link' })).toBeTruthy();
    expect(api.problems).toEqual([]);
  }, 30_000);

  it('the server’s refusal is shown in its words and the panel stays open to try again', async () => {
    const api = server(apiError(400, 'VALIDATION_ERROR', 'This contact has no email address', [{ field: 'contact_id', message: 'This contact has no email address' }]));
    renderWithProviders(<JobInvoices jobId={JOB} jobTitle="Deck" clientName="Maria Garcia" />);
    await userEvent.click(await screen.findByRole('button', { name: 'Invoice INV-1001' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invoice INV-1001' });
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Send Invoice' }));
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Text message' }));
    const send = within(dialog).getAllByRole('button', { name: 'Send Invoice' }).at(-1)!;
    await waitFor(() => expect(send).toHaveProperty('disabled', false));
    expect(within(dialog).getByTestId('send-invoice-to').textContent).toBe('Email to maria@example.test');
    await userEvent.click(send);
    expect(await within(dialog).findByText('This contact has no email address')).toBeTruthy();
    expect(api.calls(invoiceEndpoints.send)[0]!.body).toEqual({ contact_id: CONTACT.id, methods: ['email'] });
    await userEvent.click(within(dialog).getAllByRole('button', { name: 'Send Invoice' }).at(-1)!);
    expect(await within(dialog).findByText('Sent to the client')).toBeTruthy();
    expect(api.problems).toEqual([]);
  }, 30_000);
});
