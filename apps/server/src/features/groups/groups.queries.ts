import { and, asc, eq, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { groupMembers, groups } from './groups.schema';

/**
 * What other features may know of groups and their members (the groups feature owns groups, group_members and
 * invitations: docs/ARCHITECTURE.md, table ownership). Reads for another feature's own statement are SQL builders —
 * a predicate or a subquery over the (group_id, user_id) and (user_id) indexes — so those stay one statement.
 */

/** A group as other features see it. */
export type GroupRecord = typeof groups.$inferSelect;

/** SQL predicate: `userId` is a member of `groupId` (the creator is one too). */
export function isGroupMemberSql(groupId: SQL | string, userId: SQL | string): SQL {
  return sql`EXISTS (SELECT 1 FROM group_members gm WHERE gm.group_id = ${groupId} AND gm.user_id = ${userId})`;
}

/** SQL subquery: the ids of the groups `userId` is a member of. */
export function groupIdsOfMemberSql(userId: SQL | string): SQL {
  return sql`SELECT gm.group_id FROM group_members gm WHERE gm.user_id = ${userId}`;
}

/** SQL subquery: the user ids of a group's members with an account. */
export function memberUserIdsSql(groupId: SQL | string): SQL {
  return sql`SELECT gm.user_id FROM group_members gm WHERE gm.group_id = ${groupId} AND gm.user_id IS NOT NULL`;
}

/** SQL expression: `{ name }` of the group `groupId` (by primary key), or null. */
export function groupNameJsonSql(groupId: SQL): SQL {
  return sql`(SELECT json_build_object('name', g.name) FROM groups g WHERE g.id = ${groupId})`;
}

/** SQL expression: the number of groups of the workspace `workspaceId` (groups_workspace_idx). */
export function groupCountSql(workspaceId: SQL): SQL {
  return sql`(SELECT count(*) FROM groups g WHERE g.workspace_id = ${workspaceId})`;
}

/** Which of `groupIds` `userId` is a member of. */
export async function groupsOfMemberAmong(db: Db | Tx, userId: string, groupIds: readonly string[]): Promise<string[]> {
  if (groupIds.length === 0) return [];
  const rows = await db
    .select({ groupId: groupMembers.groupId })
    .from(groupMembers)
    .where(and(eq(groupMembers.userId, userId), inArray(groupMembers.groupId, [...groupIds])));
  return rows.map((r) => r.groupId);
}

/** The members' phones of a group `userId` is a member of; null when they are not (or there is no such group). */
export async function memberPhonesForMember(db: Db, opts: { groupId: string; userId: string }): Promise<string[] | null> {
  const [mine] = await db
    .select({ id: groupMembers.id })
    .from(groupMembers)
    .where(and(eq(groupMembers.groupId, opts.groupId), eq(groupMembers.userId, opts.userId)))
    .limit(1);
  if (!mine) return null;
  const rows = await db.select({ phone: groupMembers.phoneNumber }).from(groupMembers).where(and(eq(groupMembers.groupId, opts.groupId), isNotNull(groupMembers.phoneNumber)));
  return rows.map((r) => r.phone!);
}

/** A group of the workspace, or null (another workspace's group is not there). */
export async function findWorkspaceGroup(db: Db, opts: { groupId: string; workspaceId: string }): Promise<GroupRecord | null> {
  const [row] = await db
    .select()
    .from(groups)
    .where(and(eq(groups.id, opts.groupId), eq(groups.workspaceId, opts.workspaceId)))
    .limit(1);
  return row ?? null;
}

/** The workspace's groups by name. */
export function listWorkspaceGroups(db: Db, workspaceId: string): Promise<GroupRecord[]> {
  return db.select().from(groups).where(eq(groups.workspaceId, workspaceId)).orderBy(asc(groups.name), asc(groups.id));
}

/**
 * Whether the user may file work of this workspace under this group: the group is the workspace's and the user
 * created it or is a member.
 */
export async function isUsableGroup(db: Db, opts: { workspaceId: string; userId: string; groupId: string }): Promise<boolean> {
  const rows = await db
    .select({ id: groups.id })
    .from(groups)
    .where(
      and(
        eq(groups.id, opts.groupId),
        eq(groups.workspaceId, opts.workspaceId),
        sql`(${groups.createdBy} = ${opts.userId} OR ${isGroupMemberSql(sql`${groups.id}`, opts.userId)})`,
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** Ends a user's memberships in the workspace's groups (they leave the workspace; groups elsewhere stay). */
export async function removeMembershipsInWorkspace(tx: Tx, opts: { userId: string; workspaceId: string }): Promise<void> {
  await tx
    .delete(groupMembers)
    .where(and(eq(groupMembers.userId, opts.userId), inArray(groupMembers.groupId, tx.select({ id: groups.id }).from(groups).where(eq(groups.workspaceId, opts.workspaceId)))));
}
