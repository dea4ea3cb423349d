import { IconWifiOff } from '@tabler/icons-react';
import { createElement, useCallback } from 'react';
import toast from 'react-hot-toast';
import { useAuth } from '../../auth/auth-provider';
import { addToQueue, type PendingAction } from '../lib/offline-queue';

/**
 * Network state: `navigator.onLine` and the window `online`/`offline` events. These also fire inside the
 * Capacitor WebView, so no Capacitor Network plugin is needed (none is installed).
 */
export function isOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

export const storage = (): Storage | null => (typeof window === 'undefined' ? null : window.localStorage);

/** Options of a queue-aware mutate: onQueued runs instead of onSuccess when the write was queued. */
export type Queueable<TOptions> = TOptions & { onQueued?: () => void };

/**
 * Queues task writes for the signed-in user (false when nobody is signed in: nothing can be queued), and
 * `sync` replays the queue now when online (a change to a task still waiting for its creation).
 */
export function useOfflineQueue() {
  const { user } = useAuth();
  const userId = user?.id;
  const enqueue = useCallback(
    (items: PendingAction[]) => {
      const s = storage();
      if (!userId || !s) return false;
      addToQueue(s, userId, items);
      return true;
    },
    [userId],
  );
  return { enqueue, sync: requestOfflineSync };
}

/** Asks the shell's OfflineQueueSync (api/offline-sync.ts) to replay the queue now. */
export const OFFLINE_SYNC_EVENT = 'fieldbook:offline-sync';
export function requestOfflineSync(): void {
  window.dispatchEvent(new Event(OFFLINE_SYNC_EVENT));
}

/** After queueing: the offline notice while offline (spec 001 §8), else a replay right away. */
export function afterQueued(sync: () => void, offlineMessage: string): void {
  if (isOffline()) toast(offlineMessage, { id: offlineMessage, icon: createElement(IconWifiOff, { size: 18, color: 'var(--mantine-color-orange-7)', 'aria-hidden': true }) });
  else sync();
}

