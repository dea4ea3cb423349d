import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/client';
import { assistantTrainingExamples, groupMembers } from '../../db/schema';

export { insertTranscribedCall } from '../../test/factories';

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
