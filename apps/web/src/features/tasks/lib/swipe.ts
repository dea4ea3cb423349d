/** A swipe right of more than this many pixels marks a task complete (spec 001 §9). */
export const SWIPE_COMPLETE_PX = 50;

/** Movement below this is still a tap; above it the gesture's direction is decided once. */
export const SWIPE_DECIDE_PX = 8;

export type SwipeAxis = 'undecided' | 'horizontal' | 'vertical';

/** The gesture's axis once it has moved far enough: a mostly-vertical drag is a scroll and never completes. */
export function swipeAxis(dx: number, dy: number): SwipeAxis {
  if (Math.max(Math.abs(dx), Math.abs(dy)) < SWIPE_DECIDE_PX) return 'undecided';
  return Math.abs(dx) > Math.abs(dy) ? 'horizontal' : 'vertical';
}

/** Whether a finished horizontal drag completes the task: rightwards, more than 50 px. */
export function isCompletingSwipe(axis: SwipeAxis, dx: number): boolean {
  return axis === 'horizontal' && dx > SWIPE_COMPLETE_PX;
}
