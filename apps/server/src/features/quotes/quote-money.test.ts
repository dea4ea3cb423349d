import {
  allocate,
  computeTotals,
  formatCents,
  includedLines,
  lineTotalCents,
  mulDivRound,
  PERCENT_SCALE,
  type Adjustment,
  type MoneyLine,
  type MoneyTerms,
} from '@fieldbook/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

/** The money rules of issue 27 (packages/contract/src/quote-money.ts), as properties over any mix of lines. */

const line = (over: Partial<MoneyLine> = {}): MoneyLine => ({ id: crypto.randomUUID(), quantityMilli: 1000, unitPriceCents: 100, taxable: true, optional: false, option: null, ...over });

const lineArb = fc.record({
  id: fc.uuid(),
  quantityMilli: fc.integer({ min: 0, max: 100_000_000 }),
  unitPriceCents: fc.integer({ min: 0, max: 100_000_000 }),
  taxable: fc.boolean(),
  optional: fc.boolean(),
  option: fc.option(fc.integer({ min: 0, max: 2 }), { nil: null }),
});
const adjustmentArb: fc.Arbitrary<Adjustment> = fc.oneof(
  fc.constant(null),
  fc.record({ type: fc.constant('amount' as const), cents: fc.integer({ min: 0, max: 10_000_000_000 }) }),
  fc.record({ type: fc.constant('percent' as const), milliPercent: fc.integer({ min: 0, max: PERCENT_SCALE }) }),
);
const termsArb: fc.Arbitrary<MoneyTerms> = fc.record({ discount: adjustmentArb, taxRateMilliPercent: fc.integer({ min: 0, max: 30_000 }), deposit: adjustmentArb });
const caseArb = fc
  .tuple(fc.array(lineArb, { maxLength: 30 }), termsArb, fc.option(fc.integer({ min: 0, max: 2 }), { nil: null }), fc.array(fc.boolean(), { maxLength: 30 }))
  .map(([lines, terms, option, ticks]) => ({ lines, terms, selection: { option, optionalIds: lines.filter((_, i) => ticks[i]).map((l) => l.id) } }));

describe('quote money', () => {
  it('rounds each line half-up once: 1.5 × $0.33 = $0.50, 0.333 × $1.00 = $0.33, 2 × $19.99 = $39.98', () => {
    expect(lineTotalCents({ quantityMilli: 1500, unitPriceCents: 33 })).toBe(50);
    expect(lineTotalCents({ quantityMilli: 333, unitPriceCents: 100 })).toBe(33);
    expect(lineTotalCents({ quantityMilli: 2000, unitPriceCents: 1999 })).toBe(3998);
    expect(lineTotalCents({ quantityMilli: 500, unitPriceCents: 1 })).toBe(1); // half a cent rounds up
    expect(mulDivRound(99_999_999, 99_999_999, 1000)).toBe(9_999_999_800_000); // beyond 2^53 in the product
  });

  it('a worked quote: discount 10 %, tax 8.25 % on the taxable lines after their share of the discount, deposit 30 %', () => {
    const shingles = line({ quantityMilli: 24_000, unitPriceCents: 12_500 }); // $3,000.00 taxable
    const labor = line({ quantityMilli: 1000, unitPriceCents: 125_000, taxable: false }); // $1,250.00
    const totals = computeTotals([shingles, labor], { discount: { type: 'percent', milliPercent: 10_000 }, taxRateMilliPercent: 8250, deposit: { type: 'percent', milliPercent: 30_000 } }, { option: null, optionalIds: [] });
    expect(totals).toEqual({ subtotal_cents: 425_000, discount_cents: 42_500, taxable_cents: 270_000, tax_cents: 22_275, total_cents: 404_775, deposit_cents: 121_433, balance_cents: 283_342 });
    expect(formatCents(totals.total_cents)).toBe('$4,047.75');
  });

  it('options and optional items: the chosen option and the ticked optional lines only', () => {
    const base = line({ unitPriceCents: 1000 });
    const good = line({ unitPriceCents: 2000, option: 0 });
    const better = line({ unitPriceCents: 3000, option: 1 });
    const gutters = line({ unitPriceCents: 500, optional: true });
    const betterExtra = line({ unitPriceCents: 700, optional: true, option: 1 });
    const lines = [base, good, better, gutters, betterExtra];
    const none: MoneyTerms = { discount: null, taxRateMilliPercent: 0, deposit: null };
    expect(computeTotals(lines, none, { option: 0, optionalIds: [] }).subtotal_cents).toBe(3000);
    expect(computeTotals(lines, none, { option: 1, optionalIds: [gutters.id] }).subtotal_cents).toBe(4500);
    // An optional line of Better does not count when Good is chosen, ticked or not.
    expect(computeTotals(lines, none, { option: 0, optionalIds: [gutters.id, betterExtra.id] }).subtotal_cents).toBe(3500);
    expect(computeTotals(lines, none, { option: 1, optionalIds: [betterExtra.id] }).subtotal_cents).toBe(4700);
  });

  it('property: the included lines add up to the subtotal, and no cent is lost between the totals', () => {
    fc.assert(
      fc.property(caseArb, ({ lines, terms, selection }) => {
        const t = computeTotals(lines, terms, selection);
        const included = includedLines(lines, selection);
        expect(t.subtotal_cents).toBe(included.reduce((s, l) => s + lineTotalCents(l), 0));
        expect(t.total_cents).toBe(t.subtotal_cents - t.discount_cents + t.tax_cents);
        expect(t.deposit_cents + t.balance_cents).toBe(t.total_cents);
        for (const v of Object.values(t)) expect(Number.isSafeInteger(v) && v >= 0).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it('property: discount within [0, subtotal], amount capped, percent rounded half-up; deposit within [0, total]', () => {
    fc.assert(
      fc.property(caseArb, ({ lines, terms, selection }) => {
        const t = computeTotals(lines, terms, selection);
        expect(t.discount_cents).toBeLessThanOrEqual(t.subtotal_cents);
        if (terms.discount?.type === 'amount') expect(t.discount_cents).toBe(Math.min(terms.discount.cents, t.subtotal_cents));
        if (terms.discount?.type === 'percent') {
          // Half-up: within half a cent of the exact percentage (checked in BigInt, not with the module's helper).
          const diff = BigInt(t.discount_cents) * BigInt(PERCENT_SCALE) * 2n - BigInt(t.subtotal_cents) * BigInt(terms.discount.milliPercent) * 2n;
          expect(diff >= -BigInt(PERCENT_SCALE) && diff <= BigInt(PERCENT_SCALE)).toBe(true);
        }
        if (!terms.discount) expect(t.discount_cents).toBe(0);
        expect(t.deposit_cents).toBeLessThanOrEqual(t.total_cents);
        if (!terms.deposit) expect(t.deposit_cents).toBe(0);
      }),
      { numRuns: 500 },
    );
  });

  it('property: tax is the rate on the taxable lines after their discount share — none when no line is taxable', () => {
    fc.assert(
      fc.property(caseArb, ({ lines, terms, selection }) => {
        const t = computeTotals(lines, terms, selection);
        const included = includedLines(lines, selection);
        const taxableGross = included.filter((l) => l.taxable).reduce((s, l) => s + lineTotalCents(l), 0);
        expect(t.taxable_cents).toBeLessThanOrEqual(taxableGross);
        expect(t.taxable_cents).toBeGreaterThanOrEqual(taxableGross - t.discount_cents);
        expect(t.tax_cents).toBe(mulDivRound(t.taxable_cents, terms.taxRateMilliPercent, PERCENT_SCALE));
        if (taxableGross === 0) expect(t.tax_cents).toBe(0);
        // All lines taxable: the taxable base is exactly subtotal − discount.
        if (included.every((l) => l.taxable)) expect(t.taxable_cents).toBe(t.subtotal_cents - t.discount_cents);
      }),
      { numRuns: 500 },
    );
  });

  it('property: allocation shares add up exactly, each within a cent of its exact proportion', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), fc.array(fc.integer({ min: 0, max: 10_000_000 }), { minLength: 1, maxLength: 40 }), (amount, weights) => {
        const sum = weights.reduce((a, b) => a + b, 0);
        fc.pre(amount <= sum);
        const shares = allocate(amount, weights);
        expect(shares.reduce((a, b) => a + b, 0)).toBe(sum === 0 ? 0 : amount);
        shares.forEach((s, i) => {
          const exact = sum === 0 ? 0 : (amount * weights[i]!) / sum;
          expect(Math.abs(s - exact)).toBeLessThan(1);
          expect(s).toBeLessThanOrEqual(weights[i]!);
        });
      }),
      { numRuns: 500 },
    );
  });
});
