import { DEFAULT_RECORDING_CONSENT_NOTICE, type RecordingConsentNotice, type SaveRecordingConsentNoticeBodySchema } from '@fieldbook/contract';
import { and, eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { requireWorkspace, type Actor } from '../../platform/auth-guard';
import { workspaces } from './workspaces.schema';

/**
 * The notice the app shows before a recording starts (issue 26: several US states require every party's consent).
 * A workspace setting its admins change; without one of its own — or for a caller without a workspace — the
 * default. It is never empty: the app shows it before every recording.
 */
export async function getRecordingConsentNotice(opts: { db: Db; actor: Actor }): Promise<RecordingConsentNotice> {
  const { db, actor } = opts;
  if (!actor.workspaceId) return toNotice(null, null);
  const [row] = await db
    .select({ notice: workspaces.recordingConsentNotice, updatedAt: workspaces.recordingConsentUpdatedAt })
    .from(workspaces)
    .where(and(eq(workspaces.id, actor.workspaceId), isNull(workspaces.deletedAt)))
    .limit(1);
  return toNotice(row?.notice ?? null, row?.updatedAt ?? null);
}

/** An admin sets their workspace's notice (access 'admin' in the contract); null brings the default back. */
export async function saveRecordingConsentNotice(opts: { db: Db; actor: Actor; input: z.output<typeof SaveRecordingConsentNoticeBodySchema> }): Promise<RecordingConsentNotice> {
  const { db, actor, input } = opts;
  const workspaceId = requireWorkspace(actor);
  const [row] = await db
    .update(workspaces)
    .set({ recordingConsentNotice: input.notice, recordingConsentUpdatedAt: new Date() })
    .where(and(eq(workspaces.id, workspaceId), isNull(workspaces.deletedAt)))
    .returning({ notice: workspaces.recordingConsentNotice, updatedAt: workspaces.recordingConsentUpdatedAt });
  return toNotice(row?.notice ?? null, row?.updatedAt ?? null);
}

function toNotice(notice: string | null, updatedAt: Date | null): RecordingConsentNotice {
  return { notice: notice ?? DEFAULT_RECORDING_CONSENT_NOTICE, is_default: notice === null, updated_at: updatedAt?.toISOString() ?? null };
}
