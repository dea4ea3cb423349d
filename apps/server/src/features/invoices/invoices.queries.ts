import type { InvoiceStatus } from '@fieldbook/contract';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/sql';
import { sql, type SQL } from 'drizzle-orm';

/**
 * How other statements read invoices' money (docs/ARCHITECTURE.md, table ownership): the invoices feature owns the
 * tables; its lists, its exports and the analytics feature's A/R read them through these builders.
 *
 * An invoice's totals are never stored: they are computed here, in SQL, by the rules of the one money module
 * (packages/contract/src/quote-money.ts computeTotals) — a line is quantity × unit price rounded half-up to the cent;
 * the discount (an amount capped at the subtotal, or a percent of it rounded half-up) is spread over the lines in
 * proportion to their totals, each share floored and the cents left over given to the largest remainders (ties: the
 * earlier line); tax is the taxable lines' amount after their shares × the rate, rounded half-up once. The property
 * test invoices.queries.test.ts holds this SQL to the module on random invoices.
 */

/** a × b / d rounded half-up, for non-negative numerics (mulDivRound). */
const mulDivRound = (a: SQL, b: SQL, d: number) => sql`div((${a}) * (${b}) * 2 + ${sql.raw(String(d))}, ${sql.raw(String(2 * d))})`;

/**
 * A LATERAL subquery of one row, the money of the invoice at alias `alias` (an `invoices` row): subtotal_cents,
 * discount_cents, taxable_cents, tax_cents, total_cents, paid_cents (payments), refunded_cents (refunds),
 * net_paid_cents (payments less refunds) and balance_cents (total − net paid, never below zero: money beyond it is a
 * credit). Use as `CROSS JOIN LATERAL ${invoiceMoneySql('i')} m`: with an index scan in list order and a LIMIT, only
 * the page's invoices are computed.
 */
/** The discount in cents of the stored adjustment `discount` (jsonb) on a subtotal (numeric): capped at the subtotal. */
function discountCentsSql(discount: SQL, subtotal: SQL): SQL {
  return sql`CASE
      WHEN ${discount} IS NULL OR jsonb_typeof(${discount}) <> 'object' THEN 0
      WHEN ${discount}->>'type' = 'amount' THEN least((${discount}->>'cents')::numeric, ${subtotal})
      ELSE least(${mulDivRound(subtotal, sql`(${discount}->>'milliPercent')::numeric`, 100_000)}, ${subtotal}) END`;
}

export function invoiceMoneySql(alias: string): SQL {
  const i = sql.raw(alias);
  const discountCents = discountCentsSql(sql`${i}.discount`, sql`w.subtotal`);
  return sql`(
    SELECT t.subtotal::bigint AS subtotal_cents, t.discount::bigint AS discount_cents, t.taxable::bigint AS taxable_cents,
           t.tax::bigint AS tax_cents, (t.subtotal - t.discount + t.tax)::bigint AS total_cents,
           pay.paid::bigint AS paid_cents, pay.refunded::bigint AS refunded_cents, (pay.paid - pay.refunded)::bigint AS net_paid_cents,
           greatest(0, t.subtotal - t.discount + t.tax - pay.paid + pay.refunded)::bigint AS balance_cents
    FROM (
      SELECT s.subtotal, s.discount, s.taxable, ${mulDivRound(sql`s.taxable`, sql`${i}.tax_rate_milli_percent`, 100_000)} AS tax
      FROM (
        SELECT coalesce(max(y.subtotal), 0) AS subtotal, coalesce(max(y.discount), 0) AS discount,
               coalesce(sum(y.amount - y.share) FILTER (WHERE y.taxable), 0) AS taxable
        FROM (
          SELECT x.*, x.base_share + CASE WHEN row_number() OVER (ORDER BY x.remainder DESC, x.position) <= x.discount - sum(x.base_share) OVER () THEN 1 ELSE 0 END AS share
          FROM (
            SELECT z.*,
                   CASE WHEN z.subtotal = 0 THEN 0 ELSE div(z.discount * z.amount, z.subtotal) END AS base_share,
                   CASE WHEN z.subtotal = 0 THEN 0 ELSE mod(z.discount * z.amount, z.subtotal) END AS remainder
            FROM (
              SELECT w.*, ${discountCents} AS discount
              FROM (
                SELECT l.position, l.taxable, l.amount, sum(l.amount) OVER () AS subtotal
                FROM (SELECT ii.position, ii.taxable, ${mulDivRound(sql`ii.quantity_milli::numeric`, sql`ii.unit_price_cents`, 1000)} AS amount
                      FROM invoice_items ii WHERE ii.invoice_id = ${i}.id) l
              ) w
            ) z
          ) x
        ) y
      ) s
    ) t
    CROSS JOIN (
      SELECT coalesce(sum(p.amount_cents) FILTER (WHERE p.kind = 'payment'), 0) AS paid,
             coalesce(sum(p.amount_cents) FILTER (WHERE p.kind = 'refund'), 0) AS refunded
      FROM invoice_payments p WHERE p.invoice_id = ${i}.id
    ) pay
  )`;
}

/**
 * The same money for many invoices at once, set-based (one pass over their lines and payments, partitioned by
 * invoice) — for sums over a workspace (the list's totals, A/R), where a subquery per invoice would run 100,000 times.
 * A subquery of rows (id plus invoiceMoneySql's columns) for the invoices `i` that `where` selects.
 */
export function invoiceMoneyRowsSql(where: SQL): SQL {
  return sql`(
    WITH inv AS MATERIALIZED (SELECT i.id, i.discount, i.tax_rate_milli_percent FROM invoices i WHERE ${where}),
    w AS (
      SELECT ii.invoice_id, ii.position, ii.taxable, ${mulDivRound(sql`ii.quantity_milli::numeric`, sql`ii.unit_price_cents`, 1000)} AS amount
      FROM invoice_items ii JOIN inv ON inv.id = ii.invoice_id),
    z AS (
      SELECT w.*, sum(w.amount) OVER (PARTITION BY w.invoice_id) AS subtotal FROM w),
    d AS (
      SELECT z.*, ${discountCentsSql(sql`inv.discount`, sql`z.subtotal`)} AS discount FROM z JOIN inv ON inv.id = z.invoice_id),
    x AS (
      SELECT d.*,
             CASE WHEN d.subtotal = 0 THEN 0 ELSE div(d.discount * d.amount, d.subtotal) END AS base_share,
             CASE WHEN d.subtotal = 0 THEN 0 ELSE mod(d.discount * d.amount, d.subtotal) END AS remainder
      FROM d),
    y AS (
      SELECT x.*, x.base_share + CASE WHEN row_number() OVER (PARTITION BY x.invoice_id ORDER BY x.remainder DESC, x.position)
                                          <= x.discount - sum(x.base_share) OVER (PARTITION BY x.invoice_id) THEN 1 ELSE 0 END AS share
      FROM x),
    lines AS (
      SELECT y.invoice_id, max(y.subtotal) AS subtotal, max(y.discount) AS discount, coalesce(sum(y.amount - y.share) FILTER (WHERE y.taxable), 0) AS taxable
      FROM y GROUP BY y.invoice_id),
    pay AS (
      SELECT p.invoice_id, coalesce(sum(p.amount_cents) FILTER (WHERE p.kind = 'payment'), 0) AS paid, coalesce(sum(p.amount_cents) FILTER (WHERE p.kind = 'refund'), 0) AS refunded
      FROM invoice_payments p JOIN inv ON inv.id = p.invoice_id GROUP BY p.invoice_id),
    t AS (
      SELECT inv.id, coalesce(l.subtotal, 0) AS subtotal, coalesce(l.discount, 0) AS discount, coalesce(l.taxable, 0) AS taxable,
             ${mulDivRound(sql`coalesce(l.taxable, 0)`, sql`inv.tax_rate_milli_percent`, 100_000)} AS tax,
             coalesce(pay.paid, 0) AS paid, coalesce(pay.refunded, 0) AS refunded
      FROM inv LEFT JOIN lines l ON l.invoice_id = inv.id LEFT JOIN pay ON pay.invoice_id = inv.id)
    SELECT t.id, t.subtotal::bigint AS subtotal_cents, t.discount::bigint AS discount_cents, t.taxable::bigint AS taxable_cents,
           t.tax::bigint AS tax_cents, (t.subtotal - t.discount + t.tax)::bigint AS total_cents,
           t.paid::bigint AS paid_cents, t.refunded::bigint AS refunded_cents, (t.paid - t.refunded)::bigint AS net_paid_cents,
           greatest(0, t.subtotal - t.discount + t.tax - t.paid + t.refunded)::bigint AS balance_cents
    FROM t
  )`;
}

/**
 * The status a reader sees (contract invoiceStatus) of the invoice at `alias` with its money at `money`: draft and
 * void as stored; else paid (nothing owed), overdue (owed after its due day ended in the workspace's zone, `due_at`),
 * partly paid, or as sent/viewed.
 */
export function invoiceStatusSql(alias: string, money: string, now: Date): SQL {
  const i = sql.raw(alias);
  const m = sql.raw(money);
  return sql`(CASE WHEN ${i}.status IN ('draft', 'void') THEN ${i}.status
    WHEN ${m}.balance_cents <= 0 THEN 'paid'
    WHEN ${i}.due_at IS NOT NULL AND ${i}.due_at < ${now.toISOString()}::timestamptz THEN 'overdue'
    WHEN ${m}.net_paid_cents > 0 THEN 'partially_paid'
    ELSE ${i}.status END)`;
}

/**
 * Each invoice's total, payments and balance — the columns of invoiceMoneyRowsSql a sum, a status or a balance needs
 * (id, due_on, total_cents, paid_cents, refunded_cents, net_paid_cents, balance_cents) — for the invoices `i` of
 * `workspaceId` that `where` selects, set-based. A sent invoice's total is the one kept when it was sent
 * (`total_cents`, the money module's: it never changes after); only the others (drafts, and invoices sent before the
 * total was kept) derive theirs from their lines. So sums over 100,000 sent invoices (A/R, the Invoices screen's
 * totals) are one pass over the invoices and one over the workspace's payments (bench/invoices.ts).
 */
export function invoiceBalanceRowsSql(workspaceId: string, where: SQL): SQL {
  const mine = sql`i.workspace_id = ${workspaceId} AND (${where})`;
  return sql`(
    SELECT t.id, t.due_on, t.total::bigint AS total_cents, t.paid::bigint AS paid_cents, t.refunded::bigint AS refunded_cents,
           (t.paid - t.refunded)::bigint AS net_paid_cents, greatest(0, t.total - t.paid + t.refunded)::bigint AS balance_cents
    FROM (
      SELECT i.id, i.due_on, coalesce(i.total_cents, d.total_cents, 0) AS total, coalesce(pay.paid, 0) AS paid, coalesce(pay.refunded, 0) AS refunded
      FROM invoices i
      LEFT JOIN ${invoiceMoneyRowsSql(sql`${mine} AND i.total_cents IS NULL`)} d ON d.id = i.id
      LEFT JOIN (
        SELECT p.invoice_id, coalesce(sum(p.amount_cents) FILTER (WHERE p.kind = 'payment'), 0) AS paid,
               coalesce(sum(p.amount_cents) FILTER (WHERE p.kind = 'refund'), 0) AS refunded
        FROM invoice_payments p WHERE p.workspace_id = ${workspaceId}
        GROUP BY p.invoice_id
      ) pay ON pay.invoice_id = i.id
      WHERE ${mine}
    ) t
  )`;
}

/**
 * For A/R (the analytics feature): the workspace's sent invoices with money owed — `due_on` ('YYYY-MM-DD', the
 * workspace's day) and `balance_cents` — as a subquery (invoiceBalanceRowsSql: kept totals less payments).
 */
export function openInvoiceBalancesSql(workspaceId: string): SQL {
  return sql`SELECT m.due_on, m.balance_cents
    FROM ${invoiceBalanceRowsSql(workspaceId, sql`i.status IN ('sent', 'viewed')`)} m
    WHERE m.balance_cents > 0`;
}

/**
 * For the payments chart (the analytics feature): the workspace's payment and refund rows received from `from` to
 * `to` (days of the workspace, both included) — `received_on`, `kind` and `amount_cents` — as a subquery.
 */
export function invoicePaymentsReceivedSql(opts: { workspaceId: string; from: string; to: string }): SQL {
  return sql`SELECT p.received_on, p.kind, p.amount_cents FROM invoice_payments p
    WHERE p.workspace_id = ${opts.workspaceId} AND p.received_on BETWEEN ${opts.from}::date AND ${opts.to}::date`;
}

/**
 * The client hub's invoices (issue 36): the sent invoices of `ids` in `workspaceId` with their total, balance and status
 * now (paid, overdue, partly paid, …); drafts and voided ones are left out. Another workspace's ids find nothing.
 */
export async function findClientInvoices(db: Db, opts: { workspaceId: string; ids: readonly string[]; now: Date }) {
  if (opts.ids.length === 0) return [];
  const ids = sql.join(
    opts.ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  return queryRows<{ id: string; number: string; title: string; status: InvoiceStatus; total_cents: number; balance_cents: number; due_on: string | null; sent_at: Date | string | null }>(
    db,
    sql`SELECT i.id, i.number, i.title, ${invoiceStatusSql('i', 'm', opts.now)} AS status, m.total_cents::int AS total_cents, m.balance_cents::int AS balance_cents,
               i.due_on::text AS due_on, i.sent_at
        FROM invoices i
        JOIN ${invoiceBalanceRowsSql(opts.workspaceId, sql`i.id IN (${ids}) AND i.status IN ('sent', 'viewed')`)} m ON m.id = i.id
        ORDER BY i.sequence DESC`,
  );
}
