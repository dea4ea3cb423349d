import { computeTotals, parseDecimal, parseDollarsToCents, QuoteBodySchema, toThousandths, type Adjustment, type MoneyLine, type Quote, type QuoteBody, type QuoteTotalsOut } from '@fieldbook/contract';

/** The editor's values: money typed in dollars, turned into cents only here (the server computes every total). */
export type ItemDraft = {
  key: string;
  id?: string;
  section: string;
  name: string;
  description: string;
  quantity: string;
  unit: string;
  price: string;
  taxable: boolean;
  optional: boolean;
  /** '' for every option, else '0' | '1' | '2'. */
  option: string;
};
export type QuoteDraft = {
  title: string;
  options: string[];
  items: ItemDraft[];
  discountType: 'amount' | 'percent';
  discount: string;
  taxRate: string;
  depositType: 'amount' | 'percent';
  deposit: string;
  expiresOn: string;
  notes: string;
  terms: string;
};

/**
 * '$1,234.50' → 123450 (the contract's parseDollarsToCents). Text that is not an amount becomes NaN, never 0: the
 * contract's schema then says what is wrong at the field, and nothing is saved (issue 32 item 6).
 */
export function dollarsToCents(text: string): number {
  return parseDollarsToCents(text) ?? Number.NaN;
}
const num = (text: string, opts: { percent?: boolean } = {}) => parseDecimal(text, opts) ?? Number.NaN;
export const centsToDollars = (cents: number) => (cents / 100).toFixed(2);

let counter = 0;
export const newItem = (over: Partial<ItemDraft> = {}): ItemDraft => ({ key: `i${++counter}`, section: '', name: '', description: '', quantity: '1', unit: '', price: '', taxable: true, optional: false, option: '', ...over });

export function emptyDraft(today: Date): QuoteDraft {
  const expires = new Date(today.getTime() + 30 * 86_400_000).toISOString().slice(0, 10);
  return { title: '', options: [], items: [newItem()], discountType: 'percent', discount: '', taxRate: '', depositType: 'percent', deposit: '', expiresOn: expires, notes: '', terms: '' };
}

export function draftFromQuote(q: Quote): QuoteDraft {
  return {
    title: q.title,
    options: q.options.map((o) => o.name),
    items: q.items.map((i) =>
      newItem({ id: i.id, section: i.section ?? '', name: i.name, description: i.description, quantity: String(i.quantity), unit: i.unit, price: centsToDollars(i.unit_price_cents), taxable: i.taxable, optional: i.optional, option: i.option === null ? '' : String(i.option) }),
    ),
    discountType: q.discount?.type ?? 'percent',
    discount: !q.discount ? '' : q.discount.type === 'amount' ? centsToDollars(q.discount.cents) : String(q.discount.percent),
    taxRate: q.tax_rate_percent ? String(q.tax_rate_percent) : '',
    depositType: q.deposit?.type ?? 'percent',
    deposit: !q.deposit ? '' : q.deposit.type === 'amount' ? centsToDollars(q.deposit.cents) : String(q.deposit.percent),
    expiresOn: q.expires_on,
    notes: q.notes,
    terms: q.terms,
  };
}

const adjustment = (type: 'amount' | 'percent', value: string) => {
  if (!value.trim()) return null;
  if (type === 'amount') {
    const cents = dollarsToCents(value);
    return cents === 0 ? null : { type, cents };
  }
  const percent = num(value, { percent: true });
  return percent === 0 ? null : { type, percent };
};

/** The lines that go to the server: a line without a name is an unused row, left out. */
const keptItems = (d: QuoteDraft) => d.items.filter((i) => i.name.trim());

/**
 * The request body the server checks (QuoteBodySchema). Options keep their places — a line names its option by its
 * place, so a blank name is sent as it is and refused at its field, never dropped (dropping it moved the lines of the
 * options after it to the wrong option, issue 32 item 6).
 */
export function toQuoteBody(d: QuoteDraft): QuoteBody {
  return {
    title: d.title,
    options: d.options.map((name) => ({ name })),
    items: keptItems(d).map((i) => ({
      ...(i.id ? { id: i.id } : {}),
      section: i.section.trim() || null,
      name: i.name,
      description: i.description,
      quantity: num(i.quantity),
      unit: i.unit,
      unit_price_cents: dollarsToCents(i.price),
      taxable: i.taxable,
      optional: i.optional,
      option: i.option === '' ? null : Number(i.option),
    })),
    discount: adjustment(d.discountType, d.discount),
    tax_rate_percent: d.taxRate.trim() ? num(d.taxRate, { percent: true }) : 0,
    deposit: adjustment(d.depositType, d.deposit),
    expires_on: d.expiresOn,
    notes: d.notes,
    terms: d.terms,
  };
}

/**
 * The editor's field errors, keyed by what the editor shows: 'title', 'expiresOn', 'discount', 'taxRate', 'deposit',
 * 'notes', 'terms', 'options', `options.<n>` and `items.<line key>.<name | quantity | price | …>` ('items' for the
 * list). Made from the issues of the contract's schema or from the server's 400 details (the same paths).
 */
export type QuoteFieldErrors = Record<string, string>;

const ITEM_FIELDS: Record<string, string> = { unit_price_cents: 'price' };
const TOP_FIELDS: Record<string, string> = { expires_on: 'expiresOn', tax_rate_percent: 'taxRate', discount: 'discount', deposit: 'deposit' };

export function quoteFieldErrors(d: QuoteDraft, issues: readonly { path: string; message: string }[]): QuoteFieldErrors {
  const kept = keptItems(d);
  const errors: QuoteFieldErrors = {};
  for (const { path, message } of issues) {
    const [head = '', index, field] = path.split('.');
    let key = TOP_FIELDS[head] ?? head;
    if (head === 'options' && index !== undefined) key = `options.${index}`;
    if (head === 'items' && index !== undefined) {
      const line = kept[Number(index)];
      key = line ? `items.${line.key}.${field ? (ITEM_FIELDS[field] ?? field) : 'name'}` : 'items';
    }
    errors[key] ??= message;
  }
  return errors;
}

/** The editor's values checked with the schema the server checks them with: the errors, none when it may be saved. */
export function validateQuoteDraft(d: QuoteDraft): QuoteFieldErrors {
  const parsed = QuoteBodySchema.safeParse(toQuoteBody(d));
  return parsed.success ? {} : quoteFieldErrors(d, parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })));
}

/** A whole, non-negative number: what the money module takes (a value still being typed may be neither). */
const isCount = (n: number) => Number.isSafeInteger(n) && n >= 0;

function liveAdjustment(a: QuoteBody['discount']): Adjustment {
  if (!a) return null;
  if (a.type === 'amount') return isCount(a.cents) ? { type: 'amount', cents: a.cents } : null;
  const milliPercent = toThousandths(a.percent);
  return isCount(milliPercent) ? { type: 'percent', milliPercent } : null;
}

export type LiveTotals = { options: { name: string; totals: QuoteTotalsOut }[]; totals: QuoteTotalsOut; skippedLines: number };

/**
 * The totals of what is on screen, computed as the server computes them (the contract's computeTotals) while the
 * contractor types (issue 32 item 9). Only a preview: the saved quote's totals are the server's. A line whose quantity
 * or price does not read yet (or is negative) is left out and counted in `skippedLines`; so is a discount, tax or
 * deposit that does not read (as none). Optional lines are out, as on the saved quote's totals.
 */
export function liveTotals(d: QuoteDraft): LiveTotals {
  const body = toQuoteBody(d);
  const lines: MoneyLine[] = [];
  let skippedLines = 0;
  (body.items ?? []).forEach((i, n) => {
    const quantityMilli = toThousandths(i.quantity);
    if (!isCount(quantityMilli) || !isCount(i.unit_price_cents)) {
      skippedLines += 1;
      return;
    }
    lines.push({ id: `line-${n}`, quantityMilli, unitPriceCents: i.unit_price_cents, taxable: i.taxable ?? true, optional: i.optional ?? false, option: i.option ?? null });
  });
  const tax = toThousandths(body.tax_rate_percent ?? 0);
  const terms = { discount: liveAdjustment(body.discount), taxRateMilliPercent: isCount(tax) ? tax : 0, deposit: liveAdjustment(body.deposit) };
  return {
    options: d.options.map((name, option) => ({ name, totals: computeTotals(lines, terms, { option, optionalIds: [] }) })),
    totals: computeTotals(lines, terms, { option: d.options.length ? 0 : null, optionalIds: [] }),
    skippedLines,
  };
}
