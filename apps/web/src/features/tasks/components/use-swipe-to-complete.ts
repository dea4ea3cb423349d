import { useCallback, useRef, useState, type PointerEvent } from 'react';
import { isCompletingSwipe, swipeAxis, SWIPE_COMPLETE_PX, type SwipeAxis } from '../lib/swipe';

/** How far the card follows the finger; a little past the threshold so the user sees it "take". */
const MAX_DRAG_PX = SWIPE_COMPLETE_PX * 2.4;

type Gesture = { pointerId: number; x: number; y: number; axis: SwipeAxis; dx: number };

/**
 * Swipe right to complete on touch screens (spec 001 §2, §9). Pointer events with `touch-action: pan-y`:
 * the browser keeps vertical panning (it scrolls and sends pointercancel, which drops the gesture), while a
 * horizontal drag stays with us. Mouse pointers are ignored: on a desktop the buttons do the job.
 */
export function useSwipeToComplete({ isEnabled, onComplete }: { isEnabled: boolean; onComplete: () => void }) {
  const gesture = useRef<Gesture | null>(null);
  const [offset, setOffset] = useState(0);

  const reset = useCallback(() => {
    gesture.current = null;
    setOffset(0);
  }, []);

  const onPointerDown = useCallback(
    (e: PointerEvent<HTMLElement>) => {
      if (!isEnabled || e.pointerType === 'mouse' || !e.isPrimary) return;
      gesture.current = { pointerId: e.pointerId, x: e.clientX, y: e.clientY, axis: 'undecided', dx: 0 };
    },
    [isEnabled],
  );

  const onPointerMove = useCallback(
    (e: PointerEvent<HTMLElement>) => {
      const g = gesture.current;
      if (!g || e.pointerId !== g.pointerId) return;
      const dx = e.clientX - g.x;
      const dy = e.clientY - g.y;
      if (g.axis === 'undecided') g.axis = swipeAxis(dx, dy);
      if (g.axis === 'vertical') return reset();
      if (g.axis === 'horizontal') {
        g.dx = dx;
        setOffset(Math.max(0, Math.min(dx, MAX_DRAG_PX)));
      }
    },
    [reset],
  );

  const onPointerUp = useCallback(
    (e: PointerEvent<HTMLElement>) => {
      const g = gesture.current;
      if (!g || e.pointerId !== g.pointerId) return;
      const dx = e.clientX - g.x;
      const isComplete = isCompletingSwipe(g.axis, dx);
      reset();
      if (isComplete) onComplete();
    },
    [onComplete, reset],
  );

  return {
    offset,
    isArmed: offset > SWIPE_COMPLETE_PX,
    handlers: { onPointerDown, onPointerMove, onPointerUp, onPointerCancel: reset },
  };
}
