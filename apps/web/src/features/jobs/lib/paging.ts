/** Jobs dashboard page size (spec 001 §9): limit=5, offset=page*5. */
export const JOBS_PAGE_SIZE = 5;
/** Jobs list (table) page size (spec 001 §9). */
export const JOBS_TABLE_PAGE_SIZE = 10;

/**
 * The offset of the next cards page, or undefined when there is none. Spec 001 §9: more is offered
 * when a full page came back (a short page means the end; a full last page costs one empty fetch).
 */
export function nextPageOffset(lastPageLength: number, pagesLoaded: number, pageSize = JOBS_PAGE_SIZE): number | undefined {
  return lastPageLength >= pageSize ? pagesLoaded * pageSize : undefined;
}

export type TablePage = { page: number; pageCount: number; from: number; to: number; hasPrevious: boolean; hasNext: boolean };

/** Previous/next paging of the jobs table: page is 0-based; from/to are 1-based row numbers for "11–20 of 42". */
export function tablePage(offset: number, rowsOnPage: number, total: number, pageSize = JOBS_TABLE_PAGE_SIZE): TablePage {
  const page = Math.floor(offset / pageSize);
  return {
    page,
    pageCount: Math.max(1, Math.ceil(total / pageSize)),
    from: rowsOnPage ? offset + 1 : 0,
    to: offset + rowsOnPage,
    hasPrevious: offset > 0,
    hasNext: offset + rowsOnPage < total,
  };
}
