import { CREW_MEMBER_NOT_IN_WORKSPACE, CREW_NAME_TAKEN, CREW_NOT_FOUND, SCHEDULE_PEOPLE_MAX, type CreateCrewBodySchema, type UpdateCrewBodySchema, type Crew, type SchedulePerson } from '@fieldbook/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client';
import { isoTs, queryRows } from '../../db/sql';
import { AppError, fieldError } from '../../platform/errors';
import type { WorkspaceActor } from '../../platform/endpoint';
import { findPeople, listWorkspacePeople, profileUserNameSql } from '../profiles';
import { crewMembers, crews, visitSeries } from './schedule.schema';
import { requireScheduler } from './visits.service';

/** Crews (any member reads them; the workspace's admins make and change them). */

const crewJson = sql`json_build_object('id', c.id, 'name', c.name, 'colour', c.colour,
  'members', (SELECT coalesce(json_agg(json_build_object('id', cm.user_id, 'name', ${profileUserNameSql(sql`cm.user_id`)}) ORDER BY cm.user_id), '[]'::json)
              FROM crew_members cm WHERE cm.crew_id = c.id),
  'created_at', ${isoTs(sql`c.created_at`)}, 'updated_at', ${isoTs(sql`c.updated_at`)})`;

async function crewsOf(db: Db | Tx, workspaceId: string, crewId?: string): Promise<Crew[]> {
  const rows = await queryRows<{ body: Crew | string }>(
    db as Db,
    sql`SELECT ${crewJson} AS body FROM crews c WHERE c.workspace_id = ${workspaceId} ${crewId ? sql`AND c.id = ${crewId}` : sql``} ORDER BY lower(c.name), c.id`,
  );
  return rows.map((r) => (typeof r.body === 'string' ? (JSON.parse(r.body) as Crew) : r.body));
}

export async function listCrews(opts: { db: Db; actor: WorkspaceActor }): Promise<{ crews: Crew[] }> {
  return { crews: await crewsOf(opts.db, opts.actor.workspaceId) };
}

/** The workspace's members to put in crews and on visits (admins): name as the board shows it, else email. */
export async function listSchedulePeople(opts: { db: Db; actor: WorkspaceActor }): Promise<{ people: SchedulePerson[] }> {
  await requireScheduler(opts.db, opts.actor);
  const people = await listWorkspacePeople(opts.db, opts.actor.workspaceId, SCHEDULE_PEOPLE_MAX);
  return { people: people.map((p) => ({ id: p.id, name: p.user_name || p.full_name || p.email, email: p.email })) };
}

async function assertMembers(tx: Db | Tx, workspaceId: string, memberIds: string[]): Promise<void> {
  if (memberIds.length === 0) return;
  const people = await findPeople(tx, memberIds);
  if (memberIds.some((id) => people.get(id)?.workspaceId !== workspaceId)) throw fieldError('member_ids', CREW_MEMBER_NOT_IN_WORKSPACE);
}

async function assertNameFree(tx: Db | Tx, workspaceId: string, name: string, exceptId?: string): Promise<void> {
  const [taken] = await tx
    .select({ id: crews.id })
    .from(crews)
    .where(and(eq(crews.workspaceId, workspaceId), sql`lower(${crews.name}) = lower(${name})`, exceptId ? sql`${crews.id} <> ${exceptId}` : undefined));
  if (taken) throw fieldError('name', CREW_NAME_TAKEN);
}

async function setMembers(tx: Db | Tx, workspaceId: string, crewId: string, memberIds: string[]): Promise<void> {
  await tx.delete(crewMembers).where(eq(crewMembers.crewId, crewId));
  if (memberIds.length) await tx.insert(crewMembers).values(memberIds.map((userId) => ({ crewId, userId, workspaceId })));
}

export async function createCrew(opts: { db: Db; actor: WorkspaceActor; input: z.output<typeof CreateCrewBodySchema> }): Promise<Crew> {
  const workspaceId = opts.actor.workspaceId;
  return opts.db.transaction(async (tx) => {
    await requireScheduler(tx, opts.actor);
    await assertNameFree(tx, workspaceId, opts.input.name);
    await assertMembers(tx, workspaceId, opts.input.member_ids);
    const [crew] = await tx.insert(crews).values({ workspaceId, name: opts.input.name, colour: opts.input.colour }).returning({ id: crews.id });
    await setMembers(tx, workspaceId, crew!.id, opts.input.member_ids);
    return (await crewsOf(tx, workspaceId, crew!.id))[0]!;
  });
}

export async function updateCrew(opts: { db: Db; actor: WorkspaceActor; crewId: string; input: z.output<typeof UpdateCrewBodySchema> }): Promise<Crew> {
  const workspaceId = opts.actor.workspaceId;
  const { input } = opts;
  return opts.db.transaction(async (tx) => {
    await requireScheduler(tx, opts.actor);
    const [crew] = await tx.select({ id: crews.id }).from(crews).where(and(eq(crews.id, opts.crewId), eq(crews.workspaceId, workspaceId))).for('update');
    if (!crew) throw new AppError('NOT_FOUND', CREW_NOT_FOUND);
    if (input.name !== undefined) await assertNameFree(tx, workspaceId, input.name, crew.id);
    if (input.member_ids) await assertMembers(tx, workspaceId, input.member_ids);
    await tx
      .update(crews)
      .set({ ...(input.name !== undefined ? { name: input.name } : {}), ...(input.colour !== undefined ? { colour: input.colour } : {}), updatedAt: new Date() })
      .where(eq(crews.id, crew.id));
    if (input.member_ids) await setMembers(tx, workspaceId, crew.id, input.member_ids);
    return (await crewsOf(tx, workspaceId, crew.id))[0]!;
  });
}

/** Removes a crew: its visits and repeating visits lose it (their people stay). */
export async function removeCrew(opts: { db: Db; actor: WorkspaceActor; crewId: string }): Promise<void> {
  const workspaceId = opts.actor.workspaceId;
  await opts.db.transaction(async (tx) => {
    await requireScheduler(tx, opts.actor);
    const gone = await tx.delete(crews).where(and(eq(crews.id, opts.crewId), eq(crews.workspaceId, workspaceId))).returning({ id: crews.id });
    if (gone.length === 0) throw new AppError('NOT_FOUND', CREW_NOT_FOUND);
    // Repeating visits stop assigning it (their next visits would name a crew that is gone).
    await tx
      .update(visitSeries)
      .set({ crewIds: sql`${visitSeries.crewIds} - ${opts.crewId}::text` })
      .where(and(eq(visitSeries.workspaceId, workspaceId), sql`${visitSeries.crewIds} @> jsonb_build_array(${opts.crewId}::text)`));
  });
}
