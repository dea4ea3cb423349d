import { localDate, type Photo } from '@fieldbook/contract';

/** Columns for a grid `width` px wide: 3 on a phone (390 px), then one per ~160 px, at most 8. */
export function columnsFor(width: number): number {
  if (width <= 0) return 3;
  return Math.min(8, Math.max(3, Math.floor(width / 160)));
}

export type GridRow = { kind: 'photos'; key: string; photos: Photo[] } | { kind: 'day'; key: string; day: string };

/** The photos in rows of `columns`. */
export function photoRows(photos: readonly Photo[], columns: number): GridRow[] {
  const rows: GridRow[] = [];
  for (let i = 0; i < photos.length; i += columns) rows.push({ kind: 'photos', key: photos[i]!.id, photos: photos.slice(i, i + columns) });
  return rows;
}

/** The photos by the day they were taken in `timeZone` (newest first, as listed), each day a heading and its rows. */
export function photoRowsByDay(photos: readonly Photo[], columns: number, timeZone: string): GridRow[] {
  const rows: GridRow[] = [];
  let day: string | null = null;
  let group: Photo[] = [];
  const flush = () => {
    if (day !== null) rows.push({ kind: 'day', key: `day-${day}`, day }, ...photoRows(group, columns));
  };
  for (const photo of photos) {
    const d = localDate(new Date(photo.taken_at), timeZone);
    if (d !== day) {
      flush();
      day = d;
      group = [];
    }
    group.push(photo);
  }
  flush();
  return rows;
}
