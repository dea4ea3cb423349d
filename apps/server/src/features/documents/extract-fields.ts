/**
 * The fields a contractor needs from a document's text (spec 001 §3 metadata.extracted_data), and its type.
 * Plain patterns over the text: what the paperwork of this trade prints ("Claim #", "Property Address:", "Total
 * Due"), not a model. Every field is the first match, trimmed; absent fields are left out.
 */
export type ExtractedData = {
  client_name?: string;
  property_address?: string;
  claim_number?: string;
  dates?: string[];
  amounts?: number[];
  total?: number;
};

const LINE_VALUE = '[ \\t]*[:#\\-][ \\t]*([^\\n]{2,120})';
const CLIENT = new RegExp(`\\b(?:client|customer|homeowner|insured|owner|bill to)(?:[ \\t]+name)?${LINE_VALUE}`, 'i');
const ADDRESS = new RegExp(`\\b(?:property|site|job|loss|service)?[ \\t]*(?:address|location)${LINE_VALUE}`, 'i');
const STREET = /\b\d{1,6}\s+(?:[A-Z][A-Za-z]*\s+){1,4}(?:St|Street|Ave|Avenue|Rd|Road|Dr|Drive|Ln|Lane|Blvd|Boulevard|Ct|Court|Way|Pl|Place|Cir|Circle|Hwy|Highway|Pkwy|Parkway|Trl|Trail)\b\.?(?:,?\s+[A-Z][A-Za-z]+(?:\s+[A-Z][A-Za-z]+)*)?(?:,?\s+[A-Z]{2})?(?:\s+\d{5})?/;
const CLAIM = /\bclaim(?:[ \t]*(?:number|no\.?|#|id))?[ \t]*[:#]?[ \t]*([A-Z0-9][A-Z0-9-]{3,30})\b/i;
const DATE = /\b(?:\d{4}-\d{2}-\d{2}|\d{1,2}\/\d{1,2}\/\d{2,4}|(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec)[a-z]*\.?\s+\d{1,2},\s+\d{4})\b/g;
const AMOUNT = /\$\s?(\d{1,3}(?:,\d{3})*(?:\.\d{2})?|\d+(?:\.\d{2})?)/g;
const TOTAL = /\b(?:grand[ \t]+)?total(?:[ \t]+(?:due|amount|cost|price))?[ \t]*:?[ \t]*\$?[ \t]?(\d{1,3}(?:,\d{3})*(?:\.\d{2})?|\d+(?:\.\d{2})?)/gi;

const clean = (s: string) => s.replace(/\s+/g, ' ').trim().replace(/[.,;]+$/, '');
const money = (s: string) => Number(s.replace(/,/g, ''));

export function extractFields(text: string): ExtractedData {
  const data: ExtractedData = {};
  const client = CLIENT.exec(text)?.[1];
  if (client) data.client_name = clean(client);
  const address = ADDRESS.exec(text)?.[1] ?? STREET.exec(text)?.[0];
  if (address) data.property_address = clean(address);
  const claim = CLAIM.exec(text)?.[1];
  if (claim && /\d/.test(claim)) data.claim_number = claim.toUpperCase();
  const dates = [...new Set([...text.matchAll(DATE)].map((m) => m[0]))].slice(0, 20);
  if (dates.length) data.dates = dates;
  const amounts = [...text.matchAll(AMOUNT)].map((m) => money(m[1]!)).filter((n) => Number.isFinite(n)).slice(0, 100);
  if (amounts.length) data.amounts = amounts;
  // The last "Total" line: a subtotal or a line item's total comes before the grand total.
  const totals = [...text.matchAll(TOTAL)].map((m) => money(m[1]!)).filter((n) => Number.isFinite(n));
  if (totals.length) data.total = totals.at(-1)!;
  return data;
}

/** Words that mark each of the default document types (spec 001 §3 document_types). */
const TYPE_SIGNS: Record<string, RegExp[]> = {
  invoice: [/\binvoice\b/gi, /\bamount due\b/gi, /\bbill to\b/gi, /\bpayment (?:due|terms)\b/gi, /\bbalance due\b/gi],
  estimate: [/\bestimate\b/gi, /\bquote\b/gi, /\bproposal\b/gi, /\bvalid for\b/gi, /\bscope of work\b/gi],
  contract: [/\bcontract\b/gi, /\bagreement\b/gi, /\bterms and conditions\b/gi, /\bthe parties\b/gi, /\bsignature\b/gi],
  permit: [/\bpermit\b/gi, /\bbuilding department\b/gi, /\bissued\b/gi, /\bjurisdiction\b/gi, /\bcode compliance\b/gi],
  inspection_report: [/\binspection\b/gi, /\binspector\b/gi, /\bfindings\b/gi, /\bdeficienc(?:y|ies)\b/gi, /\bobserved\b/gi],
};

/**
 * The best matching of `types` (the job's document types), by how often each type's marks occur — the title
 * counts three times — or null when nothing marks any of them. Unknown custom types match their own name.
 */
export function classifyDocument(text: string, name: string, types: readonly string[]): string | null {
  const sample = `${name}\n${name}\n${name}\n${text.slice(0, 20_000)}`;
  let best: { type: string; score: number } | null = null;
  for (const type of types) {
    const signs = TYPE_SIGNS[type] ?? [new RegExp(`\\b${type.replace(/[_-]+/g, '[ _-]').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`, 'gi')];
    const score = signs.reduce((sum, re) => sum + (sample.match(re)?.length ?? 0), 0);
    if (score > 0 && (!best || score > best.score)) best = { type, score };
  }
  return best?.type ?? null;
}
