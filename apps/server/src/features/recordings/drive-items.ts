import { instantToWallTime } from '../../platform/time-zone';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { AddedItem } from '../../platform/item-events';
import { workspaceTimeZone } from '../workspaces';
import { recordings } from './recordings.schema';

type TranscriptSource = { recordedAt: Date | null; createdAt: Date; phoneNumber: string | null; workspaceId: string | null };

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/**
 * Spec 001 §7: a transcript file is named 'phone_', the call's date and time, and the number (Drive copies it). The
 * date and time are read in the workspace's time zone (design.md §4: what a person reads is in that zone), not UTC.
 */
export async function transcriptFileName(db: Db, row: TranscriptSource): Promise<string> {
  const zone = row.workspaceId ? await workspaceTimeZone(db, row.workspaceId) : 'UTC';
  const w = instantToWallTime(row.recordedAt ?? row.createdAt, zone);
  return `phone_${pad(w.year, 4)}${pad(w.month)}${pad(w.day)}_${pad(w.hour)}${pad(w.minute)}${pad(w.second)}_${row.phoneNumber ?? 'unknown'}.txt`;
}

/** The user's stored recordings and finished transcripts, as the items Drive's "Copy existing items" queues (oldest first). */
export async function recordingItemsOf(db: Db, userId: string): Promise<AddedItem[]> {
  const rows = await db
    .select()
    .from(recordings)
    .where(and(eq(recordings.userId, userId), eq(recordings.status, 'stored')))
    .orderBy(asc(recordings.createdAt));
  const items: AddedItem[] = [];
  for (const row of rows) {
    items.push({ kind: 'recording', id: row.id, userId, workspaceId: row.workspaceId, name: row.fileName, mimeType: row.mimeType, blobKey: row.storageKey, size: row.fileSize });
    if (row.transcriptionStatus === 'done' && row.transcriptText) {
      const text = row.transcriptText;
      items.push({ kind: 'transcript', id: row.id, userId, workspaceId: row.workspaceId, name: await transcriptFileName(db, row), mimeType: 'text/plain', blobKey: null, text, size: Buffer.byteLength(text) });
    }
  }
  return items;
}
