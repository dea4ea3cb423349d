import { eq, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from '../db/client';

/** The first number of a workspace's series: four digits from the start, as contractors' books usually are. */
const FIRST_SEQUENCE = 1001;

/**
 * A workspace's next number in one series — quotes' Q-1001, invoices' INV-1001, … —: short to say on the phone, unique in
 * the workspace (each table's unique index on workspace and sequence). Taken inside the creating transaction under a lock
 * per workspace and series, so two made at once get two numbers. The owning feature names its table and columns.
 */
export async function nextWorkspaceNumber(
  tx: Tx,
  series: { prefix: string; table: PgTable; workspaceColumn: PgColumn; sequenceColumn: PgColumn },
  workspaceId: string,
): Promise<{ sequence: number; number: string }> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`${series.prefix}-number:${workspaceId}`}))`);
  const [row] = await tx
    .select({ last: sql<number | null>`max(${series.sequenceColumn})` })
    .from(series.table)
    .where(eq(series.workspaceColumn, workspaceId));
  const sequence = Math.max(FIRST_SEQUENCE, (row?.last ?? 0) + 1);
  return { sequence, number: `${series.prefix}-${sequence}` };
}
