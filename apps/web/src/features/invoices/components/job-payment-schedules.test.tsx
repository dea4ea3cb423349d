import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { paymentScheduleEndpoints, type Invoice, type JobPaymentSchedules as ScheduleList, type PaymentSchedule } from '@fieldbook/contract';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { JobPaymentSchedules } from './job-payment-schedules';

const JOB = '00000000-0000-4000-8000-000000000001';
const QUOTE = '00000000-0000-4000-8000-000000000004';
const SCHEDULE = '00000000-0000-4000-8000-000000000010';
const part = (n: number) => `00000000-0000-4000-8000-00000000002${n}`;
const INV = '00000000-0000-4000-8000-000000000030';

const schedule: PaymentSchedule = {
  id: SCHEDULE,
  job_id: JOB,
  quote_id: QUOTE,
  quote_number: 'Q-1001',
  quote_title: 'New fence',
  approved_cents: 400_000,
  deposit_cents: 120_000,
  total_cents: 400_000,
  over_cents: 0,
  over_approved: false,
  updated_at: '2026-12-05T00:00:00.000Z',
  parts: [
    { id: part(1), kind: 'deposit', name: 'Deposit', percent: null, amount_cents: null, cents: 120_000, due_trigger: 'on_approval', due_on: null, invoice: { id: INV, number: 'INV-1001', status: 'paid', balance_cents: 0 } },
    { id: part(2), kind: 'percent', name: 'Progress payment', percent: 40, amount_cents: null, cents: 160_000, due_trigger: 'on_date', due_on: '2026-12-20', invoice: null },
    { id: part(3), kind: 'final', name: 'Final payment', percent: null, amount_cents: null, cents: 120_000, due_trigger: 'on_completion', due_on: null, invoice: null },
  ],
};

const draftInvoice = (id: string): Invoice => ({
  id,
  job_id: JOB,
  number: 'INV-1002',
  status: 'draft',
  title: 'New fence — Progress payment',
  totals: { subtotal_cents: 160_000, discount_cents: 0, taxable_cents: 0, tax_cents: 0, total_cents: 160_000, paid_cents: 0, balance_cents: 160_000 },
  payment_terms: 'custom',
  due_on: '2026-12-20',
  issued_on: null,
  sent_at: null,
  viewed_at: null,
  voided_at: null,
  replaces: null,
  replaced_by: null,
  quote_id: QUOTE,
  created_at: '2026-12-05T00:00:00.000Z',
  items: [{ id: '00000000-0000-4000-8000-000000000101', section: null, name: 'Progress payment (2 of 3) — 40% of Q-1001', description: '', quantity: 1, unit: '', unit_price_cents: 160_000, line_total_cents: 160_000, taxable: false }],
  discount: null,
  tax_rate_percent: 0,
  notes: '',
  void_reason: null,
  payments: [],
  sends: [],
  updated_at: '2026-12-05T00:00:00.000Z',
});

describe('JobPaymentSchedules', () => {
  it('a member sees the parts, their amounts, when each is due and its invoice, and makes a part an invoice with one click; no editing', async () => {
    const list: ScheduleList = { schedules: [schedule], quotes: [], can_edit: false };
    const api = fakeApi()
      .on(paymentScheduleEndpoints.listForJob, list)
      .on(paymentScheduleEndpoints.invoicePart, ({ params }) => draftInvoice(params.id === part(2) ? '00000000-0000-4000-8000-000000000031' : INV));
    renderWithProviders(<JobPaymentSchedules jobId={JOB} />);
    const rows = await screen.findAllByTestId('schedule-part-row');
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringContaining('1 of 3 · Deposit$1,200.00 · On approval'),
      expect.stringContaining('2 of 3 · Progress payment40% · $1,600.00 · Due Dec 20'),
      expect.stringContaining('3 of 3 · Final paymentthe rest · $1,200.00 · On completion'),
    ]);
    expect(within(rows[0]!).getByRole('button', { name: 'Invoice INV-1001' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Edit schedule' })).toBeNull();
    await userEvent.click(within(rows[1]!).getByRole('button', { name: 'Create invoice' }));
    await waitFor(() => expect(api.calls(paymentScheduleEndpoints.invoicePart).map((c) => c.params)).toEqual([{ id: part(2) }]));
    expect(api.problems).toEqual([]);
  });

  it('an admin bills an approved quote in parts: the deposit, 40 % and the rest, the amounts as typed; over the approved amount it says so and saves only once confirmed', async () => {
    const list: ScheduleList = { schedules: [], quotes: [{ quote_id: QUOTE, number: 'Q-1001', title: 'New fence', approved_cents: 400_000, deposit_cents: 120_000, invoiced_by: null }], can_edit: true };
    const api = fakeApi()
      .on(paymentScheduleEndpoints.listForJob, list)
      .on(paymentScheduleEndpoints.save, ({ body }) => ({ ...schedule, over_approved: body.over_approved, parts: schedule.parts.map((p) => ({ ...p, invoice: null })) }));
    renderWithProviders(<JobPaymentSchedules jobId={JOB} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Bill Q-1001 in parts' }));
    const amounts = () => screen.getAllByTestId('schedule-part-amount').map((a) => a.textContent);
    expect(amounts()).toEqual(['Deposit on approval · $1,200.00', '$1,600.00', 'What is left · $1,200.00']);

    const percent = screen.getByLabelText('Percent of approved');
    await userEvent.clear(percent);
    await userEvent.type(percent, '80');
    expect(amounts()).toEqual(['Deposit on approval · $1,200.00', '$3,200.00', 'What is left · $0.00']);
    expect(screen.getByText('The schedule totals $4,400.00, more than the approved $4,000.00')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Save schedule' }));
    expect(screen.getByTestId('schedule-error').textContent).toBe('The schedule totals $4,400.00, more than the approved $4,000.00');
    expect(api.calls(paymentScheduleEndpoints.save)).toEqual([]);

    await userEvent.click(screen.getByLabelText('Bill $400.00 more than the approved amount'));
    await userEvent.click(screen.getByRole('button', { name: 'Save schedule' }));
    await waitFor(() => expect(api.calls(paymentScheduleEndpoints.save)).toHaveLength(1));
    expect(api.calls(paymentScheduleEndpoints.save)[0]!.body).toMatchObject({
      over_approved: true,
      parts: [
        { kind: 'deposit', name: 'Deposit', due_trigger: 'on_approval' },
        { kind: 'percent', name: 'Progress payment', percent: 80 },
        { kind: 'final', name: 'Final payment' },
      ],
    });
    expect(api.problems).toEqual([]);
  });

  it('shows nothing on a job without an approved quote', async () => {
    const api = fakeApi().on(paymentScheduleEndpoints.listForJob, { schedules: [], quotes: [], can_edit: true });
    renderWithProviders(<JobPaymentSchedules jobId={JOB} />);
    await waitFor(() => expect(api.calls(paymentScheduleEndpoints.listForJob)).toHaveLength(1));
    await waitFor(() => expect(document.querySelector('.mantine-Skeleton-root')).toBeNull());
    expect(screen.queryByText('Payment schedule')).toBeNull();
  });
});
