/**
 * A failure message with its prefix once (issue 32 item 11: "Failed to disconnect from Google Drive: Failed to
 * disconnect from Google Drive: …"). The server already answers some of the spec's messages whole; the screen adds the
 * prefix only to a reason that does not start with it.
 */
export function onePrefix(prefix: string, reason: string, compose: (reason: string) => string = (r) => `${prefix}: ${r}`): string {
  return reason.startsWith(prefix) ? reason : compose(reason);
}
