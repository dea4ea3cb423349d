import type { GeneratedDocumentType, LineItem } from '@fieldbook/contract';
import type { PdfContent } from './pdf-writer';

/** What a generated document is written from: the job, its tasks, the workspace, and priced lines if any. */
export type JobFacts = {
  company: string;
  job: { id: string; clientName: string | null; propertyAddress: string | null; claimNumber: string | null; title: string | null; description: string | null; dueDate: string | null };
  tasks: { id: string; description: string; status: string; priority: string; dueDate: string | null; assignee: string | null }[];
  /** Priced lines (the request's, or the job's saved ones); null: the tasks are listed unpriced. */
  lineItems: LineItem[] | null;
  notes: string | null;
  /** The day the document is issued, YYYY-MM-DD. */
  today: string;
};

const TITLES: Record<GeneratedDocumentType | 'work_order', { title: string; prefix: string; label: string }> = {
  contract: { title: 'CONTRACT', prefix: 'CTR', label: 'Contract' },
  estimate: { title: 'ESTIMATE', prefix: 'EST', label: 'Estimate' },
  invoice: { title: 'INVOICE', prefix: 'INV', label: 'Invoice' },
  permit: { title: 'PERMIT APPLICATION', prefix: 'PRM', label: 'Permit application' },
  inspection_report: { title: 'INSPECTION REPORT', prefix: 'INS', label: 'Inspection report' },
  work_order: { title: 'WORK ORDER', prefix: 'WO', label: 'Work order' },
};

export const documentLabel = (type: GeneratedDocumentType | 'work_order') => TITLES[type].label;

const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const formatDate = (iso: string | null) =>
  iso ? new Date(`${iso}T12:00:00Z`).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' }) : null;
const addDays = (iso: string, days: number) => new Date(Date.parse(`${iso}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const round2 = (n: number) => Math.round(n * 100) / 100;

/** The priced lines' total, each line rounded to cents as printed; null without lines. */
export function lineItemsTotal(items: LineItem[] | null): number | null {
  return items?.length ? round2(items.reduce((sum, l) => sum + round2(l.quantity * l.unit_price), 0)) : null;
}

/** The file name a generated document is stored and sent under, e.g. "Invoice - Maria Garcia - 2026-11-25.pdf". */
export function generatedFileName(type: GeneratedDocumentType | 'work_order', facts: Pick<JobFacts, 'job' | 'today'>): string {
  const who = (facts.job.clientName ?? facts.job.propertyAddress ?? 'Job').replace(/[\\/:*?"<>|\r\n]+/g, ' ').trim().slice(0, 80);
  return `${TITLES[type].label} - ${who} - ${facts.today}.pdf`;
}

export function documentNumber(type: GeneratedDocumentType | 'work_order', today: string, documentId: string): string {
  return `${TITLES[type].prefix}-${today.replaceAll('-', '')}-${documentId.slice(0, 4).toUpperCase()}`;
}

/** The priced table and its totals; unpriced (the tasks) when no line items are known. */
function pricing(facts: JobFacts): { table: NonNullable<PdfContent['table']>; total: number | null } {
  const columns: [string, string, string, string] = ['Description', 'Quantity', 'Unit price', 'Amount'];
  if (!facts.lineItems?.length) {
    const rows = facts.tasks.map((t): [string, string, string, string] => [t.description, '1', '—', '—']);
    return { table: { columns, rows: rows.length ? rows : [['Work as described', '1', '—', '—']], totals: [['Total', 'To be priced']] }, total: null };
  }
  const rows = facts.lineItems.map((l): [string, string, string, string] => [l.description, String(l.quantity), money.format(l.unit_price), money.format(round2(l.quantity * l.unit_price))]);
  const total = lineItemsTotal(facts.lineItems)!;
  return { table: { columns, rows, totals: [['Subtotal', money.format(total)], ['Total', money.format(total)]] }, total };
}

function baseParties(facts: JobFacts): PdfContent['parties'] {
  return [
    { label: 'Client', lines: [facts.job.clientName ?? 'Client not recorded'] },
    { label: 'Property', lines: [facts.job.propertyAddress ?? 'Address not recorded'] },
    { label: 'Job', lines: [facts.job.title, facts.job.claimNumber ? `Claim number: ${facts.job.claimNumber}` : null, facts.job.dueDate ? `Due: ${formatDate(facts.job.dueDate)}` : null] },
  ];
}

const scope = (facts: JobFacts) => [
  ...(facts.job.description ? [facts.job.description] : []),
  ...(facts.tasks.length ? facts.tasks.map((t, i) => `${i + 1}. ${t.description}`) : ['The work described above.']),
];
const notes = (facts: JobFacts) => (facts.notes ? [{ heading: 'Notes', paragraphs: [facts.notes] }] : []);

/** The document of `type` for the job, written from its facts. */
export function jobDocumentContent(type: GeneratedDocumentType, facts: JobFacts, documentId: string): PdfContent {
  const head = { title: TITLES[type].title, number: documentNumber(type, facts.today, documentId), issuedOn: formatDate(facts.today)!, company: facts.company };
  const { table, total } = pricing(facts);
  const priced = total === null ? 'the price to be agreed in writing before work starts' : money.format(total);
  switch (type) {
    case 'estimate':
      return {
        ...head,
        parties: baseParties(facts),
        table,
        sections: [
          { heading: 'Scope of work', paragraphs: scope(facts) },
          { heading: 'Terms', paragraphs: [`This estimate is valid for 30 days, until ${formatDate(addDays(facts.today, 30))}. Work not listed above, and conditions found once work begins, are quoted separately before they are done.`] },
          ...notes(facts),
        ],
        signatures: ['Accepted by client'],
      };
    case 'invoice':
      return {
        ...head,
        parties: [{ label: 'Bill to', lines: [facts.job.clientName ?? 'Client not recorded', facts.job.propertyAddress] }, ...baseParties(facts).slice(1)],
        table: total === null ? table : { ...table, totals: [...table.totals, ['Amount due', money.format(total)]] },
        sections: [
          { heading: 'Payment terms', paragraphs: [`Payment is due within 15 days, by ${formatDate(addDays(facts.today, 15))}. Please quote ${head.number}${facts.job.claimNumber ? ` and claim number ${facts.job.claimNumber}` : ''} with your payment.`] },
          ...notes(facts),
        ],
        signatures: [],
      };
    case 'contract':
      return {
        ...head,
        parties: baseParties(facts),
        table,
        sections: [
          { heading: '1. Scope of work', paragraphs: scope(facts) },
          { heading: '2. Price and payment', paragraphs: [`The client pays ${priced} for the work in section 1: one third on signing, one third at the midpoint of the work and the balance on completion.`] },
          { heading: '3. Schedule', paragraphs: [facts.job.dueDate ? `The contractor completes the work by ${formatDate(facts.job.dueDate)}, weather and material availability permitting.` : 'The parties agree the start and completion dates in writing.'] },
          { heading: '4. Changes', paragraphs: ['Any change to the scope or the price is agreed in a written change order signed by both parties before the changed work is done.'] },
          { heading: '5. Warranty', paragraphs: ['The contractor warrants its workmanship for one year from completion. Manufacturers’ warranties on materials pass to the client.'] },
          ...notes(facts),
        ],
        signatures: ['Contractor', 'Client'],
      };
    case 'permit':
      return {
        ...head,
        parties: [{ label: 'Property owner', lines: [facts.job.clientName ?? 'Owner not recorded'] }, { label: 'Work site', lines: [facts.job.propertyAddress ?? 'Address not recorded'] }, { label: 'Contractor', lines: [facts.company] }],
        sections: [
          { heading: 'Description of work', paragraphs: scope(facts) },
          { heading: 'Valuation', paragraphs: [total === null ? 'Estimated value of the work: to be determined.' : `Estimated value of the work: ${money.format(total)}.`] },
          { heading: 'Declaration', paragraphs: ['The applicant declares that the information above is correct and that the work will comply with the applicable building codes and the conditions of the permit.'] },
          ...notes(facts),
        ],
        signatures: ['Applicant', 'Property owner'],
      };
    case 'inspection_report':
      return {
        ...head,
        parties: baseParties(facts),
        table: {
          columns: ['Item inspected', 'Status', 'Priority', 'Due'],
          rows: facts.tasks.length ? facts.tasks.map((t) => [t.description, t.status, t.priority, formatDate(t.dueDate) ?? '—']) : [['No items recorded', '—', '—', '—']],
          totals: [['Items', String(facts.tasks.length)], ['Open', String(facts.tasks.filter((t) => t.status !== 'completed').length)]],
        },
        sections: [
          { heading: 'Findings', paragraphs: facts.job.description ? [facts.job.description] : ['See the items inspected above.'] },
          ...notes(facts),
        ],
        signatures: ['Inspector'],
      };
  }
}

/** A task's work order: what to do, where, for whom, by when, and a sign-off. */
export function workOrderContent(facts: JobFacts, task: JobFacts['tasks'][number], documentId: string): PdfContent {
  return {
    title: TITLES.work_order.title,
    number: documentNumber('work_order', facts.today, documentId),
    issuedOn: formatDate(facts.today)!,
    company: facts.company,
    parties: [...baseParties(facts), { label: 'Assigned to', lines: [task.assignee ?? 'Unassigned'] }],
    table: { columns: ['Task', 'Status', 'Priority', 'Due'], rows: [[task.description, task.status, task.priority, formatDate(task.dueDate) ?? '—']], totals: [] },
    sections: [
      { heading: 'Instructions', paragraphs: [task.description, 'Record materials used and any condition found that needs further work before signing off.'] },
      ...notes(facts),
    ],
    signatures: ['Completed by', 'Approved by'],
  };
}
