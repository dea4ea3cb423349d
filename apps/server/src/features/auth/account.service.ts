import { normalizeUsPhone as usPhone } from '@fieldbook/contract';
import type { Db } from '../../db/client';
import { insertProfile, syncProfileEmail as syncEmail } from '../profiles';
import { insertDefaultSettings } from '../settings';
import { createPersonalWorkspace } from '../workspaces';
import { users } from './auth.schema';
import type { UserRow } from './auth.repository';

/**
 * A US number in E.164 (spec 000 §5) by the contract's one rule (`normalizeUsPhone` in rules.ts, which the sign-up
 * form runs too); anything else is null (the client validates; the server never stores junk).
 */
export function normalizeUsPhone(raw: unknown): string | null {
  if (typeof raw !== 'string' && typeof raw !== 'number') return null;
  return usPhone(String(raw));
}

function isTrue(v: unknown): boolean {
  return v === true || v === 'true';
}

function parseDate(v: unknown): Date | null {
  if (typeof v !== 'string' && typeof v !== 'number') return null;
  const d = new Date(v);
  return Number.isNaN(d.getTime()) ? null : d;
}

export type CreateUserAccountInput = {
  email: string;
  passwordHash: string;
  userMetadata?: Record<string, unknown>;
  emailConfirmedAt?: Date | null;
  role?: 'admin' | 'user';
  /** Defaults to "<name>'s Workspace". */
  workspaceName?: string;
  now: Date;
  /** Where a failed profile/workspace write is reported (it never blocks the sign-up, spec 000 §5). */
  log: (msg: string, err: unknown) => void;
};

/**
 * Creates an account the one way every feature should: the auth user, then — in a savepoint of the
 * same transaction — the profile (spec 000 §3 "Profile written at sign-up"), the personal workspace
 * (design.md §4: owner, private, drive enabled, invite_only) linked from the profile, and default
 * user settings. Normally all of it commits together; if the profile part fails, the savepoint is
 * rolled back, the failure logged, and the user still exists (the specification's rule).
 * Pass a transaction handle to make it part of a larger unit of work.
 */
export async function createUserAccount(db: Db, input: CreateUserAccountInput): Promise<{ user: UserRow; workspaceId: string | null }> {
  const email = input.email.toLowerCase();
  const metadata = input.userMetadata ?? {};
  return db.transaction(async (tx) => {
    const [user] = await tx
      .insert(users)
      .values({
        email,
        encryptedPassword: input.passwordHash,
        userMetadata: metadata,
        appMetadata: { provider: 'email', providers: ['email'] },
        emailConfirmedAt: input.emailConfirmedAt ?? null,
      })
      .returning();
    if (!user) throw new Error('insert user failed');

    const fullName = typeof metadata.full_name === 'string' && metadata.full_name.trim() ? metadata.full_name.trim().slice(0, 200) : null;
    const userName = fullName ?? email.split('@')[0] ?? email;
    const smsOptIn = isTrue(metadata.sms_opt_in);
    let workspaceId: string | null = null;
    try {
      workspaceId = await tx.transaction(async (sp) => {
        // The browser's zone (the sign-up form sends it in `data`); createPersonalWorkspace falls back to UTC.
        const wsId = await createPersonalWorkspace(sp, { name: input.workspaceName ?? `${userName}'s Workspace`, ownerId: user.id, timeZone: metadata.time_zone });
        await insertProfile(sp, {
          id: user.id,
          email,
          userName,
          fullName,
          phoneNumber: normalizeUsPhone(metadata.phone_number),
          smsOptIn,
          smsOptInDate: smsOptIn ? (parseDate(metadata.sms_opt_in_date) ?? input.now) : null,
          role: input.role ?? 'user',
          workspaceId: wsId,
          createdAt: input.now,
        });
        await insertDefaultSettings(sp, user.id);
        return wsId;
      });
    } catch (err) {
      input.log(`profile/workspace for new user ${user.id} could not be written`, err);
    }
    return { user, workspaceId };
  });
}

/** Keeps the profile's copy of the email in step with the auth user. */
export async function syncProfileEmail(db: Db, userId: string, email: string): Promise<void> {
  await syncEmail(db, userId, email);
}
