import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { InvoiceStatusSchema } from './invoices';
import { formatCents } from './quote-money';

/**
 * The workspace's invoices as lists (issue 33, the lists part): the Invoices screen (every invoice of the workspace,
 * newest first, paged by keyset, with its filters and the outstanding totals for them) and the CSV exports for the
 * accountant. Kept beside invoices.ts (same feature) so the records' file stays the records'.
 */

export const INVOICES_PAGE_SIZE = 25;

const flag = z
  .enum(['true', 'false'], { error: 'overdue must be true or false' })
  .optional()
  .transform((v) => v === 'true');

export const ListInvoicesQuerySchema = z.object({
  /** As a reader sees it (invoiceStatus): paid, partly paid and overdue are derived from the payments and the due day. */
  status: InvoiceStatusSchema.optional(),
  /** Only invoices unpaid after their due day (the same as status=overdue; combines with the other filters). */
  overdue: flag,
  /** The client: a contact of the caller's, matched by name with the job's client (an invoice's client is its job's). */
  contact_id: z.uuid({ error: 'contact_id must be a contact id' }).optional(),
  /** Keyset paging: the `next_before` of the previous page (invoices numbered below it). */
  before: z.coerce.number({ error: 'before must be a number from the previous page' }).int().min(1).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(INVOICES_PAGE_SIZE),
});
export type ListInvoicesQuery = z.input<typeof ListInvoicesQuerySchema>;

export const InvoiceListRowSchema = z.object({
  id: z.uuid(),
  job_id: z.uuid(),
  number: z.string(),
  title: z.string(),
  status: InvoiceStatusSchema,
  /** The job's client and title as they are now. */
  client_name: z.string().nullable(),
  job_title: z.string().nullable(),
  issued_on: z.string().nullable(),
  /** null for a draft: it has no due day until it is sent. */
  due_on: z.string().nullable(),
  total_cents: z.number().int(),
  paid_cents: z.number().int(),
  balance_cents: z.number().int(),
  created_at: z.string(),
});
export type InvoiceListRow = z.infer<typeof InvoiceListRowSchema>;

export const WorkspaceInvoiceListSchema = z.object({
  invoices: z.array(InvoiceListRowSchema),
  /** Pass as `before` for the next page; null on the last page. */
  next_before: z.number().int().nullable(),
  /**
   * Over every invoice the filters match (not only this page): how many, what sent invoices still owe, and of it what
   * is overdue. On the first page only (null with `before`: the first page's hold for every page).
   */
  totals: z
    .object({
      count: z.number().int(),
      outstanding_cents: z.number().int(),
      outstanding_count: z.number().int(),
      overdue_cents: z.number().int(),
      overdue_count: z.number().int(),
    })
    .nullable(),
});
export type WorkspaceInvoiceList = z.infer<typeof WorkspaceInvoiceListSchema>;

// ---- CSV exports for the accountant --------------------------------------------------------------------------------

export const EXPORT_RANGE_REQUIRED = 'Choose the first and last day of the range';
export const EXPORT_RANGE_ORDER = 'The first day must not be after the last day';
export const EXPORT_RANGE_TOO_LONG = 'Choose at most 3 years at a time';
const day = (field: string) => z.iso.date({ error: `${field} must be a date (YYYY-MM-DD)` });

/** Days of the workspace's time zone, both included: invoices issued on them, payments and refunds received on them. */
export const InvoiceExportQuerySchema = z
  .object({ from: day('from'), to: day('to') })
  .refine((q) => q.from <= q.to, { error: EXPORT_RANGE_ORDER, path: ['to'] })
  .refine((q) => Date.parse(q.to) - Date.parse(q.from) <= 3 * 366 * 86_400_000, { error: EXPORT_RANGE_TOO_LONG, path: ['from'] });
export type InvoiceExportQuery = z.input<typeof InvoiceExportQuerySchema>;

export const INVOICE_CSV_COLUMNS = ['Number', 'Client', 'Job', 'Issued', 'Due', 'Status', 'Subtotal', 'Discount', 'Tax', 'Total', 'Paid', 'Refunded', 'Balance'] as const;
export const PAYMENT_CSV_COLUMNS = ['Date', 'Invoice', 'Client', 'Method', 'Check number', 'Amount', 'Kind', 'Recorded by'] as const;

/** Cents as the decimal dollars a spreadsheet reads: 123456 → '1234.56', -5 → '-0.05' (no $ or thousands commas). */
export function centsToDecimal(cents: number): string {
  // formatCents is the one money formatter; a CSV wants its digits without the symbol and the grouping.
  return formatCents(cents).replace('$', '').replaceAll(',', '');
}

/**
 * One CSV cell (RFC 4180): quoted when it holds a comma, quote or line break. A cell a spreadsheet would read as a
 * formula (starting with = + - @, or a tab or carriage return) gets a leading ' — CSV injection — except numbers we
 * wrote ourselves (`isNumber`), whose minus sign is a sign.
 */
export function csvCell(value: string | null | undefined, opts: { isNumber?: boolean } = {}): string {
  let text = value ?? '';
  if (!opts.isNumber && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvLine(cells: readonly string[]): string {
  return `${cells.join(',')}\r\n`;
}

const tags = ['invoices'];
const csv = z.string().describe('text/csv');

export const invoiceListEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/invoices',
    access: 'workspace',
    summary: "The workspace's invoices, newest first (paged by number), with filters and the outstanding totals for them",
    tags,
    query: ListInvoicesQuerySchema,
    response: WorkspaceInvoiceListSchema,
  }),
  exportInvoices: defineEndpoint({
    method: 'GET',
    path: '/api/invoice-exports/invoices',
    access: 'workspace',
    summary: "CSV of the invoices issued in a range of the workspace's days, with their totals, payments and balances",
    tags,
    query: InvoiceExportQuerySchema,
    response: csv,
  }),
  exportPayments: defineEndpoint({
    method: 'GET',
    path: '/api/invoice-exports/payments',
    access: 'workspace',
    summary: "CSV of the payments and refunds received in a range of the workspace's days",
    tags,
    query: InvoiceExportQuerySchema,
    response: csv,
  }),
};
