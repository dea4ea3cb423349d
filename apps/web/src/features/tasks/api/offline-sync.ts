import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import toast from 'react-hot-toast';
import { useAuth } from '../../../lib/auth-provider';
import {
  OFFLINE_CREATE_MESSAGE,
  OFFLINE_QUEUED_MESSAGE,
  queueAfterReplay,
  readQueue,
  replayQueue,
  syncCompleteMessage,
  writeQueue,
  type ReplayExecutor,
} from '../lib/offline-queue';
import { assignTask } from './assign-task';
import { createTask } from './create-task';
import { invalidateTaskViews } from './invalidate';
import { taskKeys } from './keys';
import { isOffline, OFFLINE_SYNC_EVENT, storage } from './offline-queue';
import { updateTaskStatus } from './update-task-status';

/** The three task calls of spec 001 §7; a temporary id never reaches them (replayQueue resolves or holds it). */
const executeAction: ReplayExecutor = async (item) => {
  switch (item.type) {
    case 'updateTaskStatus':
      await updateTaskStatus({ id: item.taskId, status: item.newStatus });
      return { ok: true };
    case 'assignTask':
      await assignTask({ id: item.taskId, assigned_to: item.assignee });
      return { ok: true };
    case 'createTask': {
      const task = await createTask(item.taskData);
      return { ok: true, createdId: task.id };
    }
  }
};

let replaying = false;
let replayAgain = false;

/** Replays the user's queue once (concurrent calls do nothing); returns how many changes were synced. */
export async function replayOfflineQueue(queryClient: QueryClient, userId: string, execute: ReplayExecutor = executeAction): Promise<number> {
  const s = storage();
  if (!s || isOffline()) return 0;
  if (replaying) {
    replayAgain = true;
    return 0;
  }
  const items = readQueue(s, userId);
  if (items.length === 0) return 0;
  replaying = true;
  try {
    // The reconnect refetch would bring the board from before the replay: the refetch below replaces it.
    await queryClient.cancelQueries({ queryKey: taskKeys.all });
    const outcome = await replayQueue(items, execute);
    writeQueue(s, userId, queueAfterReplay(readQueue(s, userId), items.length, outcome));
    await invalidateTaskViews(queryClient);
    // The offline notices (their ids are their texts, api/offline-queue.ts) are stale once the queue is sent.
    toast.dismiss(OFFLINE_QUEUED_MESSAGE);
    toast.dismiss(OFFLINE_CREATE_MESSAGE);
    if (outcome.synced > 0) toast.success(syncCompleteMessage(outcome.synced), { id: 'offline-sync-complete' });
    if (outcome.kept.length > 0) {
      const n = outcome.kept.length;
      toast.error(`${n} ${n === 1 ? 'change' : 'changes'} could not be synced and will be retried when you reconnect`, { id: 'offline-sync-kept' });
    }
    return outcome.synced;
  } finally {
    replaying = false;
    if (replayAgain) {
      replayAgain = false;
      void replayOfflineQueue(queryClient, userId, execute);
    }
  }
}

/**
 * Replays the queue when the network returns, and once when a signed-in screen opens online (a queue left
 * by a reload while offline). Mounted once in the app shell, so a reconnect on any page syncs.
 */
export function OfflineQueueSync(): null {
  const { user } = useAuth();
  const userId = user?.id;
  const queryClient = useQueryClient();

  useEffect(() => {
    if (!userId) return;
    const replay = () => void replayOfflineQueue(queryClient, userId);
    replay();
    window.addEventListener('online', replay);
    window.addEventListener(OFFLINE_SYNC_EVENT, replay);
    return () => {
      window.removeEventListener('online', replay);
      window.removeEventListener(OFFLINE_SYNC_EVENT, replay);
    };
  }, [userId, queryClient]);

  return null;
}
