import { QuoteBodySchema } from '@fieldbook/contract';
import { describe, expect, it } from 'vitest';
import { dollarsToCents, emptyDraft, newItem, toQuoteBody, validateQuoteDraft, type QuoteDraft } from './quote-form';

const draftOf = (over: Partial<QuoteDraft>): QuoteDraft => ({ ...emptyDraft(new Date('2026-11-26T00:00:00Z')), title: 'Roof', ...over });

describe('quote form', () => {
  it('dollars typed become whole cents: $1,234.5 → 123450, 0.1 → 10; what is not an amount is NaN, never 0', () => {
    expect(dollarsToCents('$1,234.5')).toBe(123_450);
    expect(dollarsToCents(' $ 1,200.50 ')).toBe(120_050);
    expect(dollarsToCents('0.1')).toBe(10);
    expect(dollarsToCents('-$5')).toBe(-500);
    for (const odd of ['abc', '', '19.999', '12,34', '$']) expect(dollarsToCents(odd)).toBeNaN();
  });

  it('the body the server checks: blank rows left out, options by index, % and $ adjustments', () => {
    const draft = draftOf({
      options: ['Good', 'Better'],
      items: [newItem({ name: 'Shingles', quantity: '24', price: '125', option: '1' }), newItem({ name: '  ' }), newItem({ name: 'Gutters', quantity: '120.5', price: '8.99', optional: true, taxable: false })],
      discount: '5',
      taxRate: '8.25',
      depositType: 'amount' as const,
      deposit: '1000',
    });
    const body = toQuoteBody(draft);
    expect(body.items).toHaveLength(2);
    expect(body.items![0]).toMatchObject({ name: 'Shingles', quantity: 24, unit_price_cents: 12_500, option: 1 });
    expect(body.items![1]).toMatchObject({ quantity: 120.5, unit_price_cents: 899, optional: true, taxable: false, option: null });
    expect(body).toMatchObject({ discount: { type: 'percent', percent: 5 }, tax_rate_percent: 8.25, deposit: { type: 'amount', cents: 100_000 }, expires_on: '2026-12-26' });
    expect(QuoteBodySchema.safeParse(body).success).toBe(true);
    expect(validateQuoteDraft(draft)).toEqual({});
  });

  it('a "$" typed in Discount or Deposit is read, not dropped (issue 32 item 6)', () => {
    const body = toQuoteBody(draftOf({ items: [newItem({ name: 'Roof', price: '10000' })], discountType: 'amount', discount: '$1,200.50', depositType: 'amount', deposit: '$500', taxRate: '8.25%' }));
    expect(body).toMatchObject({ discount: { type: 'amount', cents: 120_050 }, deposit: { type: 'amount', cents: 50_000 }, tax_rate_percent: 8.25 });
  });

  it('a blank middle option keeps its place: its lines and the later options’ lines stay where they were, and the blank name is an error at its field (issue 32 item 6)', () => {
    const gutters = newItem({ name: 'Gutters', price: '9', option: '2' });
    const draft = draftOf({ options: ['Good', '  ', 'Best'], items: [newItem({ name: 'Shingles', price: '95', option: '0' }), gutters] });
    const body = toQuoteBody(draft);
    // Before: the blank name was dropped, so "Best" became option 1 and its gutters moved to every option.
    expect(body.options!.map((o) => o.name.trim())).toEqual(['Good', '', 'Best']);
    expect(body.items!.map((i) => i.option)).toEqual([0, 2]);
    expect(validateQuoteDraft(draft)).toEqual({ 'options.1': 'Name each option' });
  });

  it('blank or odd quantities, negative or odd prices and unreadable adjustments are errors at their fields, not 0 (issue 32 item 6)', () => {
    const blank = newItem({ name: 'Tear-off', quantity: '', price: '45' });
    const odd = newItem({ name: 'Gutters', quantity: '2 sq', price: '9' });
    const negative = newItem({ name: 'Credit', quantity: '1', price: '-50' });
    const junk = newItem({ name: 'Vent', quantity: '1', price: 'twelve' });
    const errors = validateQuoteDraft(draftOf({ items: [blank, odd, negative, junk], discountType: 'amount', discount: 'ten', depositType: 'percent', deposit: '30%%' }));
    expect(errors).toEqual({
      [`items.${blank.key}.quantity`]: 'Enter the quantity as a number, e.g. 2 or 1.5',
      [`items.${odd.key}.quantity`]: 'Enter the quantity as a number, e.g. 2 or 1.5',
      [`items.${negative.key}.price`]: 'Amounts cannot be negative',
      [`items.${junk.key}.price`]: 'Enter an amount in dollars, e.g. 1,200.50',
      discount: 'Enter an amount in dollars, e.g. 1,200.50',
      deposit: 'Enter a percentage, e.g. 8.25',
    });
  });
});

describe('live totals (issue 32 item 9)', () => {
  it('per option, as the server computes them: base lines in every option, optional lines out, discount, tax and deposit', async () => {
    const { liveTotals } = await import('./quote-form');
    const draft = draftOf({
      options: ['Good', 'Better'],
      items: [
        newItem({ name: 'Tear-off', quantity: '24', price: '45', taxable: false }),
        newItem({ name: '3-tab', quantity: '24', price: '95', option: '0' }),
        newItem({ name: 'Architectural', quantity: '24', price: '125', option: '1' }),
        newItem({ name: 'Skylight', quantity: '1', price: '900', optional: true }),
        newItem({ name: 'Half typed', quantity: '2', price: 'abc' }),
      ],
      taxRate: '8.25',
      depositType: 'amount',
      deposit: '1000',
    });
    const live = liveTotals(draft);
    expect(live.skippedLines).toBe(1);
    expect(live.options.map((o) => o.name)).toEqual(['Good', 'Better']);
    // Good: 1080 + 2280 = 3360; tax 8.25 % of 2280 = 188.10; total 3548.10; deposit 1000.
    expect(live.options[0]!.totals).toEqual({ subtotal_cents: 336_000, discount_cents: 0, taxable_cents: 228_000, tax_cents: 18_810, total_cents: 354_810, deposit_cents: 100_000, balance_cents: 254_810 });
    // Better: 1080 + 3000 = 4080; tax 8.25 % of 3000 = 247.50.
    expect(live.options[1]!.totals).toMatchObject({ subtotal_cents: 408_000, tax_cents: 24_750, total_cents: 432_750 });
    expect(live.totals).toEqual(live.options[0]!.totals);
  });
});
