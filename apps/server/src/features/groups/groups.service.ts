import { GROUP_NOT_FOUND, phoneMatchKeys, type Group, type GroupBodySchema, type GroupList, type GroupMember, type GroupMemberList, type GroupRole } from '@fieldbook/contract';
import { and, asc, count, eq, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { findPeople } from '../profiles';
import type { ContactLookup } from './groups.ports';
import { groupMembers, groups } from './groups.schema';
import { requireWorkspace, type Actor } from '../../platform/auth-guard';
import { AppError } from '../../platform/errors';

type GroupRow = typeof groups.$inferSelect;

/** What the caller may do with a group: strangers get a 404 (the group's existence is not theirs to know). */
export type GroupAccess = { group: GroupRow; isCreator: boolean; myRole: GroupRole | null };

const me = alias(groupMembers, 'me');

function memberCounts(db: Db) {
  return db.select({ groupId: groupMembers.groupId, n: count().as('member_n') }).from(groupMembers).groupBy(groupMembers.groupId).as('mc');
}

function toGroup(row: GroupRow, n: number, actor: Actor, myRole: GroupRole | null): Group {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    created_by: row.createdBy,
    workspace_id: row.workspaceId,
    drive_folder_id: row.driveFolderId,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    member_count: Number(n),
    is_creator: row.createdBy === actor.userId && myRole !== null,
    my_role: myRole,
  };
}

/**
 * Groups the caller created or belongs to, with member counts from one grouped subquery (spec 002 §2 cards). A creator
 * is a member (role admin) from the group's first moment and cannot leave it; the row goes only when they are removed
 * from the group's workspace, and their creator rights with it — so a membership row is what opens a group.
 */
async function selectGroups(db: Db, actor: Actor, extra?: SQL, alsoVisible?: SQL): Promise<Group[]> {
  const mc = memberCounts(db);
  const rows = await db
    .select({ g: groups, n: sql<number>`coalesce(${mc.n}, 0)::int`, myRole: me.role })
    .from(groups)
    .leftJoin(mc, eq(mc.groupId, groups.id))
    .leftJoin(me, and(eq(me.groupId, groups.id), eq(me.userId, actor.userId)))
    .where(and(or(isNotNull(me.id), alsoVisible), extra))
    .orderBy(asc(groups.name), asc(groups.id));
  return rows.map((r) => toGroup(r.g, r.n, actor, r.myRole ?? null));
}

export async function listGroups(opts: { db: Db; actor: Actor; workspaceId?: string }): Promise<GroupList> {
  return { groups: await selectGroups(opts.db, opts.actor, opts.workspaceId ? eq(groups.workspaceId, opts.workspaceId) : undefined) };
}

/**
 * A system administrator may view every group of their workspace (the group-assistants screen's View Group), not
 * only those they joined: this condition widens the reads (a group, its members); changes still need the creator.
 */
function adminView(actor: Actor): SQL | undefined {
  return actor.role === 'admin' && actor.workspaceId ? eq(groups.workspaceId, actor.workspaceId) : undefined;
}

export async function getGroup(opts: { db: Db; actor: Actor; groupId: string }): Promise<Group> {
  const [group] = await selectGroups(opts.db, opts.actor, eq(groups.id, opts.groupId), adminView(opts.actor));
  if (!group) throw new AppError('NOT_FOUND', GROUP_NOT_FOUND);
  return group;
}

/** The caller's standing in a group (a workspace's system admin may read it), or a 404 when they have none. */
export async function groupAccess(db: Db, actor: Actor, groupId: string): Promise<GroupAccess> {
  const [row] = await db
    .select({ g: groups, myRole: me.role })
    .from(groups)
    .leftJoin(me, and(eq(me.groupId, groups.id), eq(me.userId, actor.userId)))
    .where(eq(groups.id, groupId))
    .limit(1);
  const isCreator = row?.g.createdBy === actor.userId && Boolean(row?.myRole);
  const isWorkspaceAdmin = actor.role === 'admin' && row?.g.workspaceId === actor.workspaceId;
  if (!row || (!isCreator && !row.myRole && !isWorkspaceAdmin)) throw new AppError('NOT_FOUND', GROUP_NOT_FOUND);
  return { group: row.g, isCreator, myRole: row.myRole ?? null };
}

/** Whether the user created or belongs to the group (other features tag their rows with a group only then). */
export async function isGroupMember(db: Db, userId: string, groupId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: groups.id })
    .from(groups)
    .leftJoin(me, and(eq(me.groupId, groups.id), eq(me.userId, userId)))
    .where(and(eq(groups.id, groupId), isNotNull(me.id)))
    .limit(1);
  return Boolean(row);
}

function requireCreator(access: GroupAccess, what: string): void {
  if (!access.isCreator) throw new AppError('FORBIDDEN', `Only the group creator can ${what}`);
}

/** Spec 002 §6: the creator and members with role admin may invite. */
export function requireInviter(access: GroupAccess): void {
  if (!access.isCreator && access.myRole !== 'admin') throw new AppError('FORBIDDEN', 'Only the group creator and group admins can invite members');
}

/** A group in the caller's workspace; the creator becomes a member with role admin in the same transaction. */
export async function createGroup(opts: { db: Db; actor: Actor; input: z.output<typeof GroupBodySchema> }): Promise<Group> {
  const { db, actor, input } = opts;
  const workspaceId = requireWorkspace(actor);
  const id = await db.transaction(async (tx) => {
    const [row] = await tx.insert(groups).values({ name: input.name, description: input.description, createdBy: actor.userId, workspaceId }).returning({ id: groups.id });
    const profile = (await findPeople(tx, [actor.userId])).get(actor.userId);
    await tx.insert(groupMembers).values({ groupId: row!.id, userId: actor.userId, phoneNumber: profile?.phoneNumber ?? null, role: 'admin', addedBy: actor.userId });
    return row!.id;
  });
  return getGroup({ db, actor, groupId: id });
}

export async function updateGroup(opts: { db: Db; actor: Actor; groupId: string; input: z.output<typeof GroupBodySchema> }): Promise<Group> {
  requireCreator(await groupAccess(opts.db, opts.actor, opts.groupId), 'edit this group');
  await opts.db.update(groups).set({ name: opts.input.name, description: opts.input.description }).where(eq(groups.id, opts.groupId));
  return getGroup(opts);
}

/** Deletes the group with its memberships, invitations and contact shares; no one's contacts or work. */
export async function deleteGroup(opts: { db: Db; actor: Actor; groupId: string }): Promise<void> {
  requireCreator(await groupAccess(opts.db, opts.actor, opts.groupId), 'delete this group');
  await opts.db.delete(groups).where(eq(groups.id, opts.groupId));
}

/**
 * Members with a name to show (spec 002 §2): the profile's name or email; for a member without an account, the
 * caller's contact with that phone (spec 001 matching rules); else 'Unknown'.
 */
export async function listMembers(opts: { db: Db; actor: Actor; groupId: string; contacts: ContactLookup }): Promise<GroupMemberList> {
  const access = await groupAccess(opts.db, opts.actor, opts.groupId);
  const members = await opts.db.select().from(groupMembers).where(eq(groupMembers.groupId, opts.groupId)).orderBy(asc(groupMembers.createdAt), asc(groupMembers.id));
  // The members' profiles in one query (the profiles feature's), not one per member.
  const people = await findPeople(opts.db, members.flatMap((m) => (m.userId ? [m.userId] : [])));
  const rows = members.map((m) => {
    const p = m.userId ? people.get(m.userId) : undefined;
    return { m, fullName: p?.fullName ?? null, userName: p?.userName ?? null, email: p?.email ?? null };
  });
  const phones = rows.filter((r) => !r.fullName && !r.userName && !r.email && r.m.phoneNumber).map((r) => r.m.phoneNumber!);
  const { contacts } = phones.length ? await opts.contacts.byPhone({ db: opts.db, actor: opts.actor, phones }) : { contacts: [] };
  const contactName = (phone: string | null) => {
    if (!phone) return undefined;
    const keys = new Set(phoneMatchKeys(phone));
    return contacts.find((c) => keys.has(c.phone_number))?.name;
  };
  return {
    members: rows.map(({ m, fullName, userName, email }) =>
      toMember(m, { displayName: fullName || userName || email || contactName(m.phoneNumber) || 'Unknown', email, creatorId: access.group.createdBy }),
    ),
  };
}

function toMember(m: typeof groupMembers.$inferSelect, extra: { displayName: string; email: string | null; creatorId: string }): GroupMember {
  return {
    id: m.id,
    group_id: m.groupId,
    user_id: m.userId,
    phone_number: m.phoneNumber,
    role: m.role,
    added_by: m.addedBy,
    display_name: extra.displayName,
    email: extra.email,
    is_creator: m.userId === extra.creatorId,
    created_at: m.createdAt.toISOString(),
  };
}

async function memberOf(db: Db, groupId: string, memberId: string) {
  const [row] = await db
    .select()
    .from(groupMembers)
    .where(and(eq(groupMembers.id, memberId), eq(groupMembers.groupId, groupId)))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', 'Member not found');
  return row;
}

/** Spec 002 §4: only the creator changes roles, never on their own row. */
export async function updateMemberRole(opts: { db: Db; actor: Actor; groupId: string; memberId: string; role: GroupRole; contacts: ContactLookup }): Promise<GroupMember> {
  const access = await groupAccess(opts.db, opts.actor, opts.groupId);
  requireCreator(access, "change members' roles");
  const member = await memberOf(opts.db, opts.groupId, opts.memberId);
  if (member.userId === opts.actor.userId) throw new AppError('FORBIDDEN', 'You cannot change your own role');
  await opts.db.update(groupMembers).set({ role: opts.role }).where(eq(groupMembers.id, member.id));
  const { members } = await listMembers(opts);
  return members.find((m) => m.id === member.id)!;
}

export async function removeMember(opts: { db: Db; actor: Actor; groupId: string; memberId: string }): Promise<void> {
  const access = await groupAccess(opts.db, opts.actor, opts.groupId);
  requireCreator(access, 'remove members');
  const member = await memberOf(opts.db, opts.groupId, opts.memberId);
  if (member.userId === opts.actor.userId) throw new AppError('FORBIDDEN', 'You cannot remove yourself from your own group');
  await opts.db.delete(groupMembers).where(eq(groupMembers.id, member.id));
}
