/**
 * A button's `flex` in a wrapping row of actions: on a phone it fills what is left of its line (two buttons a line,
 * edges aligned, instead of one ragged button a line); from `sm` up it keeps its own width.
 */
export const GROW_ON_PHONE = { base: '1 1 auto', sm: '0 0 auto' };
