import type { ContactGroup, ContactGroupList, CreateContactGroupBodySchema } from '@fieldbook/contract';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { contactGroupMembers, contactGroups, contacts } from './contacts.schema';
import type { Actor } from '../../platform/auth-guard';
import { AppError } from '../../platform/errors';
import { toContact } from './contacts.service';

export const CONTACT_GROUP_NOT_FOUND = 'Contact group not found';
export const CONTACTS_NOT_YOURS = 'Some of the chosen contacts were not found';

/**
 * The picker's contact groups: an owner's named selections of their own contacts (spec 001 §2 "can create a new
 * contact group"). Two queries for the whole list: the groups, then every member contact.
 */
export async function listContactGroups(opts: { db: Db; actor: Actor }): Promise<ContactGroupList> {
  const groups = await opts.db.select().from(contactGroups).where(eq(contactGroups.ownerId, opts.actor.userId)).orderBy(asc(contactGroups.name), asc(contactGroups.id));
  if (groups.length === 0) return { contact_groups: [] };
  const members = await opts.db
    .select({ groupId: contactGroupMembers.contactGroupId, contact: contacts })
    .from(contactGroupMembers)
    .innerJoin(contacts, eq(contacts.id, contactGroupMembers.contactId))
    .where(
      and(
        inArray(
          contactGroupMembers.contactGroupId,
          groups.map((g) => g.id),
        ),
        eq(contacts.ownerId, opts.actor.userId),
      ),
    )
    .orderBy(asc(contacts.name), asc(contacts.id));
  return {
    contact_groups: groups.map((g) => ({
      id: g.id,
      name: g.name,
      contacts: members.filter((m) => m.groupId === g.id).map((m) => toContact(m.contact)),
    })),
  };
}

/** Creates a contact group of the caller's own contacts; any other id is a 400 naming contact_ids, nothing written. */
export async function createContactGroup(opts: { db: Db; actor: Actor; input: z.output<typeof CreateContactGroupBodySchema> }): Promise<ContactGroup> {
  const { input } = opts;
  return opts.db.transaction(async (tx) => {
    const own = await tx
      .select()
      .from(contacts)
      .where(and(eq(contacts.ownerId, opts.actor.userId), inArray(contacts.id, input.contact_ids)))
      .orderBy(asc(contacts.name), asc(contacts.id));
    if (own.length !== input.contact_ids.length) throw new AppError('VALIDATION_ERROR', CONTACTS_NOT_YOURS, [{ field: 'contact_ids', message: CONTACTS_NOT_YOURS }]);
    const [group] = await tx.insert(contactGroups).values({ ownerId: opts.actor.userId, name: input.name }).returning();
    await tx.insert(contactGroupMembers).values(own.map((c) => ({ contactGroupId: group!.id, contactId: c.id })));
    return { id: group!.id, name: group!.name, contacts: own.map((c) => toContact(c)) };
  });
}

export async function deleteContactGroup(opts: { db: Db; actor: Actor; id: string }): Promise<void> {
  const rows = await opts.db
    .delete(contactGroups)
    .where(and(eq(contactGroups.id, opts.id), eq(contactGroups.ownerId, opts.actor.userId)))
    .returning({ id: contactGroups.id });
  if (rows.length === 0) throw new AppError('NOT_FOUND', CONTACT_GROUP_NOT_FOUND);
}
