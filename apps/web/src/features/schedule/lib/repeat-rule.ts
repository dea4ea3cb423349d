/** The create dialog's Repeat choices, as the RRULE the server takes (no DTSTART: the visit's own start is it). */
export type Repeat = { kind: 'none' } | { kind: 'weekly' } | { kind: 'every_n_weeks'; weeks: number } | { kind: 'monthly_by_day' };

const DAYS = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'] as const;

/**
 * The RRULE of a repeat starting on `date` (its local date): weekly on its weekday, every N weeks, or monthly on the
 * same weekday of the month ('the second Tuesday': BYDAY=2TU; the last one of a month with five: -1).
 */
export function repeatRule(repeat: Repeat, date: string): string | null {
  const d = new Date(`${date}T00:00:00Z`);
  const day = DAYS[d.getUTCDay()]!;
  switch (repeat.kind) {
    case 'none':
      return null;
    case 'weekly':
      return `FREQ=WEEKLY;BYDAY=${day}`;
    case 'every_n_weeks':
      return `FREQ=WEEKLY;INTERVAL=${Math.max(1, Math.floor(repeat.weeks))};BYDAY=${day}`;
    case 'monthly_by_day': {
      const nth = Math.ceil(d.getUTCDate() / 7);
      return `FREQ=MONTHLY;BYDAY=${nth === 5 ? -1 : nth}${day}`;
    }
  }
}
