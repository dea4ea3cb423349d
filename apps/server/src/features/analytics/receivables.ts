import { AR_AGING_BUCKETS, localDate, PAYMENT_CHART_MONTHS, type ArAgingBucket, type Receivables } from '@fieldbook/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/sql';
import { invoicePaymentsReceivedSql, openInvoiceBalancesSql } from '../invoices';
import { workspaceTimeZone } from '../workspaces';

/** The last `count` months up to the one `isoDate` is in, oldest first: 'YYYY-MM'. */
export function monthsUpTo(isoDate: string, count: number): string[] {
  const year = Number(isoDate.slice(0, 4));
  const month = Number(isoDate.slice(5, 7)) - 1;
  return Array.from({ length: count }, (_, k) => {
    const d = new Date(Date.UTC(year, month - (count - 1 - k), 1));
    return d.toISOString().slice(0, 7);
  });
}

/**
 * A/R for the workspace (issue 33), aggregated in PostgreSQL: what sent invoices still owe by days past their due day
 * — counted from today in the workspace's time zone, so an invoice due on a day there is 1 day past due the next day
 * there, whatever UTC says and however long a daylight-saving day is — and the money received per month (payments
 * less refunds, by the day each was received) over the last twelve months. Invoices are read only through the
 * invoices feature's builders (its money rules in SQL, balances never stored).
 */
export async function workspaceReceivables(opts: { db: Db; workspaceId: string; now: Date }): Promise<Receivables> {
  const zone = await workspaceTimeZone(opts.db, opts.workspaceId);
  const asOf = localDate(opts.now, zone);
  const months = monthsUpTo(asOf, PAYMENT_CHART_MONTHS);
  const [aging, received] = await Promise.all([
    queryRows<{ bucket: ArAgingBucket; balance_cents: string; count: string }>(
      opts.db,
      sql`SELECT CASE WHEN o.due_on IS NULL OR ${asOf}::date - o.due_on <= 0 THEN 'current'
                      WHEN ${asOf}::date - o.due_on <= 30 THEN '1_30'
                      WHEN ${asOf}::date - o.due_on <= 60 THEN '31_60'
                      WHEN ${asOf}::date - o.due_on <= 90 THEN '61_90'
                      ELSE 'over_90' END AS bucket,
                 sum(o.balance_cents) AS balance_cents, count(*) AS count
          FROM (${openInvoiceBalancesSql(opts.workspaceId)}) o
          GROUP BY 1`,
    ),
    queryRows<{ month: string; payments_cents: string; refunds_cents: string }>(
      opts.db,
      sql`SELECT to_char(r.received_on, 'YYYY-MM') AS month,
                 coalesce(sum(r.amount_cents) FILTER (WHERE r.kind = 'payment'), 0) AS payments_cents,
                 coalesce(sum(r.amount_cents) FILTER (WHERE r.kind = 'refund'), 0) AS refunds_cents
          FROM (${invoicePaymentsReceivedSql({ workspaceId: opts.workspaceId, from: `${months[0]}-01`, to: asOf })}) r
          GROUP BY 1`,
    ),
  ]);
  const buckets = AR_AGING_BUCKETS.map((bucket) => {
    const row = aging.find((a) => a.bucket === bucket);
    return { bucket, balance_cents: Number(row?.balance_cents ?? 0), count: Number(row?.count ?? 0) };
  });
  return {
    as_of: asOf,
    time_zone: zone,
    aging: buckets,
    total: { balance_cents: buckets.reduce((n, b) => n + b.balance_cents, 0), count: buckets.reduce((n, b) => n + b.count, 0) },
    payments_by_month: months.map((month) => {
      const row = received.find((r) => r.month === month);
      const payments = Number(row?.payments_cents ?? 0);
      const refunds = Number(row?.refunds_cents ?? 0);
      return { month, payments_cents: payments, refunds_cents: refunds, net_cents: payments - refunds };
    }),
  };
}
