import {
  InvoiceBodySchema,
  invoiceMoneyLines,
  invoiceTotals,
  parseDecimal,
  parseDollarsToCents,
  toThousandths,
  type Invoice,
  type InvoiceBody,
  type InvoiceTotals,
  type PaymentTerms,
} from '@fieldbook/contract';

/** The editor's values: money typed in dollars, turned into cents only here (the server computes every saved total). */
export type LineDraft = { key: string; section: string; name: string; description: string; quantity: string; unit: string; price: string; taxable: boolean };
export type InvoiceDraft = {
  title: string;
  items: LineDraft[];
  discountType: 'amount' | 'percent';
  discount: string;
  taxRate: string;
  terms: PaymentTerms;
  dueOn: string;
  notes: string;
};

/** Text that is not an amount or a number becomes NaN, never 0: the contract's schema then names the field. */
export const dollarsToCents = (text: string) => parseDollarsToCents(text) ?? Number.NaN;
const num = (text: string, opts: { percent?: boolean } = {}) => parseDecimal(text, opts) ?? Number.NaN;
export const centsToDollars = (cents: number) => (cents / 100).toFixed(2);

let counter = 0;
export const newLine = (over: Partial<LineDraft> = {}): LineDraft => ({ key: `l${++counter}`, section: '', name: '', description: '', quantity: '1', unit: '', price: '', taxable: true, ...over });

export function emptyInvoiceDraft(title: string): InvoiceDraft {
  return { title, items: [newLine()], discountType: 'amount', discount: '', taxRate: '', terms: 'due_on_receipt', dueOn: '', notes: '' };
}

export function draftFromInvoice(i: Invoice): InvoiceDraft {
  return {
    title: i.title,
    items: i.items.map((l) => newLine({ section: l.section ?? '', name: l.name, description: l.description, quantity: String(l.quantity), unit: l.unit, price: centsToDollars(l.unit_price_cents), taxable: l.taxable })),
    discountType: i.discount?.type ?? 'amount',
    discount: !i.discount ? '' : i.discount.type === 'amount' ? centsToDollars(i.discount.cents) : String(i.discount.percent),
    taxRate: i.tax_rate_percent ? String(i.tax_rate_percent) : '',
    terms: i.payment_terms,
    dueOn: i.payment_terms === 'custom' ? (i.due_on ?? '') : '',
    notes: i.notes,
  };
}

/** The request body the server checks (blank lines left out; blank discount and tax are none). */
export function toInvoiceBody(d: InvoiceDraft): InvoiceBody {
  const discount = d.discount.trim() === '' ? null : d.discountType === 'amount' ? { type: 'amount' as const, cents: dollarsToCents(d.discount) } : { type: 'percent' as const, percent: num(d.discount, { percent: true }) };
  return {
    title: d.title,
    items: d.items
      .filter((l) => l.name.trim() || l.price.trim())
      .map((l) => ({ section: l.section.trim() || null, name: l.name, description: l.description, quantity: num(l.quantity), unit: l.unit, unit_price_cents: dollarsToCents(l.price), taxable: l.taxable })),
    discount,
    tax_rate_percent: d.taxRate.trim() === '' ? 0 : num(d.taxRate, { percent: true }),
    payment_terms: d.terms,
    due_on: d.terms === 'custom' ? d.dueOn || null : null,
    notes: d.notes,
  };
}

/** Field → message from the contract's schema: '' for a body the server would take. items.<n>.<field> names a line. */
export function validateInvoiceDraft(d: InvoiceDraft): Record<string, string> {
  const parsed = InvoiceBodySchema.safeParse(toInvoiceBody(d));
  if (parsed.success) return {};
  const kept = d.items.filter((l) => l.name.trim() || l.price.trim());
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const [head, index, field] = issue.path.map(String);
    const key = head === 'items' && index !== undefined && kept[Number(index)] ? `items.${kept[Number(index)]!.key}.${field === 'unit_price_cents' ? 'price' : field}` : head === 'discount' ? 'discount' : head === 'tax_rate_percent' ? 'taxRate' : head === 'due_on' ? 'dueOn' : (head ?? 'form');
    errors[key] ??= issue.message;
  }
  return errors;
}

/** The totals as typed (the contract's money module; lines that do not read yet are left out), paid so far kept. */
export function liveInvoiceTotals(d: InvoiceDraft, paid = 0): InvoiceTotals {
  const body = toInvoiceBody(d);
  const lines = (body.items ?? [])
    .map((l, n) => ({ id: String(n), quantityMilli: toThousandths(l.quantity), unitPriceCents: l.unit_price_cents, taxable: l.taxable ?? true }))
    .filter((l) => Number.isFinite(l.quantityMilli) && Number.isFinite(l.unitPriceCents) && l.quantityMilli >= 0 && l.unitPriceCents >= 0);
  const discount = body.discount && Object.values(body.discount).every((v) => typeof v === 'string' || (Number.isFinite(v) && (v as number) >= 0)) ? body.discount : null;
  const tax = Number.isFinite(body.tax_rate_percent) && (body.tax_rate_percent ?? 0) >= 0 ? toThousandths(body.tax_rate_percent ?? 0) : 0;
  const terms = { discount: discount ? (discount.type === 'amount' ? discount : { type: 'percent' as const, milliPercent: toThousandths(discount.percent) }) : null, taxRateMilliPercent: tax };
  return invoiceTotals(invoiceMoneyLines(lines), terms, paid);
}
