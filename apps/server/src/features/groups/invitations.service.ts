import {
  GROUP_NOT_FOUND,
  INVITATION_CODE_EXHAUSTED,
  INVITATION_CODE_INVALID,
  INVITATION_CODE_RESEND_SECONDS,
  INVITATION_CODE_MAX_ATTEMPTS,
  INVITATION_CODE_TTL_MINUTES,
  INVITATION_EXPIRED,
  INVITATION_NOT_FOUND,
  INVITATION_TTL_DAYS,
  phoneMatchKeys,
  type AcceptInvitationResult,
  type GroupRole,
  type InvitationCodeSent,
  type InvitationPreview,
  type InvitationSignUpResult,
  type InviteBodySchema,
  type InviteResult,
  type MyInvitation,
  type MyInvitationList,
} from '@fieldbook/contract';
import { and, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client';
import { findPeople } from '../profiles';
import { groupMembers, groups, invitations } from './groups.schema';
import type { Actor } from '../../platform/auth-guard';
import { AppError, fieldError } from '../../platform/errors';
import { enqueueSms } from '../../platform/mail';
import { checkCode as checkOneTimeCode, issueCode, isRecentlySent, type CodePolicy } from '../../platform/one-time-codes';
import { toE164 } from '../../platform/sms';
import { hashToken, newOpaqueToken } from '../../platform/tokens';
import type { ContactLookup } from './groups.ports';
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
  contacts: ContactLookup;
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
  const chosen = (await opts.contacts.byIds({ db, actor, ids })).map((c) => ({ id: c.id, phone: c.phone_number }));
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

/**
 * Which invitation: by the link's token (the texted link, public), or by id for a signed-in user — only an invitation
 * to the phone on their profile is theirs (/group-invite/{inviteId}); any other id is not found.
 */
export type InvitationRef = { token: string } | { id: string; userId: string };

function assertValid(row: InvitationRow | undefined, now: Date): asserts row is InvitationRow {
  if (!row) throw new AppError('NOT_FOUND', INVITATION_NOT_FOUND);
  if (row.expiresAt.getTime() <= now.getTime()) throw new AppError('GONE', INVITATION_EXPIRED);
}

/** The invitation `ref` names, locked for update when `lock` (inside a transaction); undefined when there is none. */
async function findInvitation(db: Db | Tx, ref: InvitationRef, lock = false): Promise<InvitationRow | undefined> {
  const where = 'token' in ref ? eq(invitations.tokenHash, hashToken(ref.token)) : eq(invitations.id, ref.id);
  const [row] = lock ? await db.select().from(invitations).where(where).for('update').limit(1) : await db.select().from(invitations).where(where).limit(1);
  if (!row || 'token' in ref) return row;
  const profile = (await findPeople(db, [ref.userId])).get(ref.userId);
  const mine = new Set(profile?.phoneNumber ? phoneMatchKeys(profile.phoneNumber) : []);
  return phoneMatchKeys(row.phoneNumber).some((k) => mine.has(k)) ? row : undefined;
}

/** The invited phone's last 4 digits: where the code goes, without saying the whole number to whoever holds the link. */
function phoneHint(phone: string): string {
  return phone.replace(/\D+/g, '').slice(-4);
}

async function previewOf(db: Db, row: InvitationRow): Promise<InvitationPreview> {
  const [group] = await db.select({ name: groups.name, description: groups.description }).from(groups).where(eq(groups.id, row.groupId)).limit(1);
  if (!group) throw new AppError('NOT_FOUND', INVITATION_NOT_FOUND);
  return { group_name: group.name, group_description: group.description, role: row.role, expires_at: row.expiresAt.toISOString(), phone_hint: phoneHint(row.phoneNumber) };
}

/** What the invitation page shows — the group's name and description, the role, the expiry, the phone's last digits. */
export async function previewInvitation(opts: { db: Db; ref: InvitationRef; now: Date }): Promise<InvitationPreview> {
  const row = await findInvitation(opts.db, opts.ref);
  assertValid(row, opts.now);
  return previewOf(opts.db, row);
}

/** Pending invitations to the phone on the caller's profile (the Groups screen links each to /group-invite/{id}). */
export async function listMyInvitations(opts: { db: Db; userId: string; now: Date }): Promise<MyInvitationList> {
  const phone = (await findPeople(opts.db, [opts.userId])).get(opts.userId)?.phoneNumber;
  if (!phone) return { invitations: [] };
  const rows = await opts.db
    .select({ inv: invitations, name: groups.name, description: groups.description })
    .from(invitations)
    .innerJoin(groups, eq(groups.id, invitations.groupId))
    .where(and(inArray(invitations.phoneNumber, phoneMatchKeys(phone)), gt(invitations.expiresAt, opts.now)))
    .orderBy(desc(invitations.createdAt), desc(invitations.id))
    .limit(50);
  return {
    invitations: rows.map(({ inv, name, description }) => ({
      id: inv.id,
      group_name: name,
      group_description: description,
      role: inv.role,
      expires_at: inv.expiresAt.toISOString(),
      phone_hint: phoneHint(inv.phoneNumber),
    })),
  };
}

/** /group-invite/{inviteId}: the signed-in user's invitation by id. */
export async function getMyInvitation(opts: { db: Db; id: string; userId: string; now: Date }): Promise<MyInvitation> {
  const row = await findInvitation(opts.db, { id: opts.id, userId: opts.userId });
  assertValid(row, opts.now);
  return { id: row.id, ...(await previewOf(opts.db, row)) };
}

/** The invitation's code rules (the one home of one-time codes, platform/one-time-codes.ts). */
const INVITATION_CODE: CodePolicy = { ttlMinutes: INVITATION_CODE_TTL_MINUTES, resendSeconds: INVITATION_CODE_RESEND_SECONDS, maxAttempts: INVITATION_CODE_MAX_ATTEMPTS };

export function invitationCodeSms(groupName: string, code: string): string {
  return `${code} is your Fieldbook code to join ${groupName}. It expires in ${INVITATION_CODE_TTL_MINUTES} minutes. Never share it: whoever has it can join as you.`;
}

/**
 * Texts a new one-time code to the invited phone (through the outbox, in the transaction that stores its hash). A code
 * sent under a minute ago is not replaced — the answer is the same, so a double click or a script sends one text.
 */
export async function sendInvitationCode(opts: { db: Db; ref: InvitationRef; now: Date }): Promise<InvitationCodeSent> {
  const { now } = opts;
  return opts.db.transaction(async (tx) => {
    const row = await findInvitation(tx, opts.ref, true);
    assertValid(row, now);
    const hint = phoneHint(row.phoneNumber);
    if (isRecentlySent(row, INVITATION_CODE, now)) return { phone_hint: hint, expires_at: row.codeExpiresAt!.toISOString() };
    const [group] = await tx.select({ name: groups.name }).from(groups).where(eq(groups.id, row.groupId)).limit(1);
    if (!group) throw new AppError('NOT_FOUND', INVITATION_NOT_FOUND);
    // The tries left are not reset by a new code: INVITATION_CODE_MAX_ATTEMPTS bounds guesses per invitation.
    const { code, state } = issueCode(row.id, INVITATION_CODE, now);
    await tx.update(invitations).set({ codeHash: state.codeHash, codeSentAt: state.codeSentAt, codeExpiresAt: state.codeExpiresAt }).where(eq(invitations.id, row.id));
    await enqueueSms(tx, { to: toE164(row.phoneNumber), text: invitationCodeSms(group.name, code) });
    return { phone_hint: hint, expires_at: state.codeExpiresAt!.toISOString() };
  });
}

type CodeCheck = { ok: true; row: InvitationRow } | { ok: false; message: string };

/**
 * Inside the acceptance's transaction, with the invitation row locked: the code must be the one texted, unexpired.
 * A wrong code counts against the invitation; the last allowed wrong try deletes it. The count must survive the
 * failed acceptance, so a wrong code is not thrown here: the caller commits and then refuses (`refuseCode`).
 */
async function checkCode(tx: Tx, ref: InvitationRef, code: string, now: Date): Promise<CodeCheck> {
  const row = await findInvitation(tx, ref, true);
  assertValid(row, now);
  const checked = checkOneTimeCode(row.id, row, code, INVITATION_CODE, now);
  if (checked.result === 'ok') return { ok: true, row };
  if (checked.result === 'exhausted') {
    await tx.delete(invitations).where(eq(invitations.id, row.id));
    return { ok: false, message: INVITATION_CODE_EXHAUSTED };
  }
  await tx.update(invitations).set({ codeAttempts: checked.attempts }).where(eq(invitations.id, row.id));
  return { ok: false, message: INVITATION_CODE_INVALID };
}

function refuseCode(check: { ok: false; message: string }): never {
  throw fieldError('code', check.message);
}

/**
 * The member row (the real joiner and the invited phone, proven by the code) and the invitation's deletion, in the
 * caller's transaction. The row is locked, so of two concurrent accepts one wins and the other finds no invitation; a
 * user already in the group gets `already_member` and no second row (the unique index guards it too).
 */
async function addMember(tx: Tx, row: InvitationRow, userId: string): Promise<AcceptInvitationResult> {
  const [group] = await tx.select({ id: groups.id }).from(groups).where(eq(groups.id, row.groupId)).limit(1);
  if (!group) throw new AppError('NOT_FOUND', GROUP_NOT_FOUND);
  const inserted = await tx
    .insert(groupMembers)
    .values({ groupId: row.groupId, userId, phoneNumber: row.phoneNumber, role: row.role as GroupRole, addedBy: row.createdBy })
    .onConflictDoNothing({ target: [groupMembers.groupId, groupMembers.userId], where: sql`${groupMembers.userId} is not null` })
    .returning({ id: groupMembers.id });
  await tx.delete(invitations).where(eq(invitations.id, row.id));
  return { group_id: row.groupId, already_member: inserted.length === 0 };
}

/** Accepts for the signed-in `userId` with the code texted to the invited phone (issue 22 item 4). */
export async function acceptInvitation(opts: { db: Db; ref: InvitationRef; userId: string; code: string; now: Date }): Promise<AcceptInvitationResult> {
  const result = await opts.db.transaction(async (tx) => {
    const check = await checkCode(tx, opts.ref, opts.code, opts.now);
    return check.ok ? addMember(tx, check.row, opts.userId) : check;
  });
  if ('ok' in result) refuseCode(result);
  return result;
}

/**
 * Sign-up through an invitation (spec 002 §2 visitor form): the code, the new account and the membership in one
 * transaction (issue 22 item 14) — an invitation used or declined meanwhile, or a wrong code, leaves no account, and of
 * concurrent sign-ups through one link only the one that gets the invitation creates an account. The account's phone
 * is the invited phone, which the code has just proven.
 */
export async function signUpThroughInvitation(opts: {
  db: Db;
  token: string;
  code: string;
  now: Date;
  prepareAccount: (phone: string) => Promise<(tx: Tx) => Promise<{ userId: string; confirmationRequired: boolean }>>;
}): Promise<InvitationSignUpResult> {
  const before = await findInvitation(opts.db, { token: opts.token });
  assertValid(before, opts.now);
  // The password is hashed before the row is locked (argon2 takes a while).
  const createAccount = await opts.prepareAccount(before.phoneNumber);
  const result = await opts.db.transaction(async (tx) => {
    const check = await checkCode(tx, { token: opts.token }, opts.code, opts.now);
    if (!check.ok) return check;
    const account = await createAccount(tx);
    const accepted = await addMember(tx, check.row, account.userId);
    return { group_id: accepted.group_id, confirmation_required: account.confirmationRequired };
  });
  if ('ok' in result) refuseCode(result);
  return result;
}

/** Declining deletes the invitation (spec 002 §4); an expired one may be declined too. */
export async function declineInvitation(opts: { db: Db; ref: InvitationRef }): Promise<void> {
  const row = await findInvitation(opts.db, opts.ref);
  const rows = row ? await opts.db.delete(invitations).where(eq(invitations.id, row.id)).returning({ id: invitations.id }) : [];
  if (rows.length === 0) throw new AppError('NOT_FOUND', INVITATION_NOT_FOUND);
}
