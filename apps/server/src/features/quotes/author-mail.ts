import type { Db, Tx } from '../../db/client';
import { findPeople } from '../profiles';
import { getUserSettings } from '../settings';

/**
 * The address the quote's author is emailed at about the homeowner's decision (the decline's mail, the approval's
 * with its signed PDF), or null: no author, no address, or they do not want it. Their settings decide (spec 001 §2):
 * email_notifications, under the master toggle notifications_enabled — the email switch is shown only while the
 * master is on, so a user who turned notifications off gets no email either, whatever the hidden switch still says.
 * Two reads one after the other: the decline calls this inside its transaction, one connection.
 */
export async function authorMailAddress(db: Db | Tx, createdBy: string | null): Promise<string | null> {
  if (!createdBy) return null;
  const author = (await findPeople(db, [createdBy])).get(createdBy);
  if (!author?.email) return null;
  const settings = await getUserSettings({ db: db as Db, userId: createdBy });
  return settings.notifications_enabled && settings.email_notifications ? author.email : null;
}
