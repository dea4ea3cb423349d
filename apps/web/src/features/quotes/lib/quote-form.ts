import type { Quote, QuoteBody } from '@fieldbook/contract';

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

/** '12.5' → 1250; '' or junk → 0 (the server refuses what is wrong with its own messages). */
export function dollarsToCents(text: string): number {
  const n = Number(text.replace(/[$,\s]/g, ''));
  return Number.isFinite(n) && n > 0 ? Math.round(n * 100) : 0;
}
const num = (text: string) => {
  const n = Number(text.replace(/[,\s%]/g, ''));
  return Number.isFinite(n) ? n : 0;
};
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
  if (!value.trim() || num(value) === 0) return null;
  return type === 'amount' ? { type, cents: dollarsToCents(value) } : { type, percent: num(value) };
};

/** The request body the server checks (QuoteBodySchema). Blank rows are left out; an option's lines follow the option names kept. */
export function toQuoteBody(d: QuoteDraft): QuoteBody {
  const options = d.options.map((o) => o.trim()).filter(Boolean);
  return {
    title: d.title,
    options: options.map((name) => ({ name })),
    items: d.items
      .filter((i) => i.name.trim())
      .map((i) => ({
        ...(i.id ? { id: i.id } : {}),
        section: i.section.trim() || null,
        name: i.name,
        description: i.description,
        quantity: num(i.quantity),
        unit: i.unit,
        unit_price_cents: dollarsToCents(i.price),
        taxable: i.taxable,
        optional: i.optional,
        option: i.option === '' || Number(i.option) >= options.length ? null : Number(i.option),
      })),
    discount: adjustment(d.discountType, d.discount),
    tax_rate_percent: num(d.taxRate),
    deposit: adjustment(d.depositType, d.deposit),
    expires_on: d.expiresOn,
    notes: d.notes,
    terms: d.terms,
  };
}
