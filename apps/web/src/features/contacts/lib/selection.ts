/**
 * The picker's selection after a click on `id`: a second click removes it; with maxSelection 1 a new pick
 * replaces the old one (a single choice); otherwise picks beyond the maximum are refused (default unlimited).
 */
export function nextSelection(value: readonly string[], id: string, maxSelection?: number): string[] {
  if (value.includes(id)) return value.filter((v) => v !== id);
  if (maxSelection === 1) return [id];
  if (maxSelection !== undefined && value.length >= maxSelection) return [...value];
  return [...value, id];
}
