import {
  GROUP_NOT_FOUND,
  INVITATION_EXPIRED,
  INVITATION_NOT_FOUND,
  INVITATION_TTL_DAYS,
  phoneMatchKeys,
  type AcceptInvitationResult,
  type GroupRole,
  type InvitationPreview,
  type InviteBodySchema,
  type InviteResult,
} from '@fieldbook/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { groupMembers, groups, invitations } from '../../db/schema';
import type { Actor } from '../../platform/auth-guard';
import { AppError, fieldError } from '../../platform/errors';
import { enqueueSms } from '../../platform/mail';
import { toE164 } from '../../platform/sms';
import { hashToken, newOpaqueToken } from '../../platform/tokens';
import { findContactsByIds } from '../contacts';
import { groupAccess, requireInviter } from './groups.service';

const DAY_MS = 86_400_000;

/** The text a crew member receives (the link is all they need; the page says the rest). */
export function invitationSms(groupName: string, link: string): string {
  return `You're invited to join ${groupName} on Fieldbook. Open this link to accept: ${link}`;
}

/** E.164 for a 10-digit US number; anything else is sent as stored. */

/**
 * Invites the chosen contacts of the caller by phone (spec 002 §2, §7): contacts already in the group (matched by
 * phone) are skipped; each other phone gets one invitation (a newer one replaces a pending one) with a 256-bit
 * token stored only as its hash, valid 7 days, and an SMS with the link through the outbox — all in one
 * transaction, so no invitation exists without its message and no message without its invitation.
 */
export async function inviteContacts(opts: {
  db: Db;
  actor: Actor;
  groupId: string;
  input: z.output<typeof InviteBodySchema>;
  publicUrl: string;
  now: Date;
}): Promise<InviteResult> {
  const { db, actor, input } = opts;
  const access = await groupAccess(db, actor, opts.groupId);
  requireInviter(access);
  const ids = [...new Set(input.contact_ids)];
  // Any contact the inviter can see — their own and those shared with their groups, as the invite modal offers them.
  const chosen = (await findContactsByIds({ db, actor, ids })).map((c) => ({ id: c.id, phone: c.phone_number }));
  if (chosen.length !== ids.length) throw fieldError('contact_ids', 'Contact not found');

  const memberPhones = await db.select({ phone: groupMembers.phoneNumber }).from(groupMembers).where(eq(groupMembers.groupId, opts.groupId));
  const inGroup = new Set(memberPhones.flatMap((m) => (m.phone ? phoneMatchKeys(m.phone) : [])));
  const phones = [...new Set(chosen.map((c) => c.phone).filter((p) => !phoneMatchKeys(p).some((k) => inGroup.has(k))))];

  await db.transaction(async (tx) => {
    if (phones.length) await tx.delete(invitations).where(and(eq(invitations.groupId, opts.groupId), inArray(invitations.phoneNumber, phones)));
    for (const phone of phones) {
      const token = newOpaqueToken();
      await tx.insert(invitations).values({
        tokenHash: hashToken(token),
        groupId: opts.groupId,
        phoneNumber: phone,
        role: input.role,
        createdBy: actor.userId,
        createdAt: opts.now,
        expiresAt: new Date(opts.now.getTime() + INVITATION_TTL_DAYS * DAY_MS),
      });
      await enqueueSms(tx, { to: toE164(phone), text: invitationSms(access.group.name, `${opts.publicUrl}/invitation/${token}`) });
    }
  });
  return { invited: phones.length, skipped: chosen.length - phones.length };
}

type InvitationRow = typeof invitations.$inferSelect;

function assertValid(row: InvitationRow | undefined, now: Date): asserts row is InvitationRow {
  if (!row) throw new AppError('NOT_FOUND', INVITATION_NOT_FOUND);
  if (row.expiresAt.getTime() <= now.getTime()) throw new AppError('GONE', INVITATION_EXPIRED);
}

/** Public: what the invitation page shows — the group's name and description, the role, the expiry; nothing else. */
export async function previewInvitation(opts: { db: Db; token: string; now: Date }): Promise<InvitationPreview> {
  const [row] = await opts.db
    .select({ inv: invitations, name: groups.name, description: groups.description })
    .from(invitations)
    .innerJoin(groups, eq(groups.id, invitations.groupId))
    .where(eq(invitations.tokenHash, hashToken(opts.token)))
    .limit(1);
  assertValid(row?.inv, opts.now);
  return { group_name: row!.name, group_description: row!.description, role: row!.inv.role, expires_at: row!.inv.expiresAt.toISOString() };
}

/**
 * Accepts for `userId`: the member row (the user and the invited phone) and the invitation's deletion commit
 * together. The row is locked, so of two concurrent accepts one wins and the other finds no invitation; a user
 * already in the group gets `already_member` and no second row (the unique index guards it too).
 */
export async function acceptInvitation(opts: { db: Db; token: string; userId: string; now: Date }): Promise<AcceptInvitationResult> {
  return opts.db.transaction(async (tx) => {
    const [row] = await tx.select().from(invitations).where(eq(invitations.tokenHash, hashToken(opts.token))).for('update').limit(1);
    assertValid(row, opts.now);
    const [group] = await tx.select({ id: groups.id, createdBy: groups.createdBy }).from(groups).where(eq(groups.id, row.groupId)).limit(1);
    if (!group) throw new AppError('NOT_FOUND', GROUP_NOT_FOUND);
    const inserted = await tx
      .insert(groupMembers)
      .values({ groupId: row.groupId, userId: opts.userId, phoneNumber: row.phoneNumber, role: row.role as GroupRole, addedBy: row.createdBy })
      .onConflictDoNothing({ target: [groupMembers.groupId, groupMembers.userId], where: sql`${groupMembers.userId} is not null` })
      .returning({ id: groupMembers.id });
    await tx.delete(invitations).where(eq(invitations.id, row.id));
    return { group_id: row.groupId, already_member: inserted.length === 0 };
  });
}

/** Public: declining deletes the invitation (spec 002 §4); an expired one may be declined too. */
export async function declineInvitation(opts: { db: Db; token: string }): Promise<void> {
  const rows = await opts.db.delete(invitations).where(eq(invitations.tokenHash, hashToken(opts.token))).returning({ id: invitations.id });
  if (rows.length === 0) throw new AppError('NOT_FOUND', INVITATION_NOT_FOUND);
}

/** The invited phone of a valid invitation (the sign-up stores it on the new account). */
export async function invitedPhone(opts: { db: Db; token: string; now: Date }): Promise<string> {
  const [row] = await opts.db.select().from(invitations).where(eq(invitations.tokenHash, hashToken(opts.token))).limit(1);
  assertValid(row, opts.now);
  return row.phoneNumber;
}
