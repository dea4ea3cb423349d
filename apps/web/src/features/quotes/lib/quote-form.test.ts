import { QuoteBodySchema } from '@fieldbook/contract';
import { describe, expect, it } from 'vitest';
import { dollarsToCents, emptyDraft, newItem, toQuoteBody } from './quote-form';

describe('quote form', () => {
  it('dollars typed become whole cents: $1,234.5 → 123450, 19.999 → 2000, junk → 0', () => {
    expect(dollarsToCents('$1,234.5')).toBe(123_450);
    expect(dollarsToCents('19.999')).toBe(2000);
    expect(dollarsToCents('0.1')).toBe(10);
    expect(dollarsToCents('abc')).toBe(0);
  });

  it('the body the server checks: blank rows left out, options by index, % and $ adjustments', () => {
    const draft = {
      ...emptyDraft(new Date('2026-11-26T00:00:00Z')),
      title: 'Roof',
      options: ['Good', 'Better'],
      items: [newItem({ name: 'Shingles', quantity: '24', price: '125', option: '1' }), newItem({ name: '  ' }), newItem({ name: 'Gutters', quantity: '120.5', price: '8.99', optional: true, taxable: false })],
      discount: '5',
      taxRate: '8.25',
      depositType: 'amount' as const,
      deposit: '1000',
    };
    const body = toQuoteBody(draft);
    expect(body.items).toHaveLength(2);
    expect(body.items![0]).toMatchObject({ name: 'Shingles', quantity: 24, unit_price_cents: 12_500, option: 1 });
    expect(body.items![1]).toMatchObject({ quantity: 120.5, unit_price_cents: 899, optional: true, taxable: false, option: null });
    expect(body).toMatchObject({ discount: { type: 'percent', percent: 5 }, tax_rate_percent: 8.25, deposit: { type: 'amount', cents: 100_000 }, expires_on: '2026-12-26' });
    expect(QuoteBodySchema.safeParse(body).success).toBe(true);
  });
});
