import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/client';
import { assistantTrainingExamples, groupMembers, recordings } from '../../db/schema';

/** A stored call whose transcription is done (as the transcription worker leaves it), one segment per line. */
export async function insertTranscribedCall(db: Db, values: { workspaceId: string; userId: string; lines: string[]; fileName?: string }) {
  const segments = values.lines.map((text, i) => ({ start: i * 5, end: i * 5 + 4.5, text }));
  const [row] = await db
    .insert(recordings)
    .values({
      workspaceId: values.workspaceId,
      userId: values.userId,
      fileName: values.fileName ?? 'incoming_20261124_153012_5125550100_a.m4a',
      fileType: 'm4a',
      mimeType: 'audio/mp4',
      status: 'stored',
      storageKey: `recordings/${values.workspaceId}/${randomUUID()}`,
      transcriptionStatus: 'done',
      transcriptSegments: segments,
      transcriptText: values.lines.join('\n'),
      transcriptEngine: 'test',
    })
    .returning();
  return row!;
}

export async function addMember(db: Db, groupId: string, userId: string) {
  await db.insert(groupMembers).values({ groupId, userId, role: 'member', addedBy: userId });
}

/** `n` examples of a group written straight to the table (the worker's input), numbered so each is its own pair. */
export async function insertExamples(db: Db, group: { id: string; workspaceId: string }, n: number, status: 'pending' | 'approved' | 'rejected' = 'approved') {
  if (n === 0) return;
  await db.insert(assistantTrainingExamples).values(
    Array.from({ length: n }, (_, i) => ({
      groupId: group.id,
      workspaceId: group.workspaceId,
      question: `How far apart do the ${status} shingle nails go on roof ${i + 1}?`,
      answer: `On roof ${i + 1} the nails go six inches apart along the starter course.`,
      sourceType: 'manual' as const,
      pairKey: `${status}-${i}-${randomUUID()}`,
      qualityScore: 0.8,
      status,
    })),
  );
}
