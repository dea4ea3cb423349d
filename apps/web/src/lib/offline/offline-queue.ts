import { contactEndpoints, jobEndpoints, photoEndpoints, recordingEndpoints, scheduleEndpoints, taskEndpoints, type EndpointDef } from '@fieldbook/contract';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { IconWifiOff } from '@tabler/icons-react';
import { createElement, useEffect, useSyncExternalStore } from 'react';
import toast from 'react-hot-toast';
import { ApiRequestError } from '../api-client';
import { useAuth } from '../auth-provider';
import { callEndpoint, type EndpointCall } from '../call-endpoint';
import { uploadFile } from '../uploads/upload-file';
import { claimOfflineApiCache } from './api-cache';
import { indexedDbStorage } from './idb-storage';
import { createWriteQueue, type NewWrite, type QueuedWrite } from './write-queue';

/**
 * The app's offline queue (write-queue.ts) in IndexedDB, sending through the API client; the writes that may wait
 * for the network; the hooks and the shell's sync. Features queue through `queueWrites` / `sendOrQueue`.
 */

/** The endpoints whose calls may be queued, by a stable name (stored with each write). */
export const QUEUEABLE_ENDPOINTS = {
  'tasks.updateStatus': taskEndpoints.updateStatus,
  'tasks.assign': taskEndpoints.assign,
  'tasks.create': taskEndpoints.create,
  'tasks.createForJob': taskEndpoints.createForJob,
  'jobs.updateStatus': jobEndpoints.updateStatus,
  'contacts.create': contactEndpoints.create,
  'contacts.update': contactEndpoints.update,
  'contacts.remove': contactEndpoints.remove,
  'schedule.setStatus': scheduleEndpoints.setStatus,
  // Only endpoints the contract marks offlineQueued: their handler and kept answer are one transaction on the server.
} as const satisfies Record<string, EndpointDef & { offlineQueued: true }>;
export type QueueableEndpoint = keyof typeof QUEUEABLE_ENDPOINTS;

/** Uploads that may be queued (the file is kept in IndexedDB until it is sent). */
export const QUEUEABLE_UPLOADS = { 'recordings.upload': recordingEndpoints.upload, 'photos.upload': photoEndpoints.upload } as const satisfies Record<string, EndpointDef>;
export type QueueableUpload = keyof typeof QUEUEABLE_UPLOADS;

/** The request of a queued endpoint call, typed by the endpoint. */
export function endpointRequest<N extends QueueableEndpoint>(
  endpoint: N,
  call: Omit<EndpointCall<(typeof QUEUEABLE_ENDPOINTS)[N]>, 'signal' | 'timeoutMs' | 'idempotencyKey'>,
): NewWrite['request'] {
  const { params, query, body } = call as { params?: Record<string, string>; query?: Record<string, string>; body?: unknown };
  return { kind: 'endpoint', endpoint, ...(params ? { params } : {}), ...(query ? { query } : {}), ...(body !== undefined ? { body } : {}) };
}

/** Sends one queued write with its id as the key; the created row's id when the answer has one. */
export async function sendQueuedWrite(write: QueuedWrite): Promise<{ id?: string }> {
  const { request } = write;
  let answer: unknown;
  if (request.kind === 'endpoint') {
    const endpoint = QUEUEABLE_ENDPOINTS[request.endpoint as QueueableEndpoint] as EndpointDef | undefined;
    if (!endpoint) throw new Error(`This change cannot be sent any more (${request.endpoint})`);
    const call = { ...(request.params ? { params: request.params } : {}), ...(request.query ? { query: request.query } : {}), body: request.body, idempotencyKey: write.id };
    try {
      answer = await callEndpoint(endpoint, call as EndpointCall<EndpointDef>);
    } catch (err) {
      // A delete whose row is already gone (deleted on another device) has done what it was for.
      if (endpoint.method === 'DELETE' && err instanceof ApiRequestError && err.status === 404) return {};
      throw err;
    }
  } else {
    const endpoint = QUEUEABLE_UPLOADS[request.endpoint as QueueableUpload] as EndpointDef | undefined;
    if (!endpoint) throw new Error(`This upload cannot be sent any more (${request.endpoint})`);
    answer = await uploadFile({ path: request.path, fields: request.fields, file: request.file, fileName: request.fileName, schema: endpoint.response, onProgress: () => {} });
  }
  const id = answer && typeof answer === 'object' && 'id' in answer ? (answer as { id: unknown }).id : undefined;
  return typeof id === 'string' ? { id } : {};
}

export const offlineQueue = createWriteQueue({ storage: indexedDbStorage(), send: sendQueuedWrite });

/** Network state: `navigator.onLine` and the window's online/offline events (they fire in the Capacitor WebView too). */
export function isOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

/** Asks the shell's OfflineQueueSync to replay the queue now. */
export const OFFLINE_SYNC_EVENT = 'fieldbook:offline-sync';
export function requestOfflineSync(): void {
  window.dispatchEvent(new Event(OFFLINE_SYNC_EVENT));
}

/** Spec 001 §8 (exact): the notice of a change queued offline. */
export const OFFLINE_QUEUED_MESSAGE = 'You are currently offline. Changes will be saved when you reconnect';

/** "Sync Complete: 3 changes synced" (spec 001 §4). */
export function syncCompleteMessage(count: number): string {
  return `Sync Complete: ${count} ${count === 1 ? 'change' : 'changes'} synced`;
}

const shownNotices = new Set<string>();

/** The offline notice (its id is its text, so one shows at a time); dismissed when the queue has been sent. */
export function showOfflineNotice(message: string): void {
  shownNotices.add(message);
  toast(message, { id: message, icon: createElement(IconWifiOff, { size: 18, color: 'var(--mantine-color-orange-7)', 'aria-hidden': true }) });
}

/** Whether writes can be queued now (someone is signed in and their queue is open). */
export function canQueue(): boolean {
  return offlineQueue.userId() !== null;
}

/**
 * Queues writes for the signed-in user; they show in the pending count at once. Offline: the notice (spec 001 §8);
 * online (a write held behind a row made offline): replayed right away.
 */
export function queueWrites(writes: readonly NewWrite[], notice: string = OFFLINE_QUEUED_MESSAGE): void {
  if (isOffline()) showOfflineNotice(notice);
  offlineQueue.enqueue(writes).then(
    () => {
      if (!isOffline()) requestOfflineSync();
    },
    (err: unknown) => toast.error(`The change could not be kept on this device: ${err instanceof Error ? err.message : String(err)}`),
  );
}

/**
 * Deletes a row made offline (temporary id): while its creation waits, it and the writes to the row leave the queue
 * and nothing reaches the server; once the creation is being sent or has been sent, `remove` (naming the temporary
 * id) is queued — it follows the creation and goes out with the server's id.
 */
export async function deleteOfflineRow(tempId: string, remove: NewWrite): Promise<void> {
  if ((await offlineQueue.withdraw(tempId)) === 'sent') queueWrites([remove]);
}

/**
 * A write that waits for the network when there is none: offline — or when the send finds no network (one bar of
 * signal) — it is queued (with the key the failed try carried, so a try that did arrive is not written twice) and
 * `queued()` is the answer the screen shows until the replay; otherwise it is sent with its key.
 */
export async function sendOrQueue<T>(opts: {
  write: NewWrite;
  send: (idempotencyKey: string) => Promise<T>;
  queued: () => T;
  notice?: string;
  /** Queue even online: the write refers to a row made offline, which the server does not have yet. */
  forceQueue?: boolean;
}): Promise<T> {
  const id = opts.write.id ?? (typeof crypto !== 'undefined' && crypto.randomUUID ? crypto.randomUUID() : String(Date.now()));
  const queue = () => {
    queueWrites([{ ...opts.write, id }], opts.notice);
    const answer = opts.queued();
    if (typeof answer === 'object' && answer !== null) queuedAnswers.add(answer);
    return answer;
  };
  // Behind a queued write to the same row (its send found no network): sent now it would arrive first and the older
  // change, replayed later, would undo it.
  if ((opts.forceQueue || hasQueuedWriteTo(opts.write)) && canQueue()) return queue();
  if (!isOffline() || !canQueue()) {
    try {
      return await opts.send(id);
    } catch (err) {
      const noNetwork = err instanceof ApiRequestError && err.status === 0 && err.code !== 'ABORTED';
      if (!noNetwork || !canQueue()) throw err;
    }
  }
  return queue();
}

/**
 * Whether the queue still holds a pending write to the row `write` changes (the same endpoint and path parameters):
 * a later change to that row must wait behind it in the queue, or it would reach the server first and the replay of
 * the earlier one would undo it (a job set to completed on one bar of signal, then back to active once it returned).
 */
export function hasQueuedWriteTo(write: NewWrite): boolean {
  const { request } = write;
  if (request.kind !== 'endpoint' || !request.params) return false;
  const params = JSON.stringify(request.params);
  return offlineQueue
    .getSnapshot()
    .some((w) => w.state === 'pending' && w.request.kind === 'endpoint' && w.request.endpoint === request.endpoint && JSON.stringify(w.request.params) === params);
}

const queuedAnswers = new WeakSet<object>();

/** Whether a mutation's answer is the stand-in of a queued write (no refetch then: it would bring the old state back). */
export function isQueuedAnswer(answer: unknown): boolean {
  return typeof answer === 'object' && answer !== null && queuedAnswers.has(answer);
}

/** The signed-in user's queued writes, in order (pending and failed). */
export function useOfflineWrites(): readonly QueuedWrite[] {
  return useSyncExternalStore(offlineQueue.subscribe, offlineQueue.getSnapshot, offlineQueue.getSnapshot);
}

/** The id of the queued write being sent now (null: none): it cannot be discarded (the server may have it already). */
export function useSendingWrite(): string | null {
  return useSyncExternalStore(offlineQueue.subscribe, offlineQueue.sendingId, offlineQueue.sendingId);
}

/**
 * How a feature shows one of its queued writes in the cached views (a task's new status on the boards). The shell
 * passes the features' appliers to OfflineQueueSync, which applies every pending write again whenever a query brings
 * data from the network or the worker's last-seen copy — so a reopened app shows the changes still waiting. Each must
 * be idempotent (applied again to data that already shows it, it changes nothing).
 */
export type OfflineApplier = (queryClient: QueryClient, write: QueuedWrite) => void;
export type OfflineAppliers = Partial<Record<QueueableEndpoint, OfflineApplier>>;

function applyPendingWrites(queryClient: QueryClient, appliers: OfflineAppliers): void {
  for (const write of offlineQueue.getSnapshot()) {
    if (write.state !== 'pending' || write.request.kind !== 'endpoint') continue;
    appliers[write.request.endpoint as QueueableEndpoint]?.(queryClient, write);
  }
}

/** How often a queue that could not be sent (one bar of signal, a server error) is tried again while online. */
export const OFFLINE_RETRY_INTERVAL_MS = 30_000;

/**
 * Opens the signed-in user's queue and replays it: at once, when the network returns, when asked
 * (requestOfflineSync), and every 30 s while writes wait. Mounted once in the app shell, so a reconnect on any
 * page syncs. After a replay that sent something every view is refetched.
 */
export function OfflineQueueSync({ appliers = {}, legacyWrites }: { appliers?: OfflineAppliers; legacyWrites?: (userId: string) => NewWrite[] }): null {
  const userId = useAuth().user?.id ?? null;
  const queryClient = useQueryClient();

  // The pending writes applied again whenever data is fetched (not set by hand: the appliers' own updates) and
  // whenever a write joins the queue — above all when the stored writes have been read, which may be after the
  // last-seen data arrived (a reopened app offline: the worker's copy answered first and the day showed the old status).
  useEffect(() => {
    let scheduled = false;
    const reapply = () => {
      scheduled = false;
      applyPendingWrites(queryClient, appliers);
    };
    const schedule = () => {
      if (scheduled) return;
      scheduled = true;
      queueMicrotask(reapply);
    };
    const unsubscribeCache = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'success' && !event.action.manual) schedule();
    });
    // Only when a write appears that was not there before (read from storage, queued): a send, a removal or a refusal
    // changes nothing to apply, and applying every write again at each step of a long replay would cost its square.
    let known = new Set<string>();
    let seen: readonly QueuedWrite[] | null = null;
    const onQueue = () => {
      const writes = offlineQueue.getSnapshot();
      if (writes === seen) return; // the write being sent changed, not the list
      seen = writes;
      if (writes.some((w) => !known.has(w.id))) schedule();
      known = new Set(writes.map((w) => w.id));
    };
    const unsubscribeQueue = offlineQueue.subscribe(onQueue);
    onQueue();
    return () => {
      unsubscribeCache();
      unsubscribeQueue();
    };
  }, [queryClient, appliers]);

  useEffect(() => {
    const opened = offlineQueue.setUser(userId);
    if (!userId) return;
    claimOfflineApiCache(userId);
    // Writes an older queue kept elsewhere join this one once, after what it already holds.
    const legacy = legacyWrites?.(userId) ?? [];
    if (legacy.length > 0) void opened.then(() => offlineQueue.enqueue(legacy)).then(() => requestOfflineSync());
    let stopped = false;
    const replay = async () => {
      await offlineQueue.ready();
      if (stopped || isOffline() || !offlineQueue.getSnapshot().some((w) => w.state === 'pending')) return;
      // A reconnect refetch would bring views from before the replay: the refetch after it replaces them.
      await queryClient.cancelQueries();
      const outcome = await offlineQueue.replay();
      if (outcome.synced > 0 || outcome.failed > 0) await queryClient.invalidateQueries();
      if (!offlineQueue.getSnapshot().some((w) => w.state === 'pending')) {
        for (const notice of shownNotices) toast.dismiss(notice);
        shownNotices.clear();
      }
      if (outcome.synced > 0) toast.success(syncCompleteMessage(outcome.synced), { id: 'offline-sync-complete' });
      if (outcome.failed > 0) {
        const n = outcome.failed;
        toast.error(`${n} ${n === 1 ? 'change was' : 'changes were'} refused by the server: see Pending changes`, { id: 'offline-sync-failed' });
      }
    };
    const onEvent = () => void replay();
    void replay();
    window.addEventListener('online', onEvent);
    window.addEventListener(OFFLINE_SYNC_EVENT, onEvent);
    const timer = window.setInterval(onEvent, OFFLINE_RETRY_INTERVAL_MS);
    return () => {
      stopped = true;
      window.removeEventListener('online', onEvent);
      window.removeEventListener(OFFLINE_SYNC_EVENT, onEvent);
      window.clearInterval(timer);
    };
  }, [userId, queryClient, legacyWrites]);

  return null;
}
