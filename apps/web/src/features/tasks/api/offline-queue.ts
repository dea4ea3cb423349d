import { useCallback } from 'react';
import { canQueue, queueWrites } from '../../../lib/offline/offline-queue';
import type { NewWrite } from '../../../lib/offline/write-queue';

export { hasQueuedWriteTo, isOffline } from '../../../lib/offline/offline-queue';

/** Options of a queue-aware mutate: onQueued runs instead of onSuccess when the write was queued. */
export type Queueable<TOptions> = TOptions & { onQueued?: () => void };

/** What a write puts in the queue instead of sending it: its writes, its optimistic effect, its notice. */
export type QueuedWrite = { writes: NewWrite[]; apply: () => void; message: string };

/**
 * The mutate of a task write that knows the offline queue (spec 001 §4, lib/offline): when `toQueue` returns the
 * write's queue entries (offline, or a change to a task created offline) they are queued for the signed-in user and
 * applied to the cache at once; otherwise — or with nobody signed in — the write is sent. `toQueue` should be
 * stable (useCallback).
 */
export function useQueueableMutate<TInput, TOptions>(
  send: (input: TInput, options?: TOptions) => void,
  toQueue: (input: TInput) => QueuedWrite | null,
): (input: TInput, options?: Queueable<TOptions>) => void {
  return useCallback(
    (input: TInput, options?: Queueable<TOptions>) => {
      const queued = canQueue() ? toQueue(input) : null;
      if (queued) {
        queueWrites(queued.writes, queued.message);
        queued.apply();
        options?.onQueued?.();
        return;
      }
      send(input, options);
    },
    [send, toQueue],
  );
}
