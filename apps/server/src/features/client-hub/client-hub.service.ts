import {
  HUB_CONTACT_NOT_FOUND,
  HUB_LINK_EXPIRED,
  HUB_LINK_INVALID,
  HUB_LINK_MAX_DAYS,
  HUB_LINK_REVOKED,
  HUB_LIST_LIMIT,
  type ClientHub,
  type ClientHubView,
  type ContactHub,
} from '@fieldbook/contract';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { requireWorkspace, type Actor } from '../../platform/auth-guard';
import { AppError } from '../../platform/errors';
import type { TokenSigner } from '../../platform/tokens';
import { findContactRecords, findContactsByIds } from '../contacts';
import { findSharedDocuments } from '../documents';
import { findClientInvoices, invoiceLink } from '../invoices';
import { findSharedGalleries } from '../photos';
import { findPeople } from '../profiles';
import { findClientQuotes, quoteLink } from '../quotes';
import { findClientVisits, type ClientVisitRow } from '../schedule';
import { workspaceName, workspaceTimeZone } from '../workspaces';
import { clientHubItems, clientHubs } from './client-hub.schema';
import { hubLink, hubSessionStart, readHubToken } from './hub-link';

export type HubDeps = { db: Db; signer: TokenSigner; publicUrl: string; now: Date };
export type HubRow = typeof clientHubs.$inferSelect;

/** What a message carried to the client: a quote or an invoice of a job. */
export type HubItem = { kind: 'quote' | 'invoice'; id: string; jobId: string };

/**
 * The link to `contactId`'s hub in `workspaceId` for a message about to be sent (issue 36): the hub is made the first
 * time, `item` is recorded as the contact's (the hub shows it from now on) and `senderId` becomes the member the page
 * names. Inside the sender's transaction (`db` may be one): the message, the item and the hub go together.
 */
export async function hubLinkFor(
  deps: Omit<HubDeps, 'db'> & { db: Db | Tx },
  opts: { workspaceId: string; contactId: string; senderId?: string | null; item?: HubItem; keepContractor?: boolean },
): Promise<string> {
  const { db, now } = deps;
  // A send names its sender; Copy link names its member only on a hub that names nobody yet.
  const contractor = opts.keepContractor ? sql`coalesce(${clientHubs.contractorId}, excluded.contractor_id)` : sql`coalesce(excluded.contractor_id, ${clientHubs.contractorId})`;
  const [hub] = await db
    .insert(clientHubs)
    .values({ workspaceId: opts.workspaceId, contactId: opts.contactId, contractorId: opts.senderId ?? null })
    .onConflictDoUpdate({ target: [clientHubs.workspaceId, clientHubs.contactId], set: { contractorId: contractor } })
    .returning({ id: clientHubs.id, linksValidAfter: clientHubs.linksValidAfter });
  if (opts.item) {
    await db
      .insert(clientHubItems)
      .values({ hubId: hub!.id, workspaceId: opts.workspaceId, kind: opts.item.kind, itemId: opts.item.id, jobId: opts.item.jobId, linkedAt: now })
      .onConflictDoUpdate({ target: [clientHubItems.hubId, clientHubItems.kind, clientHubItems.itemId], set: { linkedAt: now } });
  }
  return hubLink(deps.signer, deps.publicUrl, hub!.id, now, hub!.linksValidAfter);
}

/** The link of the hub `itemId` was last sent through (an invoice's reminder), or null when it went out before hubs. */
export async function hubLinkForItem(deps: Omit<HubDeps, 'db'> & { db: Db | Tx }, opts: { workspaceId: string; kind: HubItem['kind']; itemId: string }): Promise<string | null> {
  const [row] = await deps.db
    .select({ hubId: clientHubItems.hubId, linksValidAfter: clientHubs.linksValidAfter })
    .from(clientHubItems)
    .innerJoin(clientHubs, eq(clientHubs.id, clientHubItems.hubId))
    .where(and(eq(clientHubItems.workspaceId, opts.workspaceId), eq(clientHubItems.kind, opts.kind), eq(clientHubItems.itemId, opts.itemId)))
    .orderBy(desc(clientHubItems.linkedAt))
    .limit(1);
  return row ? hubLink(deps.signer, deps.publicUrl, row.hubId, deps.now, row.linksValidAfter) : null;
}

// ---- The client's side: what a link opens -----------------------------------------------------------------------

export type ReachedHub = { hub: HubRow; company: string; access: 'open' | 'confirm' };

/**
 * The hub a link opens and how: 'open' for a fresh link or a live session of this browser, 'confirm' for an older link
 * (a one-time code first); refused — forged or unknown 404, sent before the contractor turned links off or past
 * HUB_LINK_MAX_DAYS 410 — with the page's words. A session made before the revocation ends with it.
 */
export async function reachHub(deps: HubDeps, token: string, cookieHeader: string | undefined): Promise<ReachedHub> {
  const read = readHubToken(deps.signer, token, deps.now);
  if (!read) throw new AppError('NOT_FOUND', HUB_LINK_INVALID);
  const [hub] = await deps.db.select().from(clientHubs).where(eq(clientHubs.id, read.hubId)).limit(1);
  if (!hub) throw new AppError('NOT_FOUND', HUB_LINK_INVALID);
  const company = await workspaceName(deps.db, hub.workspaceId);
  const revokedAt = hub.linksValidAfter?.getTime() ?? -Infinity;
  if (read.issuedAt.getTime() < revokedAt) throw new AppError('GONE', HUB_LINK_REVOKED(company));
  if (deps.now.getTime() - read.issuedAt.getTime() > HUB_LINK_MAX_DAYS * 86_400_000) throw new AppError('GONE', HUB_LINK_EXPIRED);
  if (read.isFresh) return { hub, company, access: 'open' };
  const session = hubSessionStart(deps.signer, hub.id, cookieHeader, deps.now);
  return { hub, company, access: session && session.getTime() >= revokedAt ? 'open' : 'confirm' };
}

/** The contact's phone's last 4 digits and mailbox as "m…@example.com": where a code goes, not the whole address. */
export function codeDestinations(contact: { phoneNumber: string; email: string | null }) {
  const digits = contact.phoneNumber.replace(/\D+/g, '');
  const email = contact.email?.trim();
  const at = email ? email.indexOf('@') : -1;
  return [
    ...(digits.length >= 4 ? [{ method: 'sms' as const, hint: `•••• ${digits.slice(-4)}` }] : []),
    ...(email && at > 0 ? [{ method: 'email' as const, hint: `${email[0]}…${email.slice(at)}` }] : []),
  ];
}

/** GET /api/public/hub/:token — the page's content, or the code step. Marks nothing (previews fetch links too). */
export async function viewHub(deps: HubDeps, token: string, cookieHeader: string | undefined): Promise<ClientHubView> {
  const reached = await reachHub(deps, token, cookieHeader);
  if (reached.access === 'confirm') {
    const contact = (await findContactRecords(deps.db, [reached.hub.contactId])).get(reached.hub.contactId);
    return { state: 'confirm', company: reached.company, destinations: contact ? codeDestinations(contact) : [] };
  }
  return { state: 'open', hub: await hubContent(deps, reached) };
}

const iso = (value: Date | string) => new Date(value).toISOString();
const visitOut = (v: ClientVisitRow) => ({ ...v, starts_at: iso(v.starts_at), ends_at: iso(v.ends_at) });

/**
 * Only what was sent to this hub's contact in this workspace: the items its sends recorded, read through their
 * owners' queries with the hub's workspace (an item of another workspace finds nothing), and the visits of their jobs.
 */
async function hubContent(deps: HubDeps, { hub, company }: ReachedHub): Promise<ClientHub> {
  const { db, now } = deps;
  const items = await db
    .select({ kind: clientHubItems.kind, itemId: clientHubItems.itemId, jobId: clientHubItems.jobId })
    .from(clientHubItems)
    .where(and(eq(clientHubItems.hubId, hub.id), eq(clientHubItems.workspaceId, hub.workspaceId)))
    .orderBy(desc(clientHubItems.linkedAt))
    .limit(HUB_LIST_LIMIT * 2);
  const ids = (kind: HubItem['kind']) => items.filter((i) => i.kind === kind).map((i) => i.itemId);
  const jobIds = [...new Set(items.map((i) => i.jobId))];
  const ws = hub.workspaceId;
  const [quotes, invoices, visits, people, zone, contacts, galleries, documents] = await Promise.all([
    findClientQuotes(db, { workspaceId: ws, ids: ids('quote'), now }),
    findClientInvoices(db, { workspaceId: ws, ids: ids('invoice'), now }),
    findClientVisits(db, { workspaceId: ws, jobIds, now, limit: HUB_LIST_LIMIT }),
    findPeople(db, hub.contractorId ? [hub.contractorId] : []),
    workspaceTimeZone(db, ws),
    findContactRecords(db, [hub.contactId]),
    findSharedGalleries(db, { signer: deps.signer, publicUrl: deps.publicUrl, workspaceId: ws, jobIds, now, limit: HUB_LIST_LIMIT }),
    // Sent to this contact (not to the job: a document sent to another contact of the same job stays theirs).
    findSharedDocuments(db, { signer: deps.signer, publicUrl: deps.publicUrl, workspaceId: ws, contactId: hub.contactId, now, limit: HUB_LIST_LIMIT }),
  ]);
  const contractor = hub.contractorId ? people.get(hub.contractorId) : undefined;
  const sentFirst = <T extends { sentAt?: Date | string | null; sent_at?: Date | string | null }>(a: T, b: T) =>
    new Date(b.sentAt ?? b.sent_at ?? 0).getTime() - new Date(a.sentAt ?? a.sent_at ?? 0).getTime();
  return {
    company,
    contractor: {
      name: contractor ? contractor.fullName || contractor.userName || null : null,
      phone: contractor?.phoneNumber || null,
      email: contractor?.email || null,
    },
    client_name: contacts.get(hub.contactId)?.name ?? '',
    time_zone: zone,
    quotes: quotes
      .filter((q) => q.status !== 'expired')
      .sort(sentFirst)
      .map((q) => ({ number: q.number, title: q.title, status: q.status, expires_on: q.expiresOn, link: quoteLink(deps.signer, deps.publicUrl, q, now) })),
    invoices: invoices
      .sort(sentFirst)
      .map((i) => ({ number: i.number, title: i.title, status: i.status, total_cents: i.total_cents, balance_cents: i.balance_cents, due_on: i.due_on, link: invoiceLink(deps.signer, deps.publicUrl, i.id, now) })),
    upcoming_visits: visits.upcoming.map(visitOut),
    past_visits: visits.past.map(visitOut),
    galleries: galleries.map((g) => ({ label: g.label, photo_count: g.photoCount, shared_at: g.createdAt.toISOString(), link: g.link })),
    documents: documents.map((d) => ({ name: d.name, label: d.label, shared_at: d.sharedAt.toISOString(), link_expires_at: d.expiresAt.toISOString(), link: d.link })),
  };
}

// ---- The contractor's side: the contact's page ------------------------------------------------------------------

/** The caller's workspace, once the contact is one the caller may see (else 404: another owner's, another workspace's). */
async function contactHubOf(deps: HubDeps, actor: Actor, contactId: string): Promise<{ workspaceId: string }> {
  const workspaceId = requireWorkspace(actor);
  const [contact] = await findContactsByIds({ db: deps.db, actor, ids: [contactId] });
  if (!contact) throw new AppError('NOT_FOUND', HUB_CONTACT_NOT_FOUND);
  return { workspaceId };
}

/**
 * GET /api/contacts/:id/hub — a fresh link (Copy link) to the contact's hub, made when the contact has none yet (an
 * empty hub is harmless: it shows what is sent from now on). Nothing is stored per link.
 */
export async function getContactHub(deps: HubDeps, actor: Actor, contactId: string): Promise<ContactHub> {
  const { workspaceId } = await contactHubOf(deps, actor, contactId);
  const link = await hubLinkFor(deps, { workspaceId, contactId, senderId: actor.userId, keepContractor: true });
  const [hub] = await deps.db.select({ linksValidAfter: clientHubs.linksValidAfter }).from(clientHubs).where(and(eq(clientHubs.workspaceId, workspaceId), eq(clientHubs.contactId, contactId)));
  return { link, links_valid_after: hub?.linksValidAfter?.toISOString() ?? null };
}

/**
 * POST /api/contacts/:id/hub/revoke — every link sent until now (and every session they gave) answers "turned off";
 * the next message, or Copy link, brings a working one. A link's time is in whole seconds, so the revocation is the
 * next whole second: every link made until now — also in this same second — is older than it, and a link made after
 * it is dated from it (hubLink), so Copy link right after Revoke works.
 */
export async function revokeContactHub(deps: HubDeps, actor: Actor, contactId: string): Promise<ContactHub> {
  const { workspaceId } = await contactHubOf(deps, actor, contactId);
  const at = new Date(Math.floor(deps.now.getTime() / 1000) * 1000 + 1000);
  await deps.db
    .insert(clientHubs)
    .values({ workspaceId, contactId, contractorId: actor.userId, linksValidAfter: at })
    .onConflictDoUpdate({ target: [clientHubs.workspaceId, clientHubs.contactId], set: { linksValidAfter: at } });
  return { link: (await getContactHub(deps, actor, contactId)).link, links_valid_after: at.toISOString() };
}
