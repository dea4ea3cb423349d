import { IconWifiOff } from '@tabler/icons-react';
import { createElement, useCallback } from 'react';
import toast from 'react-hot-toast';
import { useAuth } from '../../../lib/auth-provider';
import { addToQueue, type PendingAction } from '../lib/offline-queue';

/**
 * Network state: `navigator.onLine` and the window `online`/`offline` events. These also fire inside the
 * Capacitor WebView, so no Capacitor Network plugin is needed (none is installed).
 */
export function isOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

export const storage = (): Storage | null => (typeof window === 'undefined' ? null : window.localStorage);

/** Asks the shell's OfflineQueueSync (api/offline-sync.ts) to replay the queue now. */
export const OFFLINE_SYNC_EVENT = 'fieldbook:offline-sync';
export function requestOfflineSync(): void {
  window.dispatchEvent(new Event(OFFLINE_SYNC_EVENT));
}

/**
 * After queueing: the offline notice while offline (spec 001 §8), else a replay right away (a change to a task
 * still waiting for its creation).
 */
function afterQueued(offlineMessage: string): void {
  if (isOffline()) toast(offlineMessage, { id: offlineMessage, icon: createElement(IconWifiOff, { size: 18, color: 'var(--mantine-color-orange-7)', 'aria-hidden': true }) });
  else requestOfflineSync();
}

/** Options of a queue-aware mutate: onQueued runs instead of onSuccess when the write was queued. */
export type Queueable<TOptions> = TOptions & { onQueued?: () => void };

/** What a write puts in the queue instead of sending it: its items, its optimistic effect, its notice. */
export type QueuedWrite = { actions: PendingAction[]; apply: () => void; message: string };

/**
 * The mutate of a task write that knows the offline queue (spec 001 §4): when `toQueue` returns the write's
 * queue items (offline, or a change to a task created offline) they are queued for the signed-in user and
 * applied to the cache at once; otherwise — or with nobody signed in — the write is sent. `toQueue` should be
 * stable (useCallback).
 */
export function useQueueableMutate<TInput, TOptions>(
  send: (input: TInput, options?: TOptions) => void,
  toQueue: (input: TInput) => QueuedWrite | null,
): (input: TInput, options?: Queueable<TOptions>) => void {
  const userId = useAuth().user?.id;
  return useCallback(
    (input: TInput, options?: Queueable<TOptions>) => {
      const queued = toQueue(input);
      const s = storage();
      if (queued && userId && s) {
        addToQueue(s, userId, queued.actions);
        queued.apply();
        afterQueued(queued.message);
        options?.onQueued?.();
        return;
      }
      send(input, options);
    },
    [send, toQueue, userId],
  );
}
