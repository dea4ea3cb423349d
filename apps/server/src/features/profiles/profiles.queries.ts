import { inArray, sql } from 'drizzle-orm';
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
