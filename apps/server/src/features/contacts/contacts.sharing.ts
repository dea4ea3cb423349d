import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { groupIdsOfMemberSql, groupsOfMemberAmong } from '../groups';
import { profileDisplayNames } from '../profiles';
import { contacts, sharedContacts } from './contacts.schema';
import { AppError } from '../../platform/errors';

type ContactRow = typeof contacts.$inferSelect;

/** The 400 for a group the caller is not in (it names the field, and nothing is written). */
export const NOT_YOUR_GROUP = 'You can only share with groups you belong to';

/** Ids of other people's contacts shared with a group `userId` is a member of (the creator is a member too). */
export async function sharedContactIds(db: Db | Tx, userId: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ id: sharedContacts.contactId })
    .from(sharedContacts)
    .innerJoin(contacts, eq(contacts.id, sharedContacts.contactId))
    .where(and(sql`${sharedContacts.groupId} IN (${groupIdsOfMemberSql(userId)})`, ne(contacts.ownerId, userId)));
  return rows.map((r) => r.id);
}

/**
 * The sharing of a page of contacts as `userId` sees it: for someone else's contact, the owner's name (full name,
 * user name or email); for an own contact, the groups it is shared with. Two queries at most, none when not needed.
 */
export async function contactSharing(db: Db, userId: string, rows: readonly ContactRow[]): Promise<(row: ContactRow) => { sharedBy: string | null; groupIds: string[] }> {
  const ownIds = rows.filter((r) => r.ownerId === userId).map((r) => r.id);
  const ownerIds = [...new Set(rows.filter((r) => r.ownerId !== userId).map((r) => r.ownerId))];
  const [shares, owners] = await Promise.all([
    ownIds.length ? db.select({ contactId: sharedContacts.contactId, groupId: sharedContacts.groupId }).from(sharedContacts).where(inArray(sharedContacts.contactId, ownIds)) : [],
    profileDisplayNames(db, ownerIds),
  ]);
  const groupsOf = new Map<string, string[]>();
  for (const s of shares) groupsOf.set(s.contactId, [...(groupsOf.get(s.contactId) ?? []), s.groupId]);
  const ownerName = owners;
  return (row) =>
    row.ownerId === userId ? { sharedBy: null, groupIds: (groupsOf.get(row.id) ?? []).sort() } : { sharedBy: ownerName.get(row.ownerId) ?? 'Unknown', groupIds: [] };
}

/** Replaces a contact's shared_contacts rows with `groupIds`, each a group `userId` belongs to. */
export async function replaceSharing(tx: Tx, opts: { contactId: string; userId: string; groupIds: readonly string[] }): Promise<void> {
  if (opts.groupIds.length) {
    const mine = await groupsOfMemberAmong(tx, opts.userId, opts.groupIds);
    if (mine.length !== opts.groupIds.length) throw new AppError('VALIDATION_ERROR', NOT_YOUR_GROUP, [{ field: 'group_ids', message: NOT_YOUR_GROUP }]);
  }
  await tx.delete(sharedContacts).where(eq(sharedContacts.contactId, opts.contactId));
  if (opts.groupIds.length) {
    await tx.insert(sharedContacts).values(opts.groupIds.map((groupId) => ({ contactId: opts.contactId, groupId, sharedBy: opts.userId })));
  }
}
