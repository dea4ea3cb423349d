/**
 * A calendar day ('YYYY-MM-DD', already in the workspace's zone — a due date, a payment's date) in words: "March 24,
 * 2026", or "Mar 24, 2026" with `short`. Not moved by the reader's zone.
 */
export function dayInWords(isoDate: string, { short = false }: { short?: boolean } = {}): string {
  return new Date(`${isoDate}T12:00:00Z`).toLocaleDateString('en-US', { timeZone: 'UTC', year: 'numeric', month: short ? 'short' : 'long', day: 'numeric' });
}
