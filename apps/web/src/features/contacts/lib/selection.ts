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

/**
 * The selection after picking a whole contact group: its contacts are added after those already chosen, in the
 * group's order, up to maxSelection (a single choice takes the first). Contacts already chosen stay once.
 */
export function withGroupSelected(value: readonly string[], groupIds: readonly string[], maxSelection?: number): string[] {
  if (maxSelection === 1) return groupIds.length ? [groupIds[0]!] : [...value];
  const next = [...value];
  for (const id of groupIds) {
    if (maxSelection !== undefined && next.length >= maxSelection) break;
    if (!next.includes(id)) next.push(id);
  }
  return next;
}
