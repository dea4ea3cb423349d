import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { groupAssistants } from '../../db/schema';

export type ActiveGroupAssistant = { model: string | null; name: string; persona: string; specialization: string; systemPrompt: string };

/**
 * The group's assistant when it answers for the group (is_active), for the assistant's answers: its configuration
 * and the fine-tuned model to ask — only when the last training completed (null: the configured chat model).
 * Null when the group has no assistant or it is switched off.
 */
export async function activeGroupAssistant(db: Db, groupId: string): Promise<ActiveGroupAssistant | null> {
  const [row] = await db
    .select({
      isActive: groupAssistants.isActive,
      status: groupAssistants.creationStatus,
      modelId: groupAssistants.modelId,
      name: groupAssistants.name,
      persona: groupAssistants.persona,
      specialization: groupAssistants.specialization,
      systemPrompt: groupAssistants.systemPrompt,
    })
    .from(groupAssistants)
    .where(eq(groupAssistants.groupId, groupId))
    .limit(1);
  if (!row?.isActive) return null;
  return {
    model: row.status === 'completed' ? row.modelId : null,
    name: row.name,
    persona: row.persona,
    specialization: row.specialization,
    systemPrompt: row.systemPrompt,
  };
}
