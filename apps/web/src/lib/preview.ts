/** Home task previews are 80 characters (spec 001 §9). */
export const TASK_PREVIEW_LENGTH = 80;

/** One line of at most `max` characters of the text, with '…' when something was cut. */
export function previewText(text: string, max = TASK_PREVIEW_LENGTH): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length <= max ? line : `${line.slice(0, max).trimEnd()}…`;
}
