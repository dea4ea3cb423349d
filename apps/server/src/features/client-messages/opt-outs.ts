import {
  SMS_OPT_IN_WORDS,
  SMS_OPT_OUT_WORDS,
  UNSUBSCRIBE_LINK_INVALID,
  type ClientMessageChannel,
  type ClientMessageLog,
  type ContactOptOut,
  type UnsubscribeState,
  type UpdateContactOptOutBodySchema,
} from '@fieldbook/contract';
import { and, count, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/sql';
import { signedClientLinkId, UNSUBSCRIBE_LINKS } from '../../platform/client-links';
import type { WorkspaceActor } from '../../platform/endpoint';
import { AppError, fieldError } from '../../platform/errors';
import type { TokenSigner } from '../../platform/tokens';
import { findContactsByIds } from '../contacts';
import { workspaceName } from '../workspaces';
import { clientMessageOptOuts, clientMessageSends } from './client-messages.schema';
import { normalizeAddress } from './recipients';

/**
 * Opting out (issue 36): per workspace and address. By the client — STOP to a text (inbound-sms.ts), an email's
 * unsubscribe link — or by a member of the office on the contact. deliver.ts never sends to an address opted out.
 */

const CONTACT_NOT_FOUND = 'Contact not found';

/** The caller's contact (own or shared with their groups) with its addresses as messages go to them, else 404. */
async function visibleContact(db: Db, actor: WorkspaceActor, contactId: string) {
  const [contact] = await findContactsByIds({ db, actor, ids: [contactId] });
  if (!contact) throw new AppError('NOT_FOUND', CONTACT_NOT_FOUND);
  return {
    id: contact.id,
    sms: contact.phone_number ? normalizeAddress('sms', contact.phone_number) : null,
    email: contact.email ? normalizeAddress('email', contact.email) : null,
  };
}

async function optOutState(db: Db, workspaceId: string, addresses: { sms: string | null; email: string | null }): Promise<ContactOptOut> {
  const wanted = [addresses.sms, addresses.email].filter((a): a is string => a !== null);
  const rows = wanted.length
    ? await db.select().from(clientMessageOptOuts).where(and(eq(clientMessageOptOuts.workspaceId, workspaceId), inArray(clientMessageOptOuts.address, wanted)))
    : [];
  const state = (channel: ClientMessageChannel) => {
    const address = addresses[channel];
    const row = rows.find((r) => r.channel === channel && r.address === address);
    return { address, opted_out: Boolean(row), opted_out_at: row?.createdAt.toISOString() ?? null, source: row?.source ?? null };
  };
  return { sms: state('sms'), email: state('email') };
}

export async function getContactOptOut(opts: { db: Db; actor: WorkspaceActor; contactId: string }): Promise<ContactOptOut> {
  const contact = await visibleContact(opts.db, opts.actor, opts.contactId);
  return optOutState(opts.db, opts.actor.workspaceId, contact);
}

/** The office records a client's wish (true: out, false: back in); a channel the contact has no address for is a 400. */
export async function updateContactOptOut(opts: { db: Db; actor: WorkspaceActor; contactId: string; body: z.output<typeof UpdateContactOptOutBodySchema> }): Promise<ContactOptOut> {
  const { db, actor } = opts;
  const contact = await visibleContact(db, actor, opts.contactId);
  const changes = (['sms', 'email'] as const).filter((c) => opts.body[c] !== undefined);
  for (const channel of changes) {
    if (!contact[channel]) throw fieldError(channel, channel === 'sms' ? 'This contact has no phone number' : 'This contact has no email address');
  }
  await db.transaction(async (tx) => {
    for (const channel of changes) {
      const address = contact[channel]!;
      if (opts.body[channel]) {
        await tx.insert(clientMessageOptOuts).values({ workspaceId: actor.workspaceId, channel, address, source: 'office', createdBy: actor.userId }).onConflictDoNothing();
      } else {
        await tx
          .delete(clientMessageOptOuts)
          .where(and(eq(clientMessageOptOuts.workspaceId, actor.workspaceId), eq(clientMessageOptOuts.channel, channel), eq(clientMessageOptOuts.address, address)));
      }
    }
  });
  return optOutState(db, actor.workspaceId, contact);
}

/** The contact's log in the caller's workspace: sends to the contact, or to its phone or email, newest first. */
export async function getContactLog(opts: { db: Db; actor: WorkspaceActor; contactId: string; query: { limit: number; offset: number } }): Promise<ClientMessageLog> {
  const { db, actor } = opts;
  const contact = await visibleContact(db, actor, opts.contactId);
  const s = clientMessageSends;
  const where = and(
    eq(s.workspaceId, actor.workspaceId),
    or(
      eq(s.contactId, contact.id),
      contact.sms ? and(eq(s.channel, 'sms'), eq(s.address, contact.sms)) : undefined,
      contact.email ? and(eq(s.channel, 'email'), eq(s.address, contact.email)) : undefined,
    ),
  );
  const [rows, [total]] = await Promise.all([
    db.select().from(s).where(where).orderBy(desc(s.createdAt), desc(s.id)).limit(opts.query.limit).offset(opts.query.offset),
    db.select({ n: count() }).from(s).where(where),
  ]);
  return {
    items: rows.map((r) => ({ id: r.id, rule: r.rule, channel: r.channel, address: r.address, status: r.status, reason: r.reason, job_id: r.jobId, created_at: r.createdAt.toISOString() })),
    total: total?.n ?? 0,
  };
}

// ---- The unsubscribe link ---------------------------------------------------------------------------------------

/** The email send a genuine link names (expired links still work: the signature proves it came in that email). */
async function sendOfLink(db: Db, signer: TokenSigner, token: string, now: Date) {
  const id = signedClientLinkId(signer, UNSUBSCRIBE_LINKS, token, now);
  const [send] = id ? await db.select().from(clientMessageSends).where(and(eq(clientMessageSends.id, id), eq(clientMessageSends.channel, 'email'))).limit(1) : [];
  if (!send) throw new AppError('NOT_FOUND', UNSUBSCRIBE_LINK_INVALID);
  return send;
}

async function unsubscribeState(db: Db, send: { workspaceId: string; address: string }): Promise<UnsubscribeState> {
  const [row] = await db
    .select({ at: clientMessageOptOuts.createdAt })
    .from(clientMessageOptOuts)
    .where(and(eq(clientMessageOptOuts.workspaceId, send.workspaceId), eq(clientMessageOptOuts.channel, 'email'), eq(clientMessageOptOuts.address, send.address)))
    .limit(1);
  return { company: await workspaceName(db, send.workspaceId), address: send.address, opted_out: Boolean(row) };
}

export async function readUnsubscribeLink(opts: { db: Db; signer: TokenSigner; token: string; now: Date }): Promise<UnsubscribeState> {
  return unsubscribeState(opts.db, await sendOfLink(opts.db, opts.signer, opts.token, opts.now));
}

export async function unsubscribeByLink(opts: { db: Db; signer: TokenSigner; token: string; now: Date }): Promise<UnsubscribeState> {
  const send = await sendOfLink(opts.db, opts.signer, opts.token, opts.now);
  await opts.db.insert(clientMessageOptOuts).values({ workspaceId: send.workspaceId, channel: 'email', address: send.address, source: 'email_link' }).onConflictDoNothing();
  return unsubscribeState(opts.db, send);
}

// ---- STOP / START by text -----------------------------------------------------------------------------------------

/** What a text asks: 'out' (STOP and its kin), 'in' (START, UNSTOP), or nothing (any other message). */
export function smsKeyword(body: string): 'out' | 'in' | null {
  const word = body.trim().replace(/[.!]+$/, '').toUpperCase();
  if ((SMS_OPT_OUT_WORDS as readonly string[]).includes(word)) return 'out';
  if ((SMS_OPT_IN_WORDS as readonly string[]).includes(word)) return 'in';
  return null;
}

/**
 * A client's STOP or START from `from`: applied in every workspace that texted that phone automatically or has it
 * opted out (the SMS number is the server's, shared by its workspaces: the reply cannot say which one it means, and
 * carriers treat STOP as one for the number). A phone no workspace texted is unknown: nothing is stored.
 */
export async function applySmsKeyword(db: Db, from: string, keyword: 'out' | 'in'): Promise<number> {
  const address = normalizeAddress('sms', from);
  const rows = await queryRows<{ workspace_id: string }>(
    db,
    sql`SELECT workspace_id FROM client_message_sends WHERE channel = 'sms' AND address = ${address}
        UNION SELECT workspace_id FROM client_message_opt_outs WHERE channel = 'sms' AND address = ${address}`,
  );
  const ids = rows.map((r) => r.workspace_id);
  if (ids.length === 0) return 0;
  if (keyword === 'out') {
    await db
      .insert(clientMessageOptOuts)
      .values(ids.map((workspaceId) => ({ workspaceId, channel: 'sms' as const, address, source: 'sms_reply' as const })))
      .onConflictDoNothing();
  } else {
    await db.delete(clientMessageOptOuts).where(and(inArray(clientMessageOptOuts.workspaceId, ids), eq(clientMessageOptOuts.channel, 'sms'), eq(clientMessageOptOuts.address, address)));
  }
  return ids.length;
}
