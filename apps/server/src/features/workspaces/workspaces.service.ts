import type {
  AssignUsersBodySchema,
  ListWorkspacesQuerySchema,
  MyWorkspace,
  SaveMyWorkspaceBodySchema,
  Workspace,
  WorkspaceBodySchema,
  WorkspaceList,
  WorkspaceSummary,
  WorkspaceUserList,
} from '@fieldbook/contract';
import { canonicalTimeZone, DEFAULT_TIME_ZONE, isIanaTimeZone, WORKSPACE_OWNER_ONLY } from '@fieldbook/contract';
import { and, asc, count, eq, ilike, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client';
import { groupCountSql, removeMembershipsInWorkspace } from '../groups';
import {
  findPeople,
  linkUnassignedProfiles,
  listWorkspacePeople,
  lockProfileWorkspace,
  profileCountSql,
  profileWorkspaceIdSql,
  setProfileWorkspace,
  unlinkProfileFromWorkspace,
  unlinkWorkspaceProfiles,
  workspaceAdminMemberIds,
} from '../profiles';
import { workspaces } from './workspaces.schema';
import { likePattern, nameRank, shapedStatement } from '../../db/sql';
import { requireAdmin, type Actor } from '../../platform/auth-guard';
import { AppError } from '../../platform/errors';

export const WORKSPACE_NOT_FOUND = 'Workspace not found';

type WorkspaceRow = typeof workspaces.$inferSelect;

/** Row → contract shape, in one place. */
function toWorkspace(row: WorkspaceRow): Workspace {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    owner_id: row.ownerId,
    privacy_setting: row.privacySetting,
    drive_integration_enabled: row.driveIntegrationEnabled,
    default_group_visibility: row.defaultGroupVisibility,
    time_zone: row.timeZone,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    deleted_at: row.deletedAt?.toISOString() ?? null,
  };
}

// ---- My workspace (any signed-in user) -------------------------------------------------------------

export async function getMyWorkspace(opts: { db: Db; actor: Actor }): Promise<MyWorkspace> {
  const { db, actor } = opts;
  const profile = (await findPeople(db, [actor.userId])).get(actor.userId);
  const suggested_name = `${profile?.userName ?? actor.email.split('@')[0]}'s Workspace`;
  // Read the link from the profile, not the remembered actor: a save a moment ago must show at once.
  const [row] = await db
    .select({ w: workspaces })
    .from(workspaces)
    .where(and(sql`${workspaces.id} = ${profileWorkspaceIdSql(actor.userId)}`, isNull(workspaces.deletedAt)))
    .limit(1);
  return { workspace: row ? toWorkspace(row.w) : null, suggested_name, can_edit: !row || mayEditWorkspace(actor, row.w) };
}

/** The owner or a system admin (issue 22 item 12: a member renamed the company's sender name). */
function mayEditWorkspace(actor: Actor, row: WorkspaceRow): boolean {
  return row.ownerId === actor.userId || actor.role === 'admin';
}

/**
 * Spec 002 §4: saving without a workspace creates one (owner = caller) and links the profile; with one, updates
 * it and re-links the profile. One transaction, so a failed save leaves neither half.
 */
export async function saveMyWorkspace(opts: { db: Db; actor: Actor; input: z.output<typeof SaveMyWorkspaceBodySchema> }): Promise<Workspace> {
  const { db, actor, input } = opts;
  const values = {
    name: input.name,
    privacySetting: input.privacy_setting,
    driveIntegrationEnabled: input.drive_integration_enabled,
    defaultGroupVisibility: input.default_group_visibility,
    // Left out: kept as it is (an update), or the column's UTC (a new workspace).
    ...(input.time_zone ? { timeZone: input.time_zone } : {}),
  };
  return db.transaction(async (tx) => {
    const profile = await lockProfileWorkspace(tx, actor.userId);
    if (!profile) throw new AppError('NOT_FOUND', 'Profile not found');
    let row: WorkspaceRow | undefined;
    if (profile.workspaceId) {
      const [current] = await tx
        .select()
        .from(workspaces)
        .where(and(eq(workspaces.id, profile.workspaceId), isNull(workspaces.deletedAt)))
        .for('update')
        .limit(1);
      if (current && !mayEditWorkspace(actor, current)) throw new AppError('FORBIDDEN', WORKSPACE_OWNER_ONLY);
      if (current) [row] = await tx.update(workspaces).set(values).where(eq(workspaces.id, current.id)).returning();
    }
    row ??= (await tx.insert(workspaces).values({ ...values, ownerId: actor.userId }).returning())[0]!;
    await setProfileWorkspace(tx, actor.userId, row.id);
    return toWorkspace(row);
  });
}

// ---- Workspace management (system admins) ----------------------------------------------------------

/**
 * The admin table's rows. The page's ids are chosen first (workspaces_name_idx order), then only those rows get their
 * counts (index lookups on profiles_workspace_id_idx and groups_workspace_idx): counting in the same select as the
 * OFFSET would count every skipped row too (EXPLAIN on 20,000 workspaces, offset 10,000: 460 ms → 6 ms).
 */
async function summaries(db: Db, where: SQL | undefined, page?: { limit: number; offset: number }, typed?: string): Promise<WorkspaceSummary[]> {
  // A search puts the name typed in full first, then names starting with it (nameRank), each part by name.
  const order = [...(typed ? [nameRank(workspaces.name, typed)] : []), asc(workspaces.name), asc(workspaces.id)];
  let ids = db.select({ id: workspaces.id }).from(workspaces).where(where).orderBy(...order).$dynamic();
  if (page) ids = ids.limit(page.limit).offset(page.offset);
  const rows = await db
    .select({
      w: workspaces,
      // Written out: drizzle leaves columns unqualified here, and "id" would then be the inner table's.
      users: sql<number>`${profileCountSql(sql`"workspaces"."id"`)}::int`,
      groups: sql<number>`${groupCountSql(sql`"workspaces"."id"`)}::int`,
    })
    .from(workspaces)
    .where(inArray(workspaces.id, ids))
    .orderBy(...order);
  return rows.map((r) => ({ ...toWorkspace(r.w), user_count: Number(r.users), group_count: Number(r.groups) }));
}

async function summaryById(db: Db, id: string): Promise<WorkspaceSummary> {
  const [row] = await summaries(db, eq(workspaces.id, id));
  if (!row) throw new AppError('NOT_FOUND', WORKSPACE_NOT_FOUND);
  return row;
}

export async function listWorkspaces(opts: { db: Db; actor: Actor; query: z.output<typeof ListWorkspacesQuerySchema> }): Promise<WorkspaceList> {
  requireAdmin(opts.actor);
  const { query } = opts;
  const conditions: SQL[] = [query.deleted ? isNotNull(workspaces.deletedAt) : isNull(workspaces.deletedAt)];
  for (const word of (query.q ?? '').split(/\s+/).filter(Boolean)) {
    conditions.push(or(ilike(workspaces.name, likePattern(word)), ilike(workspaces.description, likePattern(word)))!);
  }
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([summaries(opts.db, where, query, query.q), opts.db.select({ n: count() }).from(workspaces).where(where)]);
  return { workspaces: rows, total: total?.n ?? 0 };
}

export async function createWorkspace(opts: { db: Db; actor: Actor; input: z.output<typeof WorkspaceBodySchema> }): Promise<WorkspaceSummary> {
  requireAdmin(opts.actor);
  // The admin create flow names no owner or privacy (spec 002 §3): the owner is null, the defaults apply.
  const { name, description, time_zone } = opts.input;
  const [row] = await opts.db
    .insert(workspaces)
    .values({ name, description, ...(time_zone ? { timeZone: time_zone } : {}) })
    .returning();
  return { ...toWorkspace(row!), user_count: 0, group_count: 0 };
}

const live = (id: string) => and(eq(workspaces.id, id), isNull(workspaces.deletedAt));

export async function updateWorkspace(opts: { db: Db; actor: Actor; workspaceId: string; input: z.output<typeof WorkspaceBodySchema> }): Promise<WorkspaceSummary> {
  requireAdmin(opts.actor);
  const rows = await opts.db
    .update(workspaces)
    .set({ name: opts.input.name, description: opts.input.description, ...(opts.input.time_zone ? { timeZone: opts.input.time_zone } : {}) })
    .where(live(opts.workspaceId))
    .returning({ id: workspaces.id });
  if (rows.length === 0) throw new AppError('NOT_FOUND', WORKSPACE_NOT_FOUND);
  return summaryById(opts.db, opts.workspaceId);
}

/**
 * Deleting a workspace unlinks its members and hides it; its jobs, tasks, contacts and groups stay (ADR 0009),
 * so a mistaken delete is undone by restoring it.
 */
export async function deleteWorkspace(opts: { db: Db; actor: Actor; workspaceId: string }): Promise<void> {
  requireAdmin(opts.actor);
  await opts.db.transaction(async (tx) => {
    const rows = await tx.update(workspaces).set({ deletedAt: new Date() }).where(live(opts.workspaceId)).returning({ id: workspaces.id });
    if (rows.length === 0) throw new AppError('NOT_FOUND', WORKSPACE_NOT_FOUND);
    await unlinkWorkspaceProfiles(tx, opts.workspaceId);
  });
}

export async function restoreWorkspace(opts: { db: Db; actor: Actor; workspaceId: string }): Promise<WorkspaceSummary> {
  requireAdmin(opts.actor);
  const rows = await opts.db
    .update(workspaces)
    .set({ deletedAt: null })
    .where(and(eq(workspaces.id, opts.workspaceId), isNotNull(workspaces.deletedAt)))
    .returning({ id: workspaces.id });
  if (rows.length === 0) throw new AppError('NOT_FOUND', WORKSPACE_NOT_FOUND);
  return summaryById(opts.db, opts.workspaceId);
}

async function assertLive(db: Db, workspaceId: string): Promise<void> {
  const [row] = await db.select({ id: workspaces.id }).from(workspaces).where(live(workspaceId)).limit(1);
  if (!row) throw new AppError('NOT_FOUND', WORKSPACE_NOT_FOUND);
}

export async function listWorkspaceUsers(opts: { db: Db; actor: Actor; workspaceId: string }): Promise<WorkspaceUserList> {
  requireAdmin(opts.actor);
  await assertLive(opts.db, opts.workspaceId);
  const users = await listWorkspacePeople(opts.db, opts.workspaceId);
  return { users };
}

/** Spec 002 §4: only users without a workspace are offered to assign. */
export async function listUnassignedUsers(opts: { db: Db; actor: Actor }): Promise<WorkspaceUserList> {
  requireAdmin(opts.actor);
  const users = await listWorkspacePeople(opts.db, null, 1000);
  return { users };
}

export async function assignUsers(opts: { db: Db; actor: Actor; workspaceId: string; input: z.output<typeof AssignUsersBodySchema> }): Promise<{ assigned: number; skipped: number }> {
  requireAdmin(opts.actor);
  const ids = [...new Set(opts.input.user_ids)];
  return opts.db.transaction(async (tx) => {
    const [ws] = await tx.select({ id: workspaces.id }).from(workspaces).where(live(opts.workspaceId)).for('share').limit(1);
    if (!ws) throw new AppError('NOT_FOUND', WORKSPACE_NOT_FOUND);
    // Only users still without a workspace: one who joined another meanwhile is skipped, never moved.
    const rows = await linkUnassignedProfiles(tx, ids, opts.workspaceId);
    return { assigned: rows.length, skipped: ids.length - rows.length };
  });
}

export async function removeWorkspaceUser(opts: { db: Db; actor: Actor; workspaceId: string; userId: string }): Promise<void> {
  requireAdmin(opts.actor);
  await opts.db.transaction(async (tx) => {
    if (!(await unlinkProfileFromWorkspace(tx, opts.userId, opts.workspaceId))) throw new AppError('NOT_FOUND', 'User not found in this workspace');
    // Their memberships in the workspace's groups go too: a removed user must not keep reading its groups' shared
    // contacts, tasks and assistant (issue 22 item 10). Groups elsewhere are not this workspace's to change.
    await removeMembershipsInWorkspace(tx, { userId: opts.userId, workspaceId: opts.workspaceId });
  });
}

// ---- A new account's personal workspace (written by the auth feature at sign-up) ----------------------------------

/**
 * The personal workspace of a new account (design.md §4: owner, private, drive enabled, invite_only); returns its id.
 * `timeZone` is what the sign-up sent (the browser's zone, in user_metadata.time_zone): anything but a zone the
 * runtime knows — missing, junk, an offset — gives UTC rather than refusing the sign-up.
 */
export async function createPersonalWorkspace(tx: Db | Tx, opts: { name: string; ownerId: string; timeZone?: unknown }): Promise<string> {
  const timeZone = isIanaTimeZone(opts.timeZone) ? canonicalTimeZone(opts.timeZone) : DEFAULT_TIME_ZONE;
  const [ws] = await tx
    .insert(workspaces)
    .values({ name: opts.name, ownerId: opts.ownerId, privacySetting: 'private', driveIntegrationEnabled: true, defaultGroupVisibility: 'invite_only', timeZone })
    .returning({ id: workspaces.id });
  return ws!.id;
}

/**
 * A workspace's name as a label (analytics), 'Workspace <first 6 of its id>' when it has none or is deleted: `join`
 * goes after the caller's FROM (a LEFT JOIN binding `w`), `label` into its select list and `groupBy` into its GROUP BY.
 */
export function workspaceLabelSql(workspaceId: SQL): { join: SQL; label: SQL; groupBy: SQL } {
  return {
    join: sql`LEFT JOIN workspaces w ON w.id = ${workspaceId} AND w.deleted_at IS NULL`,
    label: sql`coalesce(w.name, 'Workspace ' || left(${workspaceId}::text, 6))`,
    groupBy: sql`w.name`,
  };
}

/** Who runs a workspace: its owner while a member, and the members with the admin role (quotes tells them of decisions). */
export async function workspaceAdminIds(db: Db | Tx, workspaceId: string): Promise<string[]> {
  const [row] = await db.select({ ownerId: workspaces.ownerId }).from(workspaces).where(eq(workspaces.id, workspaceId)).limit(1);
  return row ? workspaceAdminMemberIds(db, workspaceId, row.ownerId) : [];
}

/**
 * A workspace's IANA time zone (design.md §4), for turning what people type into instants and back with the contract's
 * `endOfLocalDay` / `localDate`; UTC for a workspace that does not exist (deleted ones keep theirs).
 */
export async function workspaceTimeZone(db: Db | Tx, workspaceId: string): Promise<string> {
  const [row] = await timeZoneOf(db, 'time zone', { workspaceId });
  return row?.time_zone ?? DEFAULT_TIME_ZONE;
}

/**
 * Built once (shapedStatement): many requests that show a time ask for it, and drizzle's select builder made the same
 * text each time — ~28 µs of the server's CPU a search (issue 37).
 */
const timeZoneOf = shapedStatement<'time zone', { workspaceId: string }, { time_zone: string }>(
  (_shape, v) => sql`SELECT time_zone FROM workspaces WHERE id = ${v.workspaceId} LIMIT 1`,
);

/**
 * My Workspace's Google Drive Integration toggle (spec 002 §4, issue 32 item 11): off, nothing of the workspace is
 * copied to its members' Drives. A workspace that does not exist has it on (the column's default).
 */
export async function isWorkspaceDriveEnabled(db: Db | Tx, workspaceId: string): Promise<boolean> {
  const [row] = await db.select({ enabled: workspaces.driveIntegrationEnabled }).from(workspaces).where(eq(workspaces.id, workspaceId)).limit(1);
  return row?.enabled ?? true;
}

/** The workspace's name, as a document's sender (documents); 'Fieldbook' when there is none. */
export async function workspaceName(db: Db | Tx, workspaceId: string): Promise<string> {
  const [row] = await db.select({ name: workspaces.name }).from(workspaces).where(eq(workspaces.id, workspaceId)).limit(1);
  return row?.name ?? 'Fieldbook';
}
