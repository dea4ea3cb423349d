import { useCallback } from 'react';
import { canQueue, hasQueuedWriteTo, isOffline, queueWrites } from '../../../lib/offline/offline-queue';
import type { NewWrite } from '../../../lib/offline/write-queue';

/** Options of a queue-aware mutate: onQueued runs instead of onSuccess when the write was queued. */
export type Queueable<TOptions> = TOptions & { onQueued?: () => void };

/**
 * What a write puts in the queue instead of sending it: its writes, its optimistic effect, its notice; `force` when it
 * must be queued even online (it changes a task created offline, which the server does not have yet).
 */
export type QueuedWrite = { writes: NewWrite[]; apply: () => void; message: string; force?: boolean };

/**
 * The mutate of a task write that knows the offline queue (spec 001 §4, lib/offline). `toQueue` tells what the write
 * would queue; it is queued for the signed-in user and applied to the cache at once when the device is offline, when
 * `force` says so, or when an earlier write to the same task still waits in the queue (sent now it would reach the
 * server first, and the queue's replay would undo it — `hasQueuedWriteTo`). Otherwise — or with nobody signed in —
 * the write is sent. `toQueue` should be stable (useCallback).
 */
export function useQueueableMutate<TInput, TOptions>(
  send: (input: TInput, options?: TOptions) => void,
  toQueue: (input: TInput) => QueuedWrite,
): (input: TInput, options?: Queueable<TOptions>) => void {
  return useCallback(
    (input: TInput, options?: Queueable<TOptions>) => {
      const queued = canQueue() ? toQueue(input) : null;
      if (queued && (isOffline() || queued.force || queued.writes.some(hasQueuedWriteTo))) {
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
