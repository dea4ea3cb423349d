const UNITS = ['Bytes', 'KB', 'MB', 'GB'] as const;

/**
 * A file size for people, on a 1024 base with the home screen's units (spec 001 §9: Bytes/KB/MB/GB):
 * 0 → '0 Bytes', 1536 → '1.5 KB', 5_242_880 → '5 MB'. Sizes past GB stay in GB. Unknown sizes give ''.
 */
export function formatFileSize(bytes: number | null | undefined): string {
  if (bytes === null || bytes === undefined || !Number.isFinite(bytes) || bytes < 0) return '';
  if (bytes === 0) return '0 Bytes';
  const exponent = Math.min(Math.floor(Math.log(bytes) / Math.log(1024)), UNITS.length - 1);
  const value = bytes / 1024 ** Math.max(exponent, 0);
  return `${Number.parseFloat(value.toFixed(exponent <= 0 ? 0 : 2))} ${UNITS[Math.max(exponent, 0)]}`;
}
