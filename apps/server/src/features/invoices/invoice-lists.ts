import {
  centsToDecimal,
  csvCell,
  csvLine,
  INVOICE_CSV_COLUMNS,
  INVOICE_STATUS_LABELS,
  PAYMENT_CSV_COLUMNS,
  PAYMENT_METHOD_LABELS,
  type InvoiceListRow,
  type InvoiceStatus,
  type ListInvoicesQuerySchema,
  type PaymentMethod,
  type WorkspaceInvoiceList,
} from '@fieldbook/contract';
import { sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { isoDate, isoTs, limitSql, planFreeId, queryRows } from '../../db/sql';
import type { Actor } from '../../platform/auth-guard';
import { fieldError } from '../../platform/errors';
import { findContactsByIds } from '../contacts';
import { jobSummaryJoinSql } from '../jobs';
import { profileDisplayNames } from '../profiles';
import { invoiceBalanceRowsSql, invoiceMoneyRowsSql, invoiceMoneySql, invoiceStatusSql } from './invoices.queries';

/**
 * The workspace's invoices as lists (issue 33): the Invoices screen's page and totals, and the accountant's CSV files.
 * Money comes from invoiceMoneySql (the one money module's rules in SQL): balances are derived, never stored.
 */

type ListQuery = z.output<typeof ListInvoicesQuerySchema>;

/** The derived status, and what the stored status must be for it (so the status index narrows the scan first). */
const STORED_FOR: Record<InvoiceStatus, SQL> = {
  draft: sql`i.status = 'draft'`,
  void: sql`i.status = 'void'`,
  sent: sql`i.status = 'sent'`,
  viewed: sql`i.status = 'viewed'`,
  partially_paid: sql`i.status IN ('sent', 'viewed')`,
  paid: sql`i.status IN ('sent', 'viewed')`,
  overdue: sql`i.status IN ('sent', 'viewed')`,
};

/**
 * The filters as SQL: `prefilter` reads only the invoice row (the workspace, the stored status a status needs: what
 * an index narrows first), `where` the rest too — the derived status, overdue and the client, over the money `m` and
 * the job `jr`.
 */
async function filterSql(opts: { db: Db; actor: Actor & { workspaceId: string }; query: ListQuery; now: Date }): Promise<{ prefilter: SQL; where: SQL; byMoney: boolean }> {
  const { query, now } = opts;
  const status = invoiceStatusSql('i', 'm', now);
  const pre: SQL[] = [sql`i.workspace_id = ${planFreeId(opts.actor.workspaceId)}`];
  const rest: SQL[] = [];
  if (query.status) {
    pre.push(STORED_FOR[query.status]);
    rest.push(sql`${status} = ${query.status}`);
  }
  // Overdue: sent, past its due day in the workspace's zone (due_at is that day's end there), money still owed.
  if (query.overdue || query.status === 'overdue') {
    pre.push(sql`i.status IN ('sent', 'viewed') AND i.due_at < ${now.toISOString()}::timestamptz`);
    rest.push(sql`m.balance_cents > 0`);
  }
  if (query.contact_id) {
    // Contacts are the caller's own (or shared with them): another's contact is not found, like a wrong id.
    const [contact] = await findContactsByIds({ db: opts.db, actor: opts.actor, ids: [query.contact_id] });
    if (!contact) throw fieldError('contact_id', 'Contact not found');
    rest.push(sql`lower(btrim(jr.client_name)) = lower(btrim(${contact.name}))`);
  }
  const prefilter = sql.join(pre, sql` AND `);
  // A status only the money tells (paid, partly paid, overdue, and sent/viewed = not those) filters by money.
  const byMoney = Boolean(query.overdue || (query.status && query.status !== 'draft' && query.status !== 'void'));
  return { prefilter, where: sql.join([prefilter, ...rest], sql` AND `), byMoney };
}

const JOB_JOIN = jobSummaryJoinSql(sql`i.job_id`);
const FROM = sql`FROM invoices i ${JOB_JOIN} CROSS JOIN LATERAL ${invoiceMoneySql('i')} m`;

type ListRow = Omit<InvoiceListRow, 'total_cents' | 'paid_cents' | 'balance_cents'> & { sequence: number; total_cents: string; paid_cents: string; balance_cents: string };
type TotalsRow = { count: string; outstanding_cents: string; outstanding_count: string; overdue_cents: string; overdue_count: string };

/**
 * GET /api/invoices — every invoice of the caller's workspace, newest (highest number) first, a page at a time by
 * keyset (`before` = the last number's sequence), with the outstanding totals over everything the filters match (on
 * the first page: later pages' totals would be the same).
 */
export async function listWorkspaceInvoices(opts: { db: Db; actor: Actor & { workspaceId: string }; query: ListQuery; now: Date }): Promise<WorkspaceInvoiceList> {
  const { db, query, now } = opts;
  const { prefilter, where, byMoney } = await filterSql(opts);
  const keyset = query.before ? sql` AND i.sequence < ${query.before}` : sql``;
  const status = invoiceStatusSql('i', 'm', now);
  const [rows, totalRows] = await Promise.all([
    // The page: the money of only its invoices (a subquery per row, cut at the LIMIT) — or, filtered by money, of every
    // candidate in one set-based pass (per row it would run for each invoice passed over until the page fills).
    queryRows<ListRow>(
      db,
      sql`SELECT i.id, i.job_id, i.number, i.sequence, i.title, ${status} AS status, jr.client_name, jr.title AS job_title,
                 ${isoDate(sql`i.issued_on`)} AS issued_on, CASE WHEN i.status = 'draft' THEN NULL ELSE ${isoDate(sql`i.due_on`)} END AS due_on,
                 m.total_cents, m.net_paid_cents AS paid_cents, CASE WHEN i.status IN ('draft', 'void') THEN 0 ELSE m.balance_cents END AS balance_cents,
                 ${isoTs(sql`i.created_at`)} AS created_at
          ${byMoney ? sql`FROM ${invoiceBalanceRowsSql(opts.actor.workspaceId, sql`${prefilter}${keyset}`)} m JOIN invoices i ON i.id = m.id ${JOB_JOIN}` : FROM} WHERE ${where}${keyset}
          ORDER BY i.sequence DESC ${limitSql(query.limit + 1)}`,
    ),
    // The totals: every matching invoice's balance in one set-based pass (kept totals less payments).
    query.before
      ? Promise.resolve(null)
      : queryRows<TotalsRow>(
          db,
          sql`SELECT count(*) AS count,
                     coalesce(sum(m.balance_cents) FILTER (WHERE i.status IN ('sent', 'viewed')), 0) AS outstanding_cents,
                     count(*) FILTER (WHERE i.status IN ('sent', 'viewed') AND m.balance_cents > 0) AS outstanding_count,
                     coalesce(sum(m.balance_cents) FILTER (WHERE ${status} = 'overdue'), 0) AS overdue_cents,
                     count(*) FILTER (WHERE ${status} = 'overdue') AS overdue_count
              FROM ${invoiceBalanceRowsSql(opts.actor.workspaceId, prefilter)} m JOIN invoices i ON i.id = m.id ${JOB_JOIN}
              WHERE ${where}`,
        ),
  ]);
  const totals = totalRows?.[0];
  const page = rows.slice(0, query.limit);
  return {
    invoices: page.map(({ sequence: _s, ...r }) => ({ ...r, total_cents: Number(r.total_cents), paid_cents: Number(r.paid_cents), balance_cents: Number(r.balance_cents) })),
    next_before: rows.length > query.limit ? page.at(-1)!.sequence : null,
    totals: totals
      ? {
          count: Number(totals.count),
          outstanding_cents: Number(totals.outstanding_cents),
          outstanding_count: Number(totals.outstanding_count),
          overdue_cents: Number(totals.overdue_cents),
          overdue_count: Number(totals.overdue_count),
        }
      : null,
  };
}

// ---- CSV for the accountant -----------------------------------------------------------------------------------------

/** Rows read per statement while a CSV streams: the file never holds more than this many in memory. */
export const CSV_BATCH = 500;

const money = (cents: number | string) => csvCell(centsToDecimal(Number(cents)), { isNumber: true });

type InvoiceCsvRow = {
  sequence: number;
  number: string;
  client_name: string | null;
  job_title: string | null;
  issued_on: string | null;
  due_on: string | null;
  status: InvoiceStatus;
  subtotal_cents: string;
  discount_cents: string;
  tax_cents: string;
  total_cents: string;
  paid_cents: string;
  refunded_cents: string;
  balance_cents: string;
};

/**
 * The invoices issued on the days `from`…`to` (the workspace's days: an invoice's issue day is its day there), in
 * number order, as CSV lines: the header, then CSV_BATCH invoices per statement by keyset. Drafts have no issue day and
 * are not in it; void invoices are, marked Void, with no balance.
 */
export async function* invoicesCsv(opts: { db: Db; workspaceId: string; from: string; to: string; now: Date }): AsyncGenerator<string> {
  yield csvLine([...INVOICE_CSV_COLUMNS]);
  let after = 0;
  for (;;) {
    // The next CSV_BATCH invoices by number; their money in one set-based pass.
    const batch = sql`b.workspace_id = ${planFreeId(opts.workspaceId)} AND b.issued_on BETWEEN ${opts.from}::date AND ${opts.to}::date AND b.sequence > ${after}`;
    const rows = await queryRows<InvoiceCsvRow>(
      opts.db,
      sql`SELECT i.sequence, i.number, jr.client_name, jr.title AS job_title, ${isoDate(sql`i.issued_on`)} AS issued_on, ${isoDate(sql`i.due_on`)} AS due_on,
                 ${invoiceStatusSql('i', 'm', opts.now)} AS status, m.subtotal_cents, m.discount_cents, m.tax_cents, m.total_cents, m.paid_cents, m.refunded_cents,
                 CASE WHEN i.status = 'void' THEN 0 ELSE m.balance_cents END AS balance_cents
          FROM ${invoiceMoneyRowsSql(sql`i.id IN (SELECT b.id FROM invoices b WHERE ${batch} ORDER BY b.sequence ${limitSql(CSV_BATCH)})`)} m
               JOIN invoices i ON i.id = m.id ${JOB_JOIN}
          ORDER BY i.sequence`,
    );
    for (const r of rows) {
      yield csvLine([
        csvCell(r.number),
        csvCell(r.client_name),
        csvCell(r.job_title),
        csvCell(r.issued_on),
        csvCell(r.due_on),
        csvCell(INVOICE_STATUS_LABELS[r.status]),
        money(r.subtotal_cents),
        money(r.discount_cents),
        money(r.tax_cents),
        money(r.total_cents),
        money(r.paid_cents),
        money(r.refunded_cents),
        money(r.balance_cents),
      ]);
    }
    if (rows.length < CSV_BATCH) return;
    after = rows.at(-1)!.sequence;
  }
}

type PaymentCsvRow = {
  id: string;
  received_on: string;
  /** created_at as PostgreSQL's full-precision text: the keyset's middle key, read back exactly. */
  created_key: string;
  number: string;
  client_name: string | null;
  method: PaymentMethod;
  check_number: string | null;
  amount_cents: number;
  kind: 'payment' | 'refund';
  recorded_by: string | null;
  online_method: 'card' | 'us_bank_account' | null;
};

/**
 * The payments and refunds received on the days `from`…`to` (the day the money changed hands, as recorded, a day of
 * the workspace), oldest first, as CSV lines; refunds as negative amounts. Who recorded each: a member's name, or
 * "Online (card)" / "Online (bank)" for money the client paid through Stripe.
 */
export async function* paymentsCsv(opts: { db: Db; workspaceId: string; from: string; to: string }): AsyncGenerator<string> {
  yield csvLine([...PAYMENT_CSV_COLUMNS]);
  let after: { day: string; at: string; id: string } | null = null;
  for (;;) {
    const keyset: SQL = after ? sql` AND (p.received_on, p.created_at, p.id) > (${after.day}::date, ${after.at}::timestamptz, ${after.id}::uuid)` : sql``;
    const rows: PaymentCsvRow[] = await queryRows<PaymentCsvRow>(
      opts.db,
      sql`SELECT p.id, ${isoDate(sql`p.received_on`)} AS received_on, p.created_at::text AS created_key, i.number, jr.client_name, p.method, p.check_number,
                 p.amount_cents, p.kind, p.recorded_by, p.online_method
          FROM invoice_payments p JOIN invoices i ON i.id = p.invoice_id ${jobSummaryJoinSql(sql`i.job_id`)}
          WHERE p.workspace_id = ${planFreeId(opts.workspaceId)} AND p.received_on BETWEEN ${opts.from}::date AND ${opts.to}::date${keyset}
          ORDER BY p.received_on, p.created_at, p.id ${limitSql(CSV_BATCH)}`,
    );
    const names = await profileDisplayNames(opts.db, [...new Set(rows.map((r) => r.recorded_by).filter((id): id is string => id !== null))]);
    for (const r of rows) {
      const by = r.online_method ? `Online (${r.online_method === 'card' ? 'card' : 'bank'})` : ((r.recorded_by && names.get(r.recorded_by)) ?? 'A former member');
      yield csvLine([
        csvCell(r.received_on),
        csvCell(r.number),
        csvCell(r.client_name),
        csvCell(PAYMENT_METHOD_LABELS[r.method]),
        csvCell(r.check_number),
        money(r.kind === 'refund' ? -r.amount_cents : r.amount_cents),
        csvCell(r.kind === 'refund' ? 'Refund' : 'Payment'),
        csvCell(by),
      ]);
    }
    if (rows.length < CSV_BATCH) return;
    const last = rows.at(-1)!;
    after = { day: last.received_on, at: last.created_key, id: last.id };
  }
}
