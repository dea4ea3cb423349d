/**
 * Where the caret belongs after the phone input re-formats its value: after the same number of digits as
 * before the caret in what was typed. Without this a controlled input puts the caret at the end, so a
 * correction in the middle of a number sends the next keystroke to the end.
 */
export function caretAfterFormat(typed: string, caret: number, formatted: string): number {
  const digitsBefore = typed.slice(0, caret).replace(/\D/g, '').length;
  if (digitsBefore === 0) return formatted.startsWith('(') && formatted.length > 1 ? 1 : 0;
  let seen = 0;
  for (let i = 0; i < formatted.length; i++) {
    if (/\d/.test(formatted[i]!)) seen++;
    if (seen === digitsBefore) return i + 1;
  }
  return formatted.length;
}
