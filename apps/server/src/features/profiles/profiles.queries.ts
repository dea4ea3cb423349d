import { and, asc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { profiles } from './profiles.schema';

/**
 * What other features may read of profiles (the profiles feature owns the table: docs/ARCHITECTURE.md, table
 * ownership). One query for a whole page of ids, never one per row.
 */

/** The name a person is shown by: full name, else user name, else email. */
export async function profileDisplayNames(db: Db | Tx, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: profiles.id, name: sql<string>`coalesce(nullif(btrim(${profiles.fullName}), ''), nullif(btrim(${profiles.userName}), ''), ${profiles.email})` })
    .from(profiles)
    .where(inArray(profiles.id, [...ids]));
  return new Map(rows.map((r) => [r.id, r.name]));
}

export type PersonRecord = { id: string; fullName: string | null; userName: string | null; email: string | null; phoneNumber: string | null; workspaceId: string | null };

/** The profiles of `ids` (those that exist), each with its names, email, phone and workspace. */
export async function findPeople(db: Db | Tx, ids: readonly string[]): Promise<Map<string, PersonRecord>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: profiles.id, fullName: profiles.fullName, userName: profiles.userName, email: profiles.email, phoneNumber: profiles.phoneNumber, workspaceId: profiles.workspaceId })
    .from(profiles)
    .where(inArray(profiles.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, r]));
}

/** The members of `workspaceId` who run it: `ownerId` (while a member) and those with the admin role (profiles_workspace_id_idx). */
export async function workspaceAdminMemberIds(db: Db | Tx, workspaceId: string, ownerId: string | null): Promise<string[]> {
  const isAdmin = ownerId ? or(eq(profiles.role, 'admin'), eq(profiles.id, ownerId)) : eq(profiles.role, 'admin');
  const rows = await db.select({ id: profiles.id }).from(profiles).where(and(eq(profiles.workspaceId, workspaceId), isAdmin));
  return rows.map((r) => r.id);
}

// ---- A profile's workspace (profiles.workspace_id): what the workspaces feature changes through these ------------

/** SQL subquery: the workspace id on `userId`'s profile (by primary key). */
export function profileWorkspaceIdSql(userId: string): SQL {
  return sql`(SELECT p.workspace_id FROM profiles p WHERE p.id = ${userId})`;
}

/** SQL expression: the number of profiles in the workspace `workspaceId` (profiles_workspace_id_idx). */
export function profileCountSql(workspaceId: SQL): SQL {
  return sql`(SELECT count(*) FROM profiles p WHERE p.workspace_id = ${workspaceId})`;
}

/** The profile's workspace, the row locked for update inside `tx`; undefined when there is no profile. */
export async function lockProfileWorkspace(tx: Tx, userId: string): Promise<{ workspaceId: string | null } | undefined> {
  const [row] = await tx.select({ workspaceId: profiles.workspaceId }).from(profiles).where(eq(profiles.id, userId)).for('update').limit(1);
  return row;
}

/** Links the profile to a workspace (or to none). */
export async function setProfileWorkspace(tx: Db | Tx, userId: string, workspaceId: string | null): Promise<void> {
  await tx.update(profiles).set({ workspaceId }).where(eq(profiles.id, userId));
}

/** Unlinks every profile of the workspace. */
export async function unlinkWorkspaceProfiles(tx: Db | Tx, workspaceId: string): Promise<void> {
  await tx.update(profiles).set({ workspaceId: null }).where(eq(profiles.workspaceId, workspaceId));
}

/** Links those of `userIds` that have no workspace to `workspaceId`; returns the ids linked. */
export async function linkUnassignedProfiles(tx: Db | Tx, userIds: readonly string[], workspaceId: string): Promise<string[]> {
  if (userIds.length === 0) return [];
  const rows = await tx
    .update(profiles)
    .set({ workspaceId })
    .where(and(inArray(profiles.id, [...userIds]), isNull(profiles.workspaceId)))
    .returning({ id: profiles.id });
  return rows.map((r) => r.id);
}

/** Unlinks `userId` from `workspaceId`; false when their profile is not in it. */
export async function unlinkProfileFromWorkspace(tx: Db | Tx, userId: string, workspaceId: string): Promise<boolean> {
  const rows = await tx
    .update(profiles)
    .set({ workspaceId: null })
    .where(and(eq(profiles.id, userId), eq(profiles.workspaceId, workspaceId)))
    .returning({ id: profiles.id });
  return rows.length > 0;
}

export type WorkspacePerson = { id: string; email: string; user_name: string | null; full_name: string | null };

/** The people of a workspace (or, with null, those without one, at most `limit`) by email. */
export async function listWorkspacePeople(db: Db, workspaceId: string | null, limit?: number): Promise<WorkspacePerson[]> {
  const q = db
    .select({ id: profiles.id, email: profiles.email, user_name: profiles.userName, full_name: profiles.fullName })
    .from(profiles)
    .where(workspaceId === null ? isNull(profiles.workspaceId) : eq(profiles.workspaceId, workspaceId))
    .orderBy(asc(profiles.email))
    .$dynamic();
  return limit === undefined ? q : q.limit(limit);
}

// ---- Written by the auth feature when it creates an account or changes its email --------------------------------

export type NewProfile = typeof profiles.$inferInsert;

/** The profile of a new account (spec 000 §3 "Profile written at sign-up"). */
export async function insertProfile(tx: Db | Tx, values: NewProfile): Promise<void> {
  await tx.insert(profiles).values(values);
}

/** Keeps the profile's copy of the email in step with the auth user. */
export async function syncProfileEmail(db: Db | Tx, userId: string, email: string): Promise<void> {
  await db.update(profiles).set({ email }).where(eq(profiles.id, userId));
}

/** SQL expression: the user name on `userId`'s profile (by primary key), or null. */
export function profileUserNameSql(userId: SQL): SQL {
  return sql`(SELECT p.user_name FROM profiles p WHERE p.id = ${userId})`;
}

/** Every person with a profile — id, user name, email — by user name (undefined last), then email. */
export function listPeopleByName(db: Db): Promise<{ id: string; user_name: string | null; email: string }[]> {
  return db
    .select({ id: profiles.id, user_name: profiles.userName, email: profiles.email })
    .from(profiles)
    .orderBy(sql`${profiles.userName} ASC NULLS LAST`, asc(profiles.email));
}
