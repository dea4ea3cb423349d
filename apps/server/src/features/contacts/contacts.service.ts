import type { Contact, ContactList, CreateContactBodySchema, ListContactsQuery, UpdateContactBodySchema } from '@fieldbook/contract';
import { and, asc, count, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { contacts } from '../../db/schema';
import type { Actor } from '../../platform/auth-guard';
import { AppError } from '../../platform/errors';
import { likePattern } from '../../db/sql';

export const CONTACT_NOT_FOUND = 'Contact not found';

type ContactRow = typeof contacts.$inferSelect;

/** Row → contract shape, in one place. `phone` repeats phone_number (the API form, spec 001 §3). */
function toContact(row: ContactRow): Contact {
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
  };
}

/** Contacts belong to their owner: every query is scoped by owner_id = the verified caller. */
const owned = (actor: Actor, id: string) => and(eq(contacts.id, id), eq(contacts.ownerId, actor.userId));

export async function findContacts(opts: { db: Db; actor: Actor; query: ListContactsQuery }): Promise<ContactList> {
  const { db, actor, query } = opts;
  const conditions: SQL[] = [eq(contacts.ownerId, actor.userId)];
  if (query.q) {
    const pattern = likePattern(query.q);
    const digits = query.q.replace(/\D+/g, '');
    const matches = [ilike(contacts.name, pattern), ilike(contacts.email, pattern)];
    if (digits) matches.push(ilike(contacts.phoneNumber, likePattern(digits)));
    conditions.push(or(...matches)!);
  }
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    db.select().from(contacts).where(where).orderBy(asc(contacts.name), asc(contacts.id)).limit(query.limit).offset(query.offset),
    db.select({ n: count() }).from(contacts).where(where),
  ]);
  return { contacts: rows.map(toContact), total: total?.n ?? 0 };
}

export async function getContactById(opts: { db: Db; actor: Actor; contactId: string }): Promise<Contact> {
  const [row] = await opts.db.select().from(contacts).where(owned(opts.actor, opts.contactId)).limit(1);
  if (!row) throw new AppError('NOT_FOUND', CONTACT_NOT_FOUND);
  return toContact(row);
}

export async function createContact(opts: { db: Db; actor: Actor; input: z.output<typeof CreateContactBodySchema> }): Promise<Contact> {
  const { input } = opts;
  const [row] = await opts.db
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
  const [row] = await opts.db.update(contacts).set(set).where(owned(opts.actor, opts.contactId)).returning();
  if (!row) throw new AppError('NOT_FOUND', CONTACT_NOT_FOUND);
  return toContact(row);
}

export async function deleteContact(opts: { db: Db; actor: Actor; contactId: string }): Promise<void> {
  const rows = await opts.db.delete(contacts).where(owned(opts.actor, opts.contactId)).returning({ id: contacts.id });
  if (rows.length === 0) throw new AppError('NOT_FOUND', CONTACT_NOT_FOUND);
}
