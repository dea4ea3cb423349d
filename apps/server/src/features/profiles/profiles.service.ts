import type { Profile } from '@fieldbook/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { profiles } from './profiles.schema';
import { AppError } from '../../platform/errors';

type ProfileRow = typeof profiles.$inferSelect;

/** Row → contract shape, in one place. `default_workspace_id` is the name the client (seed 001) reads. */
export function toProfile(row: ProfileRow): Profile {
  return {
    id: row.id,
    email: row.email,
    user_name: row.userName,
    full_name: row.fullName,
    phone_number: row.phoneNumber,
    role: row.role === 'admin' ? 'admin' : 'user',
    workspace_id: row.workspaceId,
    default_workspace_id: row.workspaceId,
    created_at: row.createdAt.toISOString(),
  };
}

/** The caller's own profile; the id comes from the verified session, never from the client. */
export async function getProfileById({ db, userId }: { db: Db; userId: string }): Promise<Profile> {
  const [row] = await db.select().from(profiles).where(eq(profiles.id, userId)).limit(1);
  if (!row) throw new AppError('NOT_FOUND', 'Profile not found');
  return toProfile(row);
}
