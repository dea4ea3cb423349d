import { isDriveReturnError } from '@fieldbook/contract';

/**
 * App links (spec 000/002, issue 26): the address the phone app was opened with — `fieldbook://…` or a verified https
 * App Link of the server — as the in-app route to show. Everything that arrives here is untrusted (any app or web page
 * can fire a `fieldbook://` intent, and an explicit intent skips the manifest's host filter): only the known links of
 * trusted hosts map to their screens, with their token or id checked by shape; anything else goes home ('/'). The
 * answer is always a path of this app: never another origin, a scheme, or a path the link wrote itself.
 *
 *   fieldbook://accept-invitation?token=T        → /invitation/T   (the invitation screen: accept with the texted code)
 *   https://{host}/invitation/T                  → /invitation/T
 *   https://{host}/accept-invitation?token=T     → /invitation/T
 *   https://{host}/group-invite/{uuid}           → /group-invite/{uuid}
 *   fieldbook://drive-connected?result=R&return_to=/jobs       → /jobs?drive_result=R   (Google Drive's return, issue 25)
 *   fieldbook://drive-connected?drive_error=C&return_to=/jobs  → /jobs?drive_error=C
 *
 * A Drive error is one of the codes the server's callback sends (DRIVE_RETURN_ERRORS): Settings shows the app's own
 * text for it, so a link cannot put words of its own on screen; any other value goes home. A result code is only ever
 * presented to the server, which accepts it from the session that started the connect alone.
 */

export const APP_SCHEME = 'fieldbook:';
const HOME = '/';
/** An invitation token (base64url) or a Drive result code. */
const TOKEN = /^[A-Za-z0-9_-]{8,200}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A path of this app to come back to: plain segments only. */
const RETURN_PATH = /^(?:\/[A-Za-z0-9_-][A-Za-z0-9._~-]*)*\/?$/;

export type AppLinkContext = {
  /** The hosts (host[:port]) whose https links are this app's: the API server's (built-in default and current). */
  trustedHosts: readonly string[];
};

function parse(raw: unknown): URL | null {
  if (typeof raw !== 'string' || raw.length > 4096) return null;
  try {
    return new URL(raw);
  } catch {
    return null;
  }
}

const invitation = (token: string | null) => (token && TOKEN.test(token) ? `/invitation/${token}` : HOME);

/** Where Drive's return goes back to: a plain path of the app (no '..', no '//', no scheme), else home. */
function returnPath(value: string | null): string {
  if (!value || value.length > 300 || !RETURN_PATH.test(value) || value.split('/').some((s) => s === '.' || s === '..')) return HOME;
  return value;
}

function driveReturn(q: URLSearchParams): string {
  const path = returnPath(q.get('return_to'));
  const result = q.get('result');
  if (result !== null) return TOKEN.test(result) ? `${path}?drive_result=${result}` : HOME;
  const error = q.get('drive_error');
  if (isDriveReturnError(error)) return `${path}?drive_error=${error}`;
  return HOME;
}

/** The in-app route for an opened link (see above); '/' for anything unknown, malformed or from elsewhere. */
export function appLinkRoute(raw: unknown, ctx: AppLinkContext): string {
  const url = parse(raw);
  if (!url || url.username || url.password) return HOME;

  if (url.protocol === APP_SCHEME) {
    // fieldbook://accept-invitation?token=… (the action is the URL's host; a path after it is not one of ours)
    const action = url.host.toLowerCase();
    if (url.pathname !== '' && url.pathname !== '/') return HOME;
    if (action === 'accept-invitation') return invitation(url.searchParams.get('token'));
    if (action === 'drive-connected') return driveReturn(url.searchParams);
    return HOME;
  }

  if (url.protocol === 'https:' && ctx.trustedHosts.includes(url.host.toLowerCase())) {
    // The parser has already resolved dot segments ('/invitation/../x' is '/x'); each id is checked by shape.
    const segments = url.pathname.split('/').slice(1);
    if (segments.at(-1) === '') segments.pop();
    if (segments.length === 2 && segments[0] === 'invitation') return invitation(segments[1] ?? null);
    if (segments.length === 1 && segments[0] === 'accept-invitation') return invitation(url.searchParams.get('token'));
    if (segments.length === 2 && segments[0] === 'group-invite' && UUID.test(segments[1] ?? '')) return `/group-invite/${segments[1]!.toLowerCase()}`;
    return HOME;
  }
  return HOME;
}

/** The hosts of the given API bases (absolute http(s) addresses; others are skipped), lower-case, for `trustedHosts`. */
export function hostsOf(bases: readonly (string | null | undefined)[]): string[] {
  const hosts = new Set<string>();
  for (const base of bases) {
    const url = base ? parse(base) : null;
    if (url && (url.protocol === 'https:' || url.protocol === 'http:')) hosts.add(url.host.toLowerCase());
  }
  return [...hosts];
}
