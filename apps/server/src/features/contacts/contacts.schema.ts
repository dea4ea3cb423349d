import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from '../../db/schema/_columns';
import { users } from '../auth/auth.schema';
import { groups } from '../groups/groups.schema';

/** Contacts belong to their owner; owners share them with groups (shared_contacts, below). */
export const contacts = pgTable(
  'contacts',
  {
    id: id(),
    ownerId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    /** Digits only, exactly 10. */
    phoneNumber: text().notNull(),
    email: text(),
    notes: text(),
    role: text(),
    emailOptIn: boolean().notNull().default(false),
    smsOptIn: boolean().notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('contacts_owner_name_idx').on(t.ownerId, t.name),
    index('contacts_owner_phone_idx').on(t.ownerId, t.phoneNumber),
    // The assistant's contact matching: a word in the name or email, or one like it (ILIKE, word similarity).
    index('contacts_search_trgm_idx').using('gin', sql`(${t.name} || ' ' || coalesce(${t.email}, '')) gin_trgm_ops`),
  ],
);

/**
 * The contact picker's own lists (spec 001 §2 "can create a new contact group"): an owner's named selection of
 * their contacts, e.g. "Roofers". Not a crew (groups.ts): no members, roles or sharing.
 */
export const contactGroups = pgTable(
  'contact_groups',
  {
    id: id(),
    ownerId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('contact_groups_owner_idx').on(t.ownerId, t.name), check('contact_groups_name_not_blank', sql`btrim(${t.name}) <> ''`)],
);

export const contactGroupMembers = pgTable(
  'contact_group_members',
  {
    contactGroupId: uuid()
      .notNull()
      .references(() => contactGroups.id, { onDelete: 'cascade' }),
    contactId: uuid()
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.contactGroupId, t.contactId] }), index('contact_group_members_contact_idx').on(t.contactId)],
);

/** Contacts their owner shares with groups (design.md §4): members of the group read them. */
export const sharedContacts = pgTable(
  'shared_contacts',
  {
    contactId: uuid()
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    groupId: uuid()
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    sharedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.contactId, t.groupId] }), index('shared_contacts_group_idx').on(t.groupId)],
);
