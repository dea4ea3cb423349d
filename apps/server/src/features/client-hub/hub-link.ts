import { HUB_LINK_FRESH_DAYS, HUB_SESSION_HOURS } from '@fieldbook/contract';
import { HUB_LINKS, makeClientLink, signedClientLinkId } from '../../platform/client-links';
import { readLink, signLink } from '../../platform/signed-link';
import type { TokenSigner } from '../../platform/tokens';

const FRESH_MS = HUB_LINK_FRESH_DAYS * 86_400_000;
const SESSION_SECONDS = HUB_SESSION_HOURS * 3600;
const SESSION_PURPOSE = 'client-hub-session';

/**
 * The client's hub link, `{PUBLIC_URL}/h/{token}` (the client side's one home, platform/client-links.ts): the hub's id,
 * signed, with an expiry HUB_LINK_FRESH_DAYS after it was made. Nothing is stored per link: its sending time is its
 * expiry less the fresh days, which is all the hub needs to tell fresh from old and revoked from live.
 */
export function hubLink(signer: TokenSigner, publicUrl: string, hubId: string, now: Date, validAfter: Date | null = null): string {
  // A link's time is in whole seconds and a revocation is the next whole second (revokeContactHub): one made in the
  // revoking second is dated from then, so it opens while every link made before the revocation stays refused.
  const from = validAfter && validAfter > now ? validAfter : now;
  return makeClientLink(signer, publicUrl, HUB_LINKS, { id: hubId, expiresAt: new Date(from.getTime() + FRESH_MS) }, now);
}

/** A genuine hub token's hub, when it was made and whether it is still fresh; null for anything else. */
export function readHubToken(signer: TokenSigner, token: string, now: Date): { hubId: string; issuedAt: Date; isFresh: boolean } | null {
  const hubId = signedClientLinkId(signer, HUB_LINKS, token, now);
  if (!hubId) return null;
  const expiresAt = Number(token.split('.')[1]) * 1000;
  return { hubId, issuedAt: new Date(expiresAt - FRESH_MS), isFresh: expiresAt > now.getTime() };
}

/**
 * The session a correct code gives (issue 36): a signed, httpOnly cookie rather than a fresh link handed to the page.
 * A fresh link would be a bearer token for 14 days that the page keeps in its address bar, history and anything the
 * client forwards; the cookie lives HUB_SESSION_HOURS, only in the browser that typed the code, out of reach of the
 * page's scripts (HttpOnly), sent only to the hub's API (Path) by the app's own pages (SameSite=Strict). It is
 * `<hub id>.<expiry>.<mac>` under a key of its own, so nothing is stored; revoking the hub's links ends it too (its
 * making time is its expiry less its hours, compared with `links_valid_after`). One cookie per hub: a browser may
 * hold the hubs of two contractors.
 */
const cookieName = (hubId: string) => `fb_hub_${hubId.replaceAll('-', '')}`;

export function hubSessionCookie(signer: TokenSigner, hubId: string, now: Date, secure: boolean): { header: string; expiresAt: Date } {
  const { token, expiresAt } = signLink(signer, SESSION_PURPOSE, hubId, SESSION_SECONDS, now);
  return { header: `${cookieName(hubId)}=${token}; Path=/api/public/hub; Max-Age=${SESSION_SECONDS}; HttpOnly; SameSite=Strict${secure ? '; Secure' : ''}`, expiresAt };
}

/** When this browser's live session for `hubId` was made, or null (none, forged, another hub's, expired). */
export function hubSessionStart(signer: TokenSigner, hubId: string, cookieHeader: string | undefined, now: Date): Date | null {
  const name = cookieName(hubId);
  for (const part of (cookieHeader ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq === -1 || part.slice(0, eq).trim() !== name) continue;
    const value = part.slice(eq + 1).trim();
    if (readLink(signer, SESSION_PURPOSE, value, now) !== hubId) return null;
    return new Date(Number(value.split('.')[1]) * 1000 - SESSION_SECONDS * 1000);
  }
  return null;
}
