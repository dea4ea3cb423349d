import { PaymentScheduleBodySchema, SCHEDULE_FINAL_LAST } from '@fieldbook/contract';
import { describe, expect, it } from 'vitest';
import { addPart, defaultParts, firstProblem, preview, toBody } from './schedule-form';

describe('the payment schedule form', () => {
  it('starts with the deposit (when the quote has one), a 40 % progress payment and the final payment, which split the approved amount exactly', () => {
    const parts = defaultParts(120_000);
    expect(parts.map((p) => [p.kind, p.name])).toEqual([
      ['deposit', 'Deposit'],
      ['percent', 'Progress payment'],
      ['final', 'Final payment'],
    ]);
    expect(preview(parts, 400_001, 120_000).cents).toEqual([120_000, 160_000, 120_001]);
    expect(PaymentScheduleBodySchema.safeParse(toBody(parts, false)).success).toBe(true);
    expect(defaultParts(0).map((p) => p.kind)).toEqual(['percent', 'final']);
  });

  it('adds a part before the final one; text that is not a number is named, never dropped or read as 0', () => {
    const parts = addPart(defaultParts(0));
    expect(parts.map((p) => p.kind)).toEqual(['percent', 'percent', 'final']);
    parts[1] = { ...parts[1]!, kind: 'amount', amount: '1,2x' };
    expect(firstProblem(parts, false)).toBe('Enter an amount in dollars, e.g. 1,200.50');
    parts[1] = { ...parts[1]!, amount: '$1,250.50' };
    expect(firstProblem(parts, false)).toBeNull();
    expect(toBody(parts, false).parts[1]).toMatchObject({ kind: 'amount', amount_cents: 125_050, percent: null });
    expect(firstProblem([...parts].reverse(), false)).toBe(SCHEDULE_FINAL_LAST);
  });

  it('shows a schedule over the approved amount as it is typed: the final part takes nothing and the excess is reported', () => {
    const parts = defaultParts(0);
    parts[0] = { ...parts[0]!, percent: '100' };
    const extra = addPart(parts);
    extra[1] = { ...extra[1]!, kind: 'amount', amount: '50' };
    const split = preview(extra, 100_000, 0);
    expect(split).toMatchObject({ cents: [100_000, 5_000, 0], totalCents: 105_000, overCents: 5_000 });
  });
});
