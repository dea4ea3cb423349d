import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { createRateLimiter, enforceRateLimit } from './rate-limit';
import { readLink, signLink } from './signed-link';
import type { TokenSigner } from './tokens';

/**
 * The one home of the client's side (design.md §4): a quote to approve, an invoice to pay, and later the client hub,
 * shared galleries and work requests are all pages a client opens by a signed link, without an account. What they
 * share lives here, each kind naming only its own parts:
 *
 * - the link: `{PUBLIC_URL}{pagePath}/{token}`, token = id.expiry.mac under a key of the kind's own (signed-link.ts), so
 *   a quote's token opens no invoice. Nothing is stored per link.
 * - revoking: by the state of what the link opens, never a list of links — a withdrawn quote's every link answers
 *   "withdrawn", a voided invoice's answers "voided" (and names the one issued in its place). The owner decides what a
 *   state shows; `readClientLink` only tells genuine from forged and live from expired.
 * - limits (`limitClientLinks`): before anything is read, each request is counted per client address over every
 *   client link of every kind (AUTH_RATE_LIMIT a minute: bounds guesses at links), and — only when the link's signature
 *   holds, so forged links cannot spend a client's allowance — per linked item (the kind's limit per 15 minutes).
 * - what counts as a view: only the POST the rendered page sends (the web's `useViewOnce`, components/client-page). A
 *   GET of the page's content marks nothing: message previews and mail scanners fetch links too (issue 32 item 4). The
 *   owner's "viewed" endpoint sets its viewed state once (a conditional update) and tells the author then.
 */
export type ClientLinkKind = {
  /** The key's purpose (tokens.ts `mac`): one per kind. */
  purpose: string;
  /** The web page that opens the link: '/q' (quotes), '/i' (invoices). */
  pagePath: string;
  /** What the client is told the link is, in messages: 'quote', 'invoice'. */
  noun: string;
};

export const QUOTE_LINKS: ClientLinkKind = { purpose: 'quote', pagePath: '/q', noun: 'quote' };
export const INVOICE_LINKS: ClientLinkKind = { purpose: 'invoice', pagePath: '/i', noun: 'invoice' };
/** An automatic email's unsubscribe link (features/client-messages): its id is the send the email was, so it names one workspace and address. */
export const UNSUBSCRIBE_LINKS: ClientLinkKind = { purpose: 'unsubscribe', pagePath: '/unsubscribe', noun: 'unsubscribe' };
/**
 * A client contact's hub (issue 36, features/client-hub): the link names the hub, and its expiry is its sending time
 * plus the fresh days — an expired hub link is not dead but asks for a one-time code (the hub decides; revoking is the
 * hub's `links_valid_after`).
 */
export const HUB_LINKS: ClientLinkKind = { purpose: 'client-hub', pagePath: '/h', noun: 'hub' };
/** A job's shared photo gallery (issue 35): revoked by the gallery row's revoked_at, the one kind that stores its revocation. */
export const GALLERY_LINKS: ClientLinkKind = { purpose: 'gallery', pagePath: '/g', noun: 'gallery' };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** How long a per-item window lasts. */
export const CLIENT_LINK_WINDOW_MS = 15 * 60_000;

/** A client's link to one item until `expiresAt` (at least a second from now). */
export function makeClientLink(signer: TokenSigner, publicUrl: string, kind: ClientLinkKind, item: { id: string; expiresAt: Date }, now: Date): string {
  const ttl = Math.max(1, Math.ceil((item.expiresAt.getTime() - now.getTime()) / 1000));
  return `${publicUrl}${kind.pagePath}/${signLink(signer, kind.purpose, item.id, ttl, now).token}`;
}

/** The item id of a genuine token, 'expired' past its time, null for anything else (tampered, another kind). */
export function readClientLink(signer: TokenSigner, kind: ClientLinkKind, token: string, now: Date): string | 'expired' | null {
  return readLink(signer, kind.purpose, token, now);
}

/**
 * The item id of a link whose signature holds — expired or not: the id is signed, so an expired link still names its
 * item — or null for anything else (no link, tampered, forged, another kind). A MAC check, nothing read.
 */
export function signedClientLinkId(signer: TokenSigner, kind: ClientLinkKind, token: unknown, now: Date): string | null {
  if (typeof token !== 'string') return null;
  const read = readClientLink(signer, kind, token, now);
  if (read === null) return null;
  const id = read === 'expired' ? token.slice(0, token.indexOf('.')) : read;
  return UUID.test(id) ? id.toLowerCase() : null;
}

/**
 * Counts every request to a kind's public endpoints (those under `apiPrefix`, their `:token` param the link) before
 * anything is read or parsed, then 429 RATE_LIMITED "Too many requests for this <noun> link. Try again in …". Register
 * it in the feature's own plugin scope. req.ip follows TRUSTED_PROXIES only (Fastify's trustProxy): a header any client
 * can set moves no counter.
 */
export function limitClientLinks(
  app: FastifyInstance,
  opts: { db: Db; signer: TokenSigner; now: () => Date; kind: ClientLinkKind; apiPrefix: string; perAddress: number; perItem: number; perItemName: string },
): void {
  const { db, signer, now, kind } = opts;
  // One counter per address over every kind's links: a guesser gains nothing by switching kinds.
  const perAddress = createRateLimiter({ db, name: 'client-link-ip', limit: opts.perAddress, windowMs: 60_000, now });
  const perItem = createRateLimiter({ db, name: opts.perItemName, limit: opts.perItem, windowMs: CLIENT_LINK_WINDOW_MS, now });
  const tooMany = (retryIn: string) => `Too many requests for this ${kind.noun} link. Try again in ${retryIn}.`;
  app.addHook('onRequest', async (req: FastifyRequest) => {
    if (!req.routeOptions.url?.startsWith(opts.apiPrefix)) return;
    await enforceRateLimit(perAddress, req.ip, { message: tooMany });
    const id = signedClientLinkId(signer, kind, (req.params as { token?: unknown }).token, now());
    if (id) await enforceRateLimit(perItem, id, { message: tooMany });
  });
}

/** The path prefix of an endpoint path up to its first parameter: '/api/public/quotes/:token' → '/api/public/quotes/'. */
export const publicPrefixOf = (path: string) => path.slice(0, path.indexOf(':'));

/**
 * The client hub's line for a message to a client (issue 36): "All your work with <company>: <hub link>". The hub
 * (features/client-hub `clientHubLinks`) reads the quotes and invoices it links, so they cannot import it: app.ts and
 * main.ts hand this in to their sends and reminders. Made inside the message's transaction; absent, a message goes
 * without the line.
 */
export type ClientHubLinks = {
  /** A send to a chosen contact: the item becomes theirs on their hub, and the line is answered. */
  forSend: (tx: Db, opts: { workspaceId: string; contactId: string; senderId: string | null; company: string; item: { kind: 'quote' | 'invoice'; id: string; jobId: string }; now: Date }) => Promise<string>;
  /** A message about an item sent before (an invoice's reminder): the line of the hub it went through, or null. */
  forItem: (tx: Db, opts: { workspaceId: string; kind: 'quote' | 'invoice'; itemId: string; company: string; now: Date }) => Promise<string | null>;
};

/**
 * Whether a client opted out of automatic messages at these addresses (issue 36: never to a client who opted out).
 * The opt-outs are the client-messages feature's; features whose own automatic messages it does not send (the
 * invoices' overdue reminders) get this from main.ts, as they get the hub's links.
 */
export type ClientOptOuts = (tx: Db, workspaceId: string, addresses: { sms: string | null; email: string | null }) => Promise<{ sms: boolean; email: boolean }>;
