import { phoneMatchKeys, type Contact, type ContactList, type ContactsByPhone, type CreateContactBodySchema, type ListContactsQuery, type UpdateContactBodySchema } from '@fieldbook/contract';
import { and, asc, count, eq, ilike, inArray, ne, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client';
import { memberPhonesForMember } from '../groups';
import { contacts } from './contacts.schema';
import { contactSharing, replaceSharing, sharedContactIds } from './contacts.sharing';
import type { Actor } from '../../platform/auth-guard';
import { AppError, fieldError } from '../../platform/errors';
import { likePattern, nameRank } from '../../db/sql';

export const CONTACT_NOT_FOUND = 'Contact not found';

type ContactRow = typeof contacts.$inferSelect;

/**
 * Row → contract shape, in one place. `phone` repeats phone_number (the API form, spec 001 §3); sharing comes
 * from contactSharing (who shared someone else's contact; the groups an own contact is shared with).
 */
export function toContact(row: ContactRow, sharing: { sharedBy: string | null; groupIds: string[] } = { sharedBy: null, groupIds: [] }): Contact {
  return {
    id: row.id,
    owner_id: row.ownerId,
    name: row.name,
    phone_number: row.phoneNumber,
    phone: row.phoneNumber,
    email: row.email,
    notes: row.notes,
    role: row.role,
    email_opt_in: row.emailOptIn,
    sms_opt_in: row.smsOptIn,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    shared_by: sharing.sharedBy,
    shared_group_ids: sharing.groupIds,
  };
}

/** Rows → contract shapes with their sharing (at most two small queries for the whole page). */
async function withSharing(db: Db, actor: Actor, rows: ContactRow[]): Promise<Contact[]> {
  const sharing = await contactSharing(db, actor.userId, rows);
  return rows.map((row) => toContact(row, sharing(row)));
}

/** Contacts belong to their owner: writes are scoped by owner_id = the verified caller. */
const owned = (actor: Actor, id: string) => and(eq(contacts.id, id), eq(contacts.ownerId, actor.userId));

/**
 * What the caller may read: their own contacts, and those shared with a group they are in. The shared ids are
 * looked up first (an indexed join, usually a handful), so the common case stays the owner-index scan.
 */
async function visibleTo(db: Db | Tx, actor: Actor): Promise<SQL> {
  const shared = await sharedContactIds(db, actor.userId);
  const own = eq(contacts.ownerId, actor.userId);
  return shared.length ? or(own, inArray(contacts.id, shared))! : own;
}

/** A write to a contact the caller can read but does not own is refused by name, not hidden. */
export const SHARED_CONTACT_READ_ONLY = 'Only the owner can change a shared contact';

async function notOwned(db: Db | Tx, actor: Actor, contactId: string): Promise<AppError> {
  const [row] = await db.select({ id: contacts.id }).from(contacts).where(and(eq(contacts.id, contactId), await visibleTo(db, actor))).limit(1);
  return row ? new AppError('FORBIDDEN', SHARED_CONTACT_READ_ONLY) : new AppError('NOT_FOUND', CONTACT_NOT_FOUND);
}

export async function findContacts(opts: { db: Db; actor: Actor; query: ListContactsQuery }): Promise<ContactList> {
  const { db, actor, query } = opts;
  const conditions: SQL[] = [await visibleTo(db, actor)];
  // Every word must appear in the name, email or role; a word of phone characters also matches the phone digits.
  for (const word of (query.q ?? '').split(/\s+/).filter(Boolean)) {
    const pattern = likePattern(word);
    const matches = [ilike(contacts.name, pattern), ilike(contacts.email, pattern), ilike(contacts.role, pattern)];
    const digits = word.replace(/\D+/g, '');
    if (digits && digits.length === word.replace(/[\s().+-]/g, '').length) matches.push(ilike(contacts.phoneNumber, likePattern(digits)));
    conditions.push(or(...matches)!);
  }
  if (query.not_in_group) {
    const phones = await groupMemberPhones(db, actor, query.not_in_group);
    const keys = [...new Set(phones.flatMap(phoneMatchKeys))];
    if (keys.length) conditions.push(notInArray(contacts.phoneNumber, keys));
  }
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(contacts)
      .where(where)
      .orderBy(...(query.q ? [nameRank(contacts.name, query.q)] : []), asc(contacts.name), asc(contacts.id))
      .limit(query.limit)
      .offset(query.offset),
    db.select({ n: count() }).from(contacts).where(where),
  ]);
  return { contacts: await withSharing(db, actor, rows), total: total?.n ?? 0 };
}

/** The member phones of a group the caller is in (its creator is a member too); another group is a 400 naming it. */
async function groupMemberPhones(db: Db, actor: Actor, groupId: string): Promise<string[]> {
  const phones = await memberPhonesForMember(db, { groupId, userId: actor.userId });
  if (!phones) throw fieldError('not_in_group', 'Group not found');
  return phones;
}

/** The caller's contacts matching any of `phones` by the spec 001 §5 keys (raw, digits only, +1 prefix). */
export async function findContactsByPhone(opts: { db: Db; actor: Actor; phones: readonly string[] }): Promise<ContactsByPhone> {
  const keys = [...new Set(opts.phones.flatMap(phoneMatchKeys))];
  if (keys.length === 0) return { contacts: [] };
  const rows = await opts.db
    .select()
    .from(contacts)
    .where(and(await visibleTo(opts.db, opts.actor), inArray(contacts.phoneNumber, keys)))
    .orderBy(asc(contacts.name), asc(contacts.id));
  return { contacts: await withSharing(opts.db, opts.actor, rows) };
}

/** The caller's contacts (own and shared with their groups) whose email is one of `emails` (stored lower-case). */
export async function findContactsByEmail(opts: { db: Db; actor: Actor; emails: readonly string[] }): Promise<Contact[]> {
  const emails = [...new Set(opts.emails.map((e) => e.trim().toLowerCase()).filter(Boolean))];
  if (emails.length === 0) return [];
  const rows = await opts.db
    .select()
    .from(contacts)
    .where(and(await visibleTo(opts.db, opts.actor), inArray(contacts.email, emails)))
    .orderBy(asc(contacts.name), asc(contacts.id));
  return withSharing(opts.db, opts.actor, rows);
}

/** The caller's contacts (own and shared with their groups) among `ids`; ids they cannot see are left out. */
export async function findContactsByIds(opts: { db: Db; actor: Actor; ids: readonly string[] }): Promise<Contact[]> {
  if (opts.ids.length === 0) return [];
  const rows = await opts.db
    .select()
    .from(contacts)
    .where(and(await visibleTo(opts.db, opts.actor), inArray(contacts.id, [...new Set(opts.ids)])))
    .orderBy(asc(contacts.name), asc(contacts.id));
  return withSharing(opts.db, opts.actor, rows);
}

export async function getContactById(opts: { db: Db; actor: Actor; contactId: string }): Promise<Contact> {
  const [row] = await opts.db
    .select()
    .from(contacts)
    .where(and(eq(contacts.id, opts.contactId), await visibleTo(opts.db, opts.actor)))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', CONTACT_NOT_FOUND);
  return (await withSharing(opts.db, opts.actor, [row]))[0]!;
}

/** What the groups feature is given to find the caller's contacts (app.ts passes it: groups may not import contacts). */
export const contactLookup = { byPhone: findContactsByPhone, byIds: findContactsByIds };

/** The message of the 409 for a second contact with one phone number (the pickers show a contact by phone). */
export function duplicatePhoneMessage(other: { name: string }): string {
  return `A contact with this phone number already exists: ${other.name}`;
}

/**
 * One phone number per contact within an owner's list: tasks are assigned to a phone number, so two contacts with
 * one number would make "who is this task for" ambiguous everywhere a phone is shown as a name. Refused with a 409
 * naming the other contact. Serialised per owner with a transaction-scoped advisory lock, so two concurrent saves
 * cannot both pass the check. Rows saved before this rule may still share a number; they stay (nothing a user
 * wrote is deleted) and every picker keys its options by contact id, so they keep working.
 */
async function assertPhoneFree(tx: Tx, actor: Actor, phoneNumber: string, exceptId?: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('contacts-phone:' || ${actor.userId}))`);
  const conditions = [eq(contacts.ownerId, actor.userId), eq(contacts.phoneNumber, phoneNumber)];
  if (exceptId) conditions.push(ne(contacts.id, exceptId));
  const [other] = await tx.select({ id: contacts.id, name: contacts.name }).from(contacts).where(and(...conditions)).limit(1);
  if (other) throw new AppError('CONFLICT', duplicatePhoneMessage(other), [{ field: 'phone_number', message: duplicatePhoneMessage(other) }]);
}

export async function createContact(opts: { db: Db; actor: Actor; input: z.output<typeof CreateContactBodySchema> }): Promise<Contact> {
  const { input } = opts;
  return opts.db.transaction(async (tx) => {
    await assertPhoneFree(tx, opts.actor, input.phone_number);
    const [row] = await tx
      .insert(contacts)
      .values({
        ownerId: opts.actor.userId,
        name: input.name,
        phoneNumber: input.phone_number,
        email: input.email,
        notes: input.notes,
        role: input.role,
        emailOptIn: input.email_opt_in,
        smsOptIn: input.sms_opt_in,
      })
      .returning();
    return toContact(row!);
  });
}


export async function updateContact(opts: { db: Db; actor: Actor; contactId: string; input: z.output<typeof UpdateContactBodySchema> }): Promise<Contact> {
  const { input } = opts;
  const set: Partial<typeof contacts.$inferInsert> = {};
  if (input.name !== undefined) set.name = input.name;
  if (input.phone_number !== undefined) set.phoneNumber = input.phone_number;
  if (input.email !== undefined) set.email = input.email;
  if (input.notes !== undefined) set.notes = input.notes;
  if (input.role !== undefined) set.role = input.role;
  if (input.email_opt_in !== undefined) set.emailOptIn = input.email_opt_in;
  if (input.sms_opt_in !== undefined) set.smsOptIn = input.sms_opt_in;
  if (Object.keys(set).length === 0) return getContactById(opts);
  return opts.db.transaction(async (tx) => {
    if (set.phoneNumber !== undefined) await assertPhoneFree(tx, opts.actor, set.phoneNumber, opts.contactId);
    const [row] = await tx.update(contacts).set(set).where(owned(opts.actor, opts.contactId)).returning();
    if (!row) throw await notOwned(tx, opts.actor, opts.contactId);
    return row;
  }).then(async (row) => (await withSharing(opts.db, opts.actor, [row]))[0]!);
}

export async function deleteContact(opts: { db: Db; actor: Actor; contactId: string }): Promise<void> {
  const rows = await opts.db.delete(contacts).where(owned(opts.actor, opts.contactId)).returning({ id: contacts.id });
  if (rows.length === 0) throw await notOwned(opts.db, opts.actor, opts.contactId);
}

/**
 * Shares one of the caller's contacts with exactly `groupIds` (spec 001 §7: its shared_contacts rows are
 * replaced). Every group must be one the caller belongs to; otherwise 400 naming group_ids and nothing changes.
 */
export async function shareContact(opts: { db: Db; actor: Actor; contactId: string; groupIds: string[] }): Promise<Contact> {
  const row = await opts.db.transaction(async (tx) => {
    const [own] = await tx.select().from(contacts).where(owned(opts.actor, opts.contactId)).for('update').limit(1);
    if (!own) throw await notOwned(tx, opts.actor, opts.contactId);
    await replaceSharing(tx, { contactId: own.id, userId: opts.actor.userId, groupIds: opts.groupIds });
    return own;
  });
  return (await withSharing(opts.db, opts.actor, [row]))[0]!;
}

export type NewContactRecord = typeof contacts.$inferInsert;

/** Inserts contacts (the demo seed's); returns their phones in order. */
export async function insertContactRecords(db: Db | Tx, rows: NewContactRecord[]): Promise<string[]> {
  const created = await db.insert(contacts).values(rows).returning({ phone: contacts.phoneNumber });
  return created.map((r) => r.phone);
}
