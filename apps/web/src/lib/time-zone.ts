/**
 * This browser's IANA time zone (e.g. America/Chicago), or undefined when it cannot say: uploads send it so the
 * server reads a file name's local time in it; analytics send it so days are the viewer's days.
 */
export function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}
