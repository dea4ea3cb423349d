/**
 * A quote's money, in integer cents (issue 27): one pure module, zod-free, used by the server (which computes and
 * stores every total) and by the homeowner's page (which shows the same numbers while the client chooses).
 *
 * Rules:
 * - A line's total is quantity × unit price rounded half-up to the cent, once, per line. Quantities carry at most
 *   three decimals (thousandths), percentages at most three (PERCENT_SCALE = 100 000 means 100 %).
 * - Included lines: the base lines, the chosen option's lines, and the optional lines the client ticked (an optional
 *   line of an option counts only with that option). Subtotal = the sum of the included lines' totals.
 * - Discount: an amount (capped at the subtotal) or a percent of the subtotal, rounded half-up.
 * - Tax applies to taxable lines after their share of the discount: the discount is spread over the included lines
 *   in proportion to their totals (largest remainder, so the shares add up to the discount exactly), then
 *   tax = taxable base × rate, rounded half-up once.
 * - Total = subtotal − discount + tax. Deposit: an amount (capped at the total) or a percent of the total; balance =
 *   total − deposit.
 */

/** 100 % in the unit percentages are kept in (thousandths of a percent): 8.875 % is 8875. */
export const PERCENT_SCALE = 100_000;
/** Thousandths: a quantity of 1.5 is kept as 1500. */
export const QUANTITY_SCALE = 1000;

export type MoneyLine = {
  id: string;
  /** Thousandths of a unit (QUANTITY_SCALE). */
  quantityMilli: number;
  unitPriceCents: number;
  taxable: boolean;
  optional: boolean;
  /** null: a base line, in every option; 0–2: that option package's line. */
  option: number | null;
};

export type Adjustment = { type: 'amount'; cents: number } | { type: 'percent'; milliPercent: number } | null;

export type MoneyTerms = {
  discount: Adjustment;
  /** Thousandths of a percent (PERCENT_SCALE = 100 %). */
  taxRateMilliPercent: number;
  deposit: Adjustment;
};

export type Selection = { option: number | null; optionalIds: readonly string[] };

export type QuoteTotals = {
  subtotal_cents: number;
  discount_cents: number;
  taxable_cents: number;
  tax_cents: number;
  total_cents: number;
  deposit_cents: number;
  balance_cents: number;
};

/** a × b / d rounded half-up (non-negative inputs), exact for any size: BigInt, since a × b may pass 2^53. */
export function mulDivRound(a: number, b: number, d: number): number {
  if (a < 0 || b < 0 || d <= 0) throw new RangeError('mulDivRound takes non-negative numbers and a positive divisor');
  const n = BigInt(a) * BigInt(b);
  const q = (n * 2n + BigInt(d)) / (2n * BigInt(d));
  return Number(q);
}

/** quantity × unit price, rounded half-up to the cent. */
export function lineTotalCents(line: Pick<MoneyLine, 'quantityMilli' | 'unitPriceCents'>): number {
  return mulDivRound(line.quantityMilli, line.unitPriceCents, QUANTITY_SCALE);
}

/** The lines a selection includes, in their order. */
export function includedLines<L extends MoneyLine>(lines: readonly L[], selection: Selection): L[] {
  const ticked = new Set(selection.optionalIds);
  return lines.filter((l) => (l.option === null || l.option === selection.option) && (!l.optional || ticked.has(l.id)));
}

/**
 * Splits `amount` over `weights` in proportion, each share floored, the cents left over given to the largest
 * remainders (ties: the earlier line): the shares add up to `amount` exactly. All weights zero: nothing shared.
 */
export function allocate(amount: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum === 0 || amount === 0) return weights.map(() => 0);
  const big = BigInt(amount);
  const bigSum = BigInt(sum);
  const shares = weights.map((w) => Number((big * BigInt(w)) / bigSum));
  const remainders = weights.map((w, i) => ({ i, r: (big * BigInt(w)) % bigSum }));
  let left = amount - shares.reduce((a, b) => a + b, 0);
  remainders.sort((x, y) => (x.r === y.r ? x.i - y.i : x.r > y.r ? -1 : 1));
  for (const { i } of remainders) {
    if (left === 0) break;
    shares[i]! += 1;
    left -= 1;
  }
  return shares;
}

function adjustmentCents(adj: Adjustment, base: number): number {
  if (!adj) return 0;
  if (adj.type === 'amount') return Math.min(adj.cents, base);
  return Math.min(mulDivRound(base, adj.milliPercent, PERCENT_SCALE), base);
}

/** Every total of a quote for one selection (see the rules at the top). */
export function computeTotals(lines: readonly MoneyLine[], terms: MoneyTerms, selection: Selection): QuoteTotals {
  const included = includedLines(lines, selection);
  const amounts = included.map(lineTotalCents);
  const subtotal = amounts.reduce((a, b) => a + b, 0);
  const discount = adjustmentCents(terms.discount, subtotal);
  const shares = allocate(discount, amounts);
  const taxable = included.reduce((sum, l, i) => (l.taxable ? sum + amounts[i]! - shares[i]! : sum), 0);
  const tax = mulDivRound(taxable, terms.taxRateMilliPercent, PERCENT_SCALE);
  const total = subtotal - discount + tax;
  const deposit = adjustmentCents(terms.deposit, total);
  return { subtotal_cents: subtotal, discount_cents: discount, taxable_cents: taxable, tax_cents: tax, total_cents: total, deposit_cents: deposit, balance_cents: total - deposit };
}

/** The option packages a quote's lines use (0–2), in order; [] when every line is a base line. */
export function optionIndexes(lines: readonly Pick<MoneyLine, 'option'>[]): number[] {
  return [...new Set(lines.map((l) => l.option).filter((o): o is number => o !== null))].sort((a, b) => a - b);
}

/** $1,234.56 (US dollars; negative amounts with a leading minus). */
export function formatCents(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const dollars = Math.floor(abs / 100).toLocaleString('en-US');
  return `${sign}$${dollars}.${String(abs % 100).padStart(2, '0')}`;
}

/**
 * Dollars as a contractor types them — "1200.5", "$1,200.50", " $ 45 ", "-$5" — in cents; null when the text is not an
 * amount of dollars and cents (blank, letters, "1.234", "12,34"). A negative amount comes back negative, so the
 * contract's schema names what is wrong with it (issue 32 item 6: nothing typed is dropped or turned into 0 silently).
 */
export function parseDollarsToCents(text: string): number | null {
  let t = text.replace(/\s+/g, '');
  const negative = /^-\$|^\$-|^-/.test(t);
  t = t.replace(/^-?\$?-?/, '');
  const m = /^(\d{1,3}(?:,\d{3})+|\d+)?(?:\.(\d{0,2}))?$/.exec(t);
  if (!m || (m[1] === undefined && !m[2])) return null;
  const cents = Number((m[1] ?? '0').replaceAll(',', '')) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
  return negative ? -cents : cents;
}

/**
 * A number as typed in a quantity or a percentage — "2", "1.5", "1,000", "8.25 %" — or null when it is not one
 * (blank, "2 sq", "1/2"). Decimals and signs are kept as typed: the contract's schema refuses what it does not take.
 */
export function parseDecimal(text: string, opts: { percent?: boolean } = {}): number | null {
  let t = text.replace(/\s+/g, '');
  if (opts.percent) t = t.replace(/%$/, '');
  if (!/^-?(\d{1,3}(,\d{3})+|\d+)?(\.\d+)?$/.test(t) || !/\d/.test(t)) return null;
  return Number(t.replaceAll(',', ''));
}

/** A decimal (≤ 3 places) as thousandths: 1.5 → 1500; 8.875 → 8875. */
export function toThousandths(value: number): number {
  return Math.round(value * 1000);
}

/**
 * A payment schedule's part (issue 33, progress invoicing): a percentage of the approved amount (thousandths of a
 * percent, PERCENT_SCALE = 100 %), a fixed amount, or the final part — what is left.
 */
export type SchedulePartTerms = { kind: 'percent'; milliPercent: number } | { kind: 'amount'; cents: number } | { kind: 'final' };

export type ScheduleSplit = {
  /** Each part's cents, in the parts' order; the final part's is the remainder (0 when the others take it all or more). */
  cents: number[];
  /** The parts before the final one, added up. */
  othersCents: number;
  /** What the schedule bills in all: the approved amount, or more when the other parts alone exceed it. */
  totalCents: number;
  /** totalCents − approved: above 0 only when the schedule bills more than was approved. */
  overCents: number;
};

/**
 * Splits an approved amount (cents) into a schedule's parts, with no cent lost: each percentage part is rounded down
 * to the cent (so percentages adding up to 100 % never take more than the approved amount), a fixed part is its
 * amount, and the final part — there is at most one — takes the remainder, rounding cents included. Without a final
 * part the parts are what they are (the schedule may then bill less or more than approved). The parts add up to the
 * approved amount exactly whenever there is a final part and the others do not exceed it (`overCents` 0).
 */
export function splitSchedule(approvedCents: number, parts: readonly SchedulePartTerms[]): ScheduleSplit {
  if (!Number.isSafeInteger(approvedCents) || approvedCents < 0) throw new RangeError('splitSchedule takes a non-negative whole number of cents');
  if (parts.filter((p) => p.kind === 'final').length > 1) throw new RangeError('A schedule has at most one final part');
  const cents = parts.map((p) => (p.kind === 'percent' ? mulDivFloor(approvedCents, p.milliPercent, PERCENT_SCALE) : p.kind === 'amount' ? p.cents : 0));
  const othersCents = cents.reduce((a, b) => a + b, 0);
  const finalAt = parts.findIndex((p) => p.kind === 'final');
  if (finalAt >= 0) cents[finalAt] = Math.max(0, approvedCents - othersCents);
  const totalCents = cents.reduce((a, b) => a + b, 0);
  return { cents, othersCents, totalCents, overCents: Math.max(0, totalCents - approvedCents) };
}

/** a × b / d rounded down (non-negative inputs), exact for any size. */
function mulDivFloor(a: number, b: number, d: number): number {
  if (a < 0 || b < 0 || d <= 0) throw new RangeError('mulDivFloor takes non-negative numbers and a positive divisor');
  return Number((BigInt(a) * BigInt(b)) / BigInt(d));
}
