import { and, asc, desc, eq, inArray, lt, lte, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { authSessions, mfaChallenges, mfaFactors, oneTimeTokens, refreshTokens, users, type AmrEntry } from './auth.schema';

/** Queries only (style.md): rules live in the services. A transaction handle is a `Db` too. */

export type UserRow = typeof users.$inferSelect;
export type SessionRow = typeof authSessions.$inferSelect;
export type FactorRow = typeof mfaFactors.$inferSelect;
export type OneTimeTokenType = (typeof oneTimeTokens.$inferSelect)['tokenType'];

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email.toLowerCase())).limit(1);
  return row;
}

export async function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

export async function updateUser(db: Db, id: string, values: Partial<typeof users.$inferInsert>): Promise<UserRow> {
  const [row] = await db.update(users).set(values).where(eq(users.id, id)).returning();
  if (!row) throw new Error(`user ${id} vanished during update`);
  return row;
}

// Sessions -----------------------------------------------------------------------------------------

export async function insertSession(
  db: Db,
  values: { userId: string; aal: 'aal1' | 'aal2'; amr: AmrEntry[]; ip: string | null; userAgent: string | null; createdAt: Date; refreshedAt: Date },
): Promise<SessionRow> {
  const [row] = await db.insert(authSessions).values(values).returning();
  if (!row) throw new Error('insert session failed');
  return row;
}

export async function findSession(db: Db, id: string): Promise<SessionRow | undefined> {
  const [row] = await db.select().from(authSessions).where(eq(authSessions.id, id)).limit(1);
  return row;
}

export async function updateSession(db: Db, id: string, values: Partial<typeof authSessions.$inferInsert>): Promise<SessionRow | undefined> {
  const [row] = await db.update(authSessions).set(values).where(eq(authSessions.id, id)).returning();
  return row;
}

/** Deleting a session cascades to its refresh tokens and makes its access tokens fail the guard at once. */
export async function deleteSession(db: Db, id: string): Promise<void> {
  await db.delete(authSessions).where(eq(authSessions.id, id));
}

/** The user's sessions created before `createdAfter` or last refreshed before `activeAfter` (ended sessions). */
export async function deleteEndedSessions(db: Db, userId: string, cutoffs: { createdAfter: Date; activeAfter: Date }): Promise<void> {
  await db
    .delete(authSessions)
    .where(
      and(
        eq(authSessions.userId, userId),
        or(lte(authSessions.createdAt, cutoffs.createdAfter), lte(sql`coalesce(${authSessions.refreshedAt}, ${authSessions.createdAt})`, cutoffs.activeAfter)),
      ),
    );
}

export async function deleteUserSessions(db: Db, userId: string, opts: { exceptId?: string; onlyAal1?: boolean } = {}): Promise<void> {
  const conditions = [eq(authSessions.userId, userId)];
  if (opts.exceptId) conditions.push(ne(authSessions.id, opts.exceptId));
  if (opts.onlyAal1) conditions.push(eq(authSessions.aal, 'aal1'));
  await db.delete(authSessions).where(and(...conditions));
}

// Refresh tokens -----------------------------------------------------------------------------------

export async function insertRefreshToken(db: Db, values: { sessionId: string; tokenHash: string; parentHash: string | null }): Promise<void> {
  await db.insert(refreshTokens).values(values);
}

/** Locks the token row so two concurrent refreshes of one token are decided one after the other. */
export async function findRefreshTokenForUpdate(db: Db, tokenHash: string) {
  const [row] = await db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash)).limit(1).for('update');
  return row;
}

export async function revokeRefreshToken(db: Db, id: string, at: Date): Promise<void> {
  await db.update(refreshTokens).set({ revoked: true, revokedAt: at }).where(eq(refreshTokens.id, id));
}

// One-time email tokens ----------------------------------------------------------------------------

export async function deleteOneTimeTokens(db: Db, userId: string, tokenType: OneTimeTokenType): Promise<void> {
  await db.delete(oneTimeTokens).where(and(eq(oneTimeTokens.userId, userId), eq(oneTimeTokens.tokenType, tokenType)));
}

export async function insertOneTimeTokens(
  db: Db,
  rows: Array<{ userId: string; tokenType: OneTimeTokenType; kind: 'link' | 'code'; tokenHash: string; redirectTo: string | null; expiresAt: Date }>,
): Promise<void> {
  await db.insert(oneTimeTokens).values(rows);
}

/**
 * A wrong code was entered for `email`: every pending code of that user and type counts one more failed attempt,
 * and a code that reaches `maxAttempts` is deleted. Link tokens are not touched (they cannot be guessed).
 */
export async function recordWrongCode(db: Db, opts: { email: string; tokenType: OneTimeTokenType; maxAttempts: number }): Promise<void> {
  await db.transaction(async (tx) => {
    const user = await findUserByEmail(tx, opts.email);
    if (!user) return;
    const counted = await tx
      .update(oneTimeTokens)
      .set({ failedAttempts: sql`${oneTimeTokens.failedAttempts} + 1` })
      .where(and(eq(oneTimeTokens.userId, user.id), eq(oneTimeTokens.tokenType, opts.tokenType), eq(oneTimeTokens.kind, 'code')))
      .returning({ id: oneTimeTokens.id, failedAttempts: oneTimeTokens.failedAttempts });
    const dead = counted.filter((row) => row.failedAttempts >= opts.maxAttempts).map((row) => row.id);
    if (dead.length > 0) await tx.delete(oneTimeTokens).where(inArray(oneTimeTokens.id, dead));
  });
}

export async function findOneTimeToken(db: Db, tokenHash: string) {
  const [row] = await db.select().from(oneTimeTokens).where(eq(oneTimeTokens.tokenHash, tokenHash)).limit(1);
  return row;
}

export async function latestOneTimeTokenAt(db: Db, userId: string, tokenType: OneTimeTokenType): Promise<Date | null> {
  const [row] = await db
    .select({ createdAt: oneTimeTokens.createdAt })
    .from(oneTimeTokens)
    .where(and(eq(oneTimeTokens.userId, userId), eq(oneTimeTokens.tokenType, tokenType)))
    .orderBy(desc(oneTimeTokens.createdAt))
    .limit(1);
  return row?.createdAt ?? null;
}

export async function deleteExpiredOneTimeTokens(db: Db, now: Date): Promise<void> {
  await db.delete(oneTimeTokens).where(lt(oneTimeTokens.expiresAt, now));
}

// MFA ----------------------------------------------------------------------------------------------

export async function listFactors(db: Db, userId: string): Promise<FactorRow[]> {
  return db.select().from(mfaFactors).where(eq(mfaFactors.userId, userId)).orderBy(asc(mfaFactors.createdAt));
}

export async function findFactor(db: Db, userId: string, factorId: string): Promise<FactorRow | undefined> {
  const [row] = await db
    .select()
    .from(mfaFactors)
    .where(and(eq(mfaFactors.id, factorId), eq(mfaFactors.userId, userId)))
    .limit(1);
  return row;
}

export async function insertFactor(db: Db, values: typeof mfaFactors.$inferInsert): Promise<FactorRow> {
  const [row] = await db.insert(mfaFactors).values(values).returning();
  if (!row) throw new Error('insert factor failed');
  return row;
}

export async function updateFactor(db: Db, id: string, values: Partial<typeof mfaFactors.$inferInsert>): Promise<void> {
  await db.update(mfaFactors).set(values).where(eq(mfaFactors.id, id));
}

export async function deleteFactor(db: Db, id: string): Promise<void> {
  await db.delete(mfaFactors).where(eq(mfaFactors.id, id));
}

export async function deleteOtherUnverifiedFactors(db: Db, userId: string, keepId: string): Promise<void> {
  await db
    .delete(mfaFactors)
    .where(and(eq(mfaFactors.userId, userId), eq(mfaFactors.status, 'unverified'), ne(mfaFactors.id, keepId)));
}

export async function insertChallenge(db: Db, values: { factorId: string; ip: string | null }) {
  const [row] = await db.insert(mfaChallenges).values(values).returning();
  if (!row) throw new Error('insert challenge failed');
  return row;
}

export async function findChallenge(db: Db, factorId: string, challengeId: string) {
  const [row] = await db
    .select()
    .from(mfaChallenges)
    .where(and(eq(mfaChallenges.id, challengeId), eq(mfaChallenges.factorId, factorId)))
    .limit(1)
    .for('update');
  return row;
}

/** Challenges are single-use and short-lived; old ones of a factor are dropped when a new one is made. */
export async function deleteChallengesBefore(db: Db, factorId: string, before: Date): Promise<void> {
  await db.delete(mfaChallenges).where(and(eq(mfaChallenges.factorId, factorId), lt(mfaChallenges.createdAt, before)));
}

export async function markChallengeVerified(db: Db, id: string, at: Date): Promise<void> {
  await db.update(mfaChallenges).set({ verifiedAt: at }).where(eq(mfaChallenges.id, id));
}

export async function deleteChallenge(db: Db, id: string): Promise<void> {
  await db.delete(mfaChallenges).where(eq(mfaChallenges.id, id));
}
