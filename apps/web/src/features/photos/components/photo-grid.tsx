import type { Photo } from '@fieldbook/contract';
import { Center, Loader, Text } from '@mantine/core';
import { observeElementRect, useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useMemo, useRef, useState } from 'react';
import { columnsFor, type GridRow } from '../lib/photo-grid';
import { PhotoThumb } from './photo-thumb';

const GAP = 6;
const DAY_ROW_HEIGHT = 36;

type PhotoGridProps = {
  /** The rows for a number of columns (photoRows, or photoRowsByDay for the timeline). */
  rowsFor: (columns: number) => GridRow[];
  hasMore: boolean;
  isLoadingMore: boolean;
  onLoadMore: () => void;
  onOpen: (photo: Photo) => void;
  /** Compare mode: the chosen photos' ids (cells become toggles). */
  selected?: ReadonlySet<string> | undefined;
  dayLabel?: (day: string) => string;
  /** The scroll area's largest height (it is as tall as its rows up to this). */
  height?: string;
};

/**
 * The photos in a virtualized grid (@tanstack/react-virtual): rows of N squares, N from the grid's width (3 at 390 px),
 * and only the rows in view (and a few around) in the page, so 2,000 photos scroll as smoothly as 20. The next page is
 * asked for when the last rows come into view.
 */
export function PhotoGrid({ rowsFor, hasMore, isLoadingMore, onLoadMore, onOpen, selected, dayLabel, height = 'min(70dvh, 760px)' }: PhotoGridProps) {
  const scroller = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  const columns = columnsFor(width);
  const rows = useMemo(() => rowsFor(columns), [rowsFor, columns]);
  const cell = width > 0 ? Math.floor((width - GAP * (columns - 1)) / columns) : 120;
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: (i) => (rows[i]?.kind === 'day' ? DAY_ROW_HEIGHT : cell + GAP),
    getItemKey: (i) => rows[i]?.key ?? i,
    overscan: 3,
    // The scroll area's width decides the columns: taken from the virtualizer's own watch of its size, at every change.
    // (Not onChange: it fires only when the rows in view change, so a window widened with all rows in view kept 3
    // columns at 1280 px — seen in the e2e photos walk.)
    observeElementRect: (instance, cb) =>
      observeElementRect(instance, (rect) => {
        cb(rect);
        setWidth(rect.width);
      }),
  });
  // Row heights follow the cell size: measured again when the width changes.
  useEffect(() => virtualizer.measure(), [cell, virtualizer]);

  const items = virtualizer.getVirtualItems();
  const lastIndex = items.at(-1)?.index ?? -1;
  useEffect(() => {
    if (hasMore && !isLoadingMore && lastIndex >= rows.length - 4) onLoadMore();
  }, [hasMore, isLoadingMore, lastIndex, rows.length, onLoadMore]);

  return (
    // At most `height` tall, and no taller than its rows: a job with five photos has no screen of empty grid below them.
    <div ref={scroller} style={{ maxHeight: height, overflowY: 'auto' }} data-testid="photo-grid">
      <div style={{ height: virtualizer.getTotalSize() + (isLoadingMore ? 40 : 0), position: 'relative', width: '100%' }} role="list" aria-label="Photos">
        {items.map((item) => {
          const row = rows[item.index]!;
          return (
            <div key={item.key} role="listitem" style={{ position: 'absolute', top: 0, left: 0, width: '100%', transform: `translateY(${item.start}px)` }}>
              {row.kind === 'day' ? (
                <Text fw={600} size="sm" pt={10} h={DAY_ROW_HEIGHT}>
                  {dayLabel ? dayLabel(row.day) : row.day}
                </Text>
              ) : (
                <div style={{ display: 'flex', gap: GAP, paddingBottom: GAP }}>
                  {row.photos.map((photo) => (
                    <PhotoThumb key={photo.id} photo={photo} size={cell} onOpen={() => onOpen(photo)} isSelected={selected ? selected.has(photo.id) : undefined} />
                  ))}
                </div>
              )}
            </div>
          );
        })}
        {isLoadingMore && (
          <Center pos="absolute" bottom={0} left={0} right={0} h={40}>
            <Loader size="sm" aria-label="Loading more photos" />
          </Center>
        )}
      </div>
    </div>
  );
}
