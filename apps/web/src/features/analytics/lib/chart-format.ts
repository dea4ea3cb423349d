const UNITS = ['Bytes', 'KB', 'MB', 'GB', 'TB'];

/** Spec 002 §9 storage: Bytes, KB, MB, GB, TB on base 1024, 2 decimals by default (0 on the chart axis). */
export function formatStorage(bytes: number, decimals = 2): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return '0 Bytes';
  const exponent = Math.min(Math.floor(Math.log(bytes) / Math.log(1024)), UNITS.length - 1);
  return `${(bytes / 1024 ** exponent).toFixed(exponent === 0 ? 0 : decimals)} ${UNITS[exponent]}`;
}

/** The pie's 6-colour palette (spec 002 §2). */
export const PIE_COLORS = ['#1c7ed6', '#37b24d', '#f59f00', '#e8590c', '#ae3ec9', '#0ca678'];

/** A bucket's label: 'Nov 24' for days and weeks, 'Nov 2026' for months. */
export function bucketLabel(start: string, bucket: 'day' | 'week' | 'month'): string {
  const d = new Date(`${start}T00:00:00Z`);
  return bucket === 'month'
    ? d.toLocaleDateString('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' })
    : d.toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
}

export const RANGE_OPTIONS = [
  { value: '7', label: 'Last 7 Days' },
  { value: '30', label: 'Last 30 Days' },
  { value: '90', label: 'Last 90 Days' },
  { value: '365', label: 'Last Year' },
];

/** An A/R bucket's name under its bar, short enough for five under a phone-wide chart ('1–30', '90+'); the table says 'days'. */
export const agingAxisLabel = (label: string) => label.replace(/ days$/, '');

/**
 * A money axis (cents) from $0: up to at least $100, so an empty chart (nothing owed, nothing received) or one of a few
 * cents is not scaled to a fraction of a cent, whose ticks all read "$0"; above that, the chart's own rounded top.
 */
export const moneyAxisDomain = (cents: readonly number[]): [number, number | 'auto'] => (Math.max(0, ...cents.filter(Number.isFinite)) < 10_000 ? [0, 10_000] : [0, 'auto']);
