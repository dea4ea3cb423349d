/**
 * Offset paging for lists answered as `{ <items>, total }` (documents, recordings, workspaces): pages are fixed-size
 * slices (offset = pages loaded × page size), so a Load More never asks for more than the server's page limit.
 */
type Page = { total: number };

/**
 * The offset of the next page, or undefined when every row is loaded. The newest page's total is the freshest
 * count; an empty page also ends the list, so a total gone stale (rows deleted meanwhile) cannot ask forever.
 */
export function nextOffset<P extends Page>(pages: readonly P[], pageSize: number, itemsOf: (page: P) => readonly unknown[]): number | undefined {
  const last = pages.at(-1);
  if (!last || itemsOf(last).length === 0) return undefined;
  const fetched = pages.reduce((n, page) => n + itemsOf(page).length, 0);
  return fetched < last.total ? pages.length * pageSize : undefined;
}

/**
 * The loaded pages as one list, each row once: a row added between two page loads shifts the later slices by one,
 * so a page can repeat the previous page's last row.
 */
export function loadedRows<P, T extends { id: string }>(pages: readonly P[] | undefined, itemsOf: (page: P) => readonly T[]): T[] {
  const seen = new Set<string>();
  const rows: T[] = [];
  for (const page of pages ?? []) {
    for (const row of itemsOf(page)) {
      if (seen.has(row.id)) continue;
      seen.add(row.id);
      rows.push(row);
    }
  }
  return rows;
}
