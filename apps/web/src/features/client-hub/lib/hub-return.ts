/**
 * The way back from a page the hub opened (a quote) to the hub (issue 36). The hub passes its own token in the history
 * state of an in-app navigation — never in the page's URL: the quote's link is sent, forwarded and kept on its own, and
 * must not carry a hub token to someone who has only the quote. So only a browser that came from this client's hub
 * (this tab, its history) is offered the way back, and the link it gets is the one it already had.
 */
type HubState = { fromHub?: unknown };

/** The history state for an in-app link from the hub whose token is `token`. */
export const hubState = (token: string): HubState => ({ fromHub: token });

/** The hub's path from a location's state, or null when the page was not opened from a hub (or the state is not ours). */
export function hubPathOf(state: unknown): string | null {
  const token = (state as HubState | null)?.fromHub;
  return typeof token === 'string' && /^[A-Za-z0-9._-]{1,200}$/.test(token) ? `/h/${token}` : null;
}

/**
 * The in-app path of a link the server made (`{PUBLIC_URL}/q/…`) when it is this app's own origin, else null (then it is
 * opened as a plain link, and the page it opens offers no way back).
 */
export function inAppPath(link: string): string | null {
  try {
    const url = new URL(link, window.location.href);
    return url.origin === window.location.origin ? `${url.pathname}${url.search}` : null;
  } catch {
    return null;
  }
}
