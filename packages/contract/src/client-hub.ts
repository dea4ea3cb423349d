import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { InvoiceStatusSchema } from './invoices';
import { QuoteStatusSchema } from './quotes';
import { VisitStatusSchema } from './schedule';

/**
 * The client hub (issue 36): one page per client contact of a workspace, `/h/:token`, opened from a link in every
 * message Fieldbook sends them — no password. A link is fresh for HUB_LINK_FRESH_DAYS after it was sent; an older one
 * still opens the hub after the client confirms with a one-time code texted or emailed to them, until
 * HUB_LINK_MAX_DAYS; the contractor revokes every link sent before a moment from the contact's page.
 */
export const HUB_LINK_FRESH_DAYS = 14;
/** After this a link opens nothing, code or not: the client asks for a new one (any message brings one). */
export const HUB_LINK_MAX_DAYS = 365;
/** The session a correct code gives the browser that typed it. */
export const HUB_SESSION_HOURS = 12;
export const HUB_CODE_TTL_MINUTES = 10;
export const HUB_CODE_RESEND_SECONDS = 60;
/** Wrong tries one code allows (then another must be sent). */
export const HUB_CODE_MAX_ATTEMPTS = 5;
/** Wrong codes one hub allows an hour, whatever code or address they came from. */
export const HUB_CODE_MAX_WRONG_PER_HOUR = 10;
/** How many of each list the page shows (newest first; bounded work per request). */
export const HUB_LIST_LIMIT = 50;

export const HUB_LINK_INVALID = 'This link is not valid. Ask your contractor to send it again.';
export const HUB_LINK_EXPIRED = 'This link is too old to open. Ask your contractor to send you a new one.';
export const HUB_LINK_REVOKED = (company: string) => `${company} has turned this link off. Ask them to send you a new one.`;
export const HUB_CODE_INVALID = 'That code is wrong or has expired';
export const HUB_CODE_EXHAUSTED = 'Too many wrong codes. Send a new code and try again.';
export const HUB_CODE_TOO_MANY = (retryIn: string) => `Too many wrong codes for this page. Try again in ${retryIn}.`;
export const HUB_CODE_REQUIRED = 'Enter the 6-digit code we sent you';
export const HUB_NO_ADDRESS = (method: 'sms' | 'email') => (method === 'sms' ? 'We have no phone number to text a code to' : 'We have no email address to send a code to');
export const HUB_CONTACT_NOT_FOUND = 'Contact not found';

/** What the message texts say before the hub's link (quotes', invoices' and reminders' messages). */
export const hubLinkLine = (company: string, link: string) => `All your work with ${company}: ${link}`;

const TokenParamsSchema = z.object({ token: z.string().max(200) });
const IdParamsSchema = z.object({ id: z.uuid() });

export const HubQuoteSchema = z.object({ number: z.string(), title: z.string(), status: QuoteStatusSchema, expires_on: z.string(), link: z.string() });
export const HubInvoiceSchema = z.object({
  number: z.string(),
  title: z.string(),
  status: InvoiceStatusSchema,
  total_cents: z.number().int(),
  balance_cents: z.number().int(),
  due_on: z.string().nullable(),
  link: z.string(),
});
export const HubVisitSchema = z.object({
  id: z.uuid(),
  job_title: z.string().nullable(),
  starts_at: z.string(),
  ends_at: z.string(),
  all_day: z.boolean(),
  local_date: z.string(),
  end_local_date: z.string(),
  /** The arrival window, wall-clock 'HH:MM' in the workspace's zone (both or neither). */
  arrival_start: z.string().nullable(),
  arrival_end: z.string().nullable(),
  status: VisitStatusSchema,
});
/** Photos the contractor chose to share on the client's jobs: a live gallery (the photos feature's shared link). */
export const HubGallerySchema = z.object({ label: z.string(), photo_count: z.number().int(), shared_at: z.string(), link: z.string() });
/**
 * A document the contractor sent this client (a send by email or text records its contact): listed while the send's
 * download link lives (7 days from the last send), the same link — it downloads without signing in.
 */
export const HubDocumentSchema = z.object({ name: z.string(), label: z.string(), shared_at: z.string(), link_expires_at: z.string(), link: z.string() });
export type HubQuote = z.infer<typeof HubQuoteSchema>;
export type HubDocument = z.infer<typeof HubDocumentSchema>;
export type HubInvoice = z.infer<typeof HubInvoiceSchema>;
export type HubVisit = z.infer<typeof HubVisitSchema>;
export type HubGallery = z.infer<typeof HubGallerySchema>;

/** The hub's content. Each list may be empty: the page shows a section only when it has something. */
export const ClientHubSchema = z.object({
  company: z.string(),
  /** Who to call: the member who last sent this client something. */
  contractor: z.object({ name: z.string().nullable(), phone: z.string().nullable(), email: z.string().nullable() }),
  client_name: z.string(),
  /** The workspace's IANA zone: every date and time on the page is read in it. */
  time_zone: z.string(),
  quotes: z.array(HubQuoteSchema),
  invoices: z.array(HubInvoiceSchema),
  upcoming_visits: z.array(HubVisitSchema),
  past_visits: z.array(HubVisitSchema),
  /** Shared photos: the live galleries of the client's jobs. */
  galleries: z.array(HubGallerySchema),
  /** Documents sent to this client whose download link still lives (an older server's answer has none). */
  documents: z.array(HubDocumentSchema).default([]),
});
export type ClientHub = z.infer<typeof ClientHubSchema>;

/** Where a code can be sent, hinted (the last digits, the mailbox's first letter and domain). */
export const HubCodeDestinationSchema = z.object({ method: z.enum(['sms', 'email']), hint: z.string() });

/** GET /api/public/hub/:token: the hub, or — for a link past its fresh days without a session — the code step. */
export const ClientHubViewSchema = z.discriminatedUnion('state', [
  z.object({ state: z.literal('open'), hub: ClientHubSchema }),
  z.object({ state: z.literal('confirm'), company: z.string(), destinations: z.array(HubCodeDestinationSchema) }),
]);
export type ClientHubView = z.infer<typeof ClientHubViewSchema>;

export const SendHubCodeBodySchema = z.object({ method: z.enum(['sms', 'email'], { error: 'Choose where to send the code' }) });
export const HubCodeSentSchema = z.object({ method: z.enum(['sms', 'email']), hint: z.string(), expires_at: z.string() });
export const ConfirmHubCodeBodySchema = z.object({ code: z.string({ error: HUB_CODE_REQUIRED }).trim().regex(/^\d{6}$/, HUB_CODE_REQUIRED) });
export const HubConfirmedSchema = z.object({ ok: z.literal(true), session_expires_at: z.string() });

/** The contact's page: their hub's link (made fresh each time; nothing is stored per link) and its revocation. */
export const ContactHubSchema = z.object({ link: z.string(), links_valid_after: z.string().nullable() });
export type ContactHub = z.infer<typeof ContactHubSchema>;

const tags = ['client-hub'];

export const clientHubEndpoints = {
  publicView: defineEndpoint({
    method: 'GET',
    path: '/api/public/hub/:token',
    access: 'public',
    summary: "The client's hub by its link: the page, or the code step for a link past its fresh days; marks nothing",
    tags,
    params: TokenParamsSchema,
    response: ClientHubViewSchema,
  }),
  publicSendCode: defineEndpoint({
    method: 'POST',
    path: '/api/public/hub/:token/code',
    access: 'public',
    summary: "Texts or emails a one-time code to the hub's client (one a minute at most; the same answer meanwhile)",
    tags,
    params: TokenParamsSchema,
    body: SendHubCodeBodySchema,
    response: HubCodeSentSchema,
  }),
  publicConfirm: defineEndpoint({
    method: 'POST',
    path: '/api/public/hub/:token/confirm',
    access: 'public',
    summary: 'The code sent to the client: a correct one gives this browser a short session for the hub (an httpOnly cookie)',
    tags,
    params: TokenParamsSchema,
    body: ConfirmHubCodeBodySchema,
    response: HubConfirmedSchema,
  }),
  contactHub: defineEndpoint({
    method: 'GET',
    path: '/api/contacts/:id/hub',
    access: 'workspace',
    summary: "A fresh link to the contact's client hub in the caller's workspace (Copy link), and when links were last revoked",
    tags,
    params: IdParamsSchema,
    response: ContactHubSchema,
  }),
  revokeContactHub: defineEndpoint({
    method: 'POST',
    path: '/api/contacts/:id/hub/revoke',
    access: 'workspace',
    summary: "Turns off every link to the contact's client hub sent until now (and the sessions they gave); new messages bring new links",
    tags,
    params: IdParamsSchema,
    response: ContactHubSchema,
  }),
};
