import type { Contact, ContactsByPhone } from '@fieldbook/contract';
import type { Db } from '../../db/client';
import type { Actor } from '../../platform/auth-guard';

/**
 * The caller's contacts, as the contacts feature finds them (members' names by phone, the contacts an invitation
 * names). Passed in by app.ts: the contacts feature reads group memberships (sharing), so groups may not import it.
 */
export type ContactLookup = {
  byPhone: (opts: { db: Db; actor: Actor; phones: readonly string[] }) => Promise<ContactsByPhone>;
  byIds: (opts: { db: Db; actor: Actor; ids: readonly string[] }) => Promise<Contact[]>;
};
