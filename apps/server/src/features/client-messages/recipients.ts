import type { ClientMessageChannel } from '@fieldbook/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { queryRows } from '../../db/sql';
import { toE164 } from '../../platform/sms';
import { contactsNamedSql } from '../contacts';
import { findJobRecord, type JobRecord } from '../jobs';
import { workspaceAdminIds } from '../workspaces';
import { clientMessageOptOuts } from './client-messages.schema';

/** How an address is kept: phones in E.164, emails trimmed and lower-case (one opt-out per address however typed). */
export function normalizeAddress(channel: ClientMessageChannel, address: string): string {
  if (channel === 'email') return address.trim().toLowerCase();
  const trimmed = address.trim();
  if (trimmed.startsWith('+')) return `+${trimmed.replace(/\D/g, '')}`;
  const digits = trimmed.replace(/\D/g, '');
  return toE164(/^1\d{10}$/.test(digits) ? digits.slice(1) : digits);
}

export type ClientContact = { id: string; name: string; phone: string | null; email: string | null };

/**
 * The job's client contact: the contact whose name is the job's client name (trimmed, case-insensitive; the invoices
 * list's client filter matches the same way), among the contacts of the job's creator, else of the workspace's admins
 * in turn. Two such contacts of the same person are ambiguous: no one is messaged rather than maybe the wrong one.
 */
export async function findJobClient(db: Db, job: JobRecord): Promise<ClientContact | null> {
  const name = job.clientName?.trim();
  if (!name) return null;
  const owners = [...new Set([...(job.createdBy ? [job.createdBy] : []), ...(await workspaceAdminIds(db, job.workspaceId))])];
  if (owners.length === 0) return null;
  const rows = await queryRows<{ id: string; owner_id: string; name: string; phone_number: string; email: string | null }>(db, contactsNamedSql({ ownerIds: owners, name }));
  for (const owner of owners) {
    const mine = rows.filter((r) => r.owner_id === owner);
    if (mine.length === 1) {
      const c = mine[0]!;
      return { id: c.id, name: c.name, phone: c.phone_number ? normalizeAddress('sms', c.phone_number) : null, email: c.email ? normalizeAddress('email', c.email) : null };
    }
    if (mine.length > 1) return null;
  }
  return null;
}

export async function findJobAndClient(db: Db, workspaceId: string, jobId: string): Promise<{ job: JobRecord; client: ClientContact | null } | null> {
  const job = await findJobRecord(db, { workspaceId, jobId });
  return job ? { job, client: await findJobClient(db, job) } : null;
}

/** The addresses among `addresses` that opted out of the workspace's automatic messages. */
export async function optedOut(db: Db | Tx, workspaceId: string, addresses: { channel: ClientMessageChannel; address: string }[]): Promise<Set<string>> {
  if (addresses.length === 0) return new Set();
  const rows = await db
    .select({ channel: clientMessageOptOuts.channel, address: clientMessageOptOuts.address })
    .from(clientMessageOptOuts)
    .where(and(eq(clientMessageOptOuts.workspaceId, workspaceId), inArray(clientMessageOptOuts.address, addresses.map((a) => a.address))));
  return new Set(rows.map((r) => `${r.channel}:${r.address}`));
}

export const addressKey = (channel: ClientMessageChannel, address: string) => `${channel}:${address}`;
// Kept for statements that need the normalised form in SQL (the contact's log matches by address too).
export const lowerSql = (value: string) => sql`lower(btrim(${value}))`;

/** The opt-out port (platform/client-links.ts ClientOptOuts): the invoices' reminders skip what a client stopped. */
export const clientOptOuts = async (db: Db | Tx, workspaceId: string, addresses: { sms: string | null; email: string | null }) => {
  const wanted = (['sms', 'email'] as const).flatMap((channel) => {
    const address = addresses[channel];
    return address ? [{ channel, address: normalizeAddress(channel, address) }] : [];
  });
  const stopped = await optedOut(db, workspaceId, wanted);
  return { sms: wanted.some((w) => w.channel === 'sms' && stopped.has(addressKey('sms', w.address))), email: wanted.some((w) => w.channel === 'email' && stopped.has(addressKey('email', w.address))) };
};
