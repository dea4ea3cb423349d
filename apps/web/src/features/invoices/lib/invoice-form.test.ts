import { describe, expect, it } from 'vitest';
import { emptyInvoiceDraft, liveInvoiceTotals, newLine, toInvoiceBody, validateInvoiceDraft, type InvoiceDraft } from './invoice-form';

const draft = (over: Partial<InvoiceDraft> = {}): InvoiceDraft => ({
  ...emptyInvoiceDraft('Kitchen remodel'),
  items: [newLine({ name: 'Cabinet install', quantity: '12.5', price: '85', taxable: false }), newLine({ name: 'Oak cabinets', quantity: '6', price: '$420.00' })],
  discount: '100',
  taxRate: '8.25',
  terms: 'net_15',
  ...over,
});

describe('invoice form', () => {
  it('turns typed dollars into cents and leaves blank lines out', () => {
    const body = toInvoiceBody(draft({ items: [...draft().items, newLine()] }));
    expect(body).toMatchObject({
      title: 'Kitchen remodel',
      items: [
        { name: 'Cabinet install', quantity: 12.5, unit_price_cents: 8500, taxable: false },
        { name: 'Oak cabinets', quantity: 6, unit_price_cents: 42_000, taxable: true },
      ],
      discount: { type: 'amount', cents: 10_000 },
      tax_rate_percent: 8.25,
      payment_terms: 'net_15',
      due_on: null,
    });
  });

  it('shows the totals as typed with the money module the server uses (discount spread, tax on taxable lines)', () => {
    expect(liveInvoiceTotals(draft())).toEqual({ subtotal_cents: 358_250, discount_cents: 10_000, taxable_cents: 244_966, tax_cents: 20_210, total_cents: 368_460, paid_cents: 0, balance_cents: 368_460 });
    // A price not readable yet is left out of the preview, never counted as 0 in what is saved.
    expect(liveInvoiceTotals(draft({ items: [newLine({ name: 'x', price: 'abc' })], discount: '', taxRate: '' })).total_cents).toBe(0);
  });

  it('names the field the contract refuses: a line, the custom due date', () => {
    const bad = draft({ items: [newLine({ name: '', price: '12' })], terms: 'custom', dueOn: '' });
    const errors = validateInvoiceDraft(bad);
    expect(errors[`items.${bad.items[0]!.key}.name`]).toBe('Each line needs a name');
    expect(errors.dueOn).toBe('Choose the due date');
    expect(validateInvoiceDraft(draft())).toEqual({});
  });
});
