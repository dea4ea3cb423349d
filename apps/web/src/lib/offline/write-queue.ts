import { ApiRequestError } from '../api-client';

/**
 * The one offline queue of the web app (issue 26): every write a crew makes in the field while the network is gone
 * (task status, assignment and creation, contacts, job status, manual recordings) is kept — in IndexedDB, so it
 * survives closing the app — and replayed in order when the network returns. Each write is sent with its own id as
 * `Idempotency-Key` (recordings: as `upload_key`), so a replay whose answer was lost never writes twice.
 *
 * This module is the queue's logic with its storage and its sender injected (tests run it on fake-indexeddb with a
 * fake sender); offline-queue.ts wires it to IndexedDB and the API.
 */

/** A row made offline has this id until the server's answer gives the real one; it is never sent. */
export const TEMP_ID_PREFIX = 'offline-';

export function isTempId(id: unknown): id is string {
  return typeof id === 'string' && id.startsWith(TEMP_ID_PREFIX);
}

function uuid(): string {
  return typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : `${Date.now().toString(16)}-${Math.random().toString(16).slice(2)}-${Math.random().toString(16).slice(2)}`;
}

export function newTempId(): string {
  return `${TEMP_ID_PREFIX}${uuid()}`;
}

/** What a queued write sends: a contract endpoint call (by its queueable name) or a file upload. */
export type WriteRequest =
  | { kind: 'endpoint'; endpoint: string; params?: Record<string, string>; query?: Record<string, string>; body?: unknown }
  | { kind: 'upload'; endpoint: string; path: string; fields: Record<string, string>; file: Blob; fileName: string };

export type WriteState = 'pending' | 'failed';

export type QueuedWrite = {
  /** Also the write's Idempotency-Key. */
  id: string;
  userId: string;
  /** Queue order. */
  seq: number;
  createdAt: number;
  /** What the crew sees in the pending list: "Task status: completed". */
  label: string;
  request: WriteRequest;
  /** The temporary id of the row this write creates; the answer's `id` replaces it in the writes after it. */
  tempId?: string;
  state: WriteState;
  /** Why the server refused it (failed writes). */
  error?: string;
  attempts: number;
};

/** A write to queue: what it sends and how the list names it. */
export type NewWrite = Pick<QueuedWrite, 'label' | 'request'> & { tempId?: string; id?: string };

export type WriteStorage = {
  load: (userId: string) => Promise<QueuedWrite[]>;
  put: (write: QueuedWrite) => Promise<void>;
  remove: (id: string) => Promise<void>;
};

/** Sends one write (with `write.id` as its key); resolves with the created row's id when there is one. */
export type SendWrite = (write: QueuedWrite) => Promise<{ id?: string } | void>;

export type ReplayOutcome = {
  /** Writes the server accepted. */
  synced: number;
  /** Writes the server refused (kept as failed, with the reason, to see and retry). */
  failed: number;
  /** The replay stopped at a write that could not reach the server (offline, 5xx): it and the rest wait. */
  interrupted: boolean;
};

/** The server's answer to a repeat of a write that is still running elsewhere (platform/idempotency.ts): try again. */
const IN_PROGRESS_PREFIX = 'A request with this Idempotency-Key is still being processed';

/**
 * Whether a failed send should wait for the next replay (the network, the server or the session is unavailable)
 * rather than be shown as refused: no answer, 5xx, 408, 429, 401 (the session will be renewed by a new sign-in),
 * and the idempotency 409 of a repeat that is still running.
 */
export function isTransientFailure(err: unknown): boolean {
  if (!(err instanceof ApiRequestError)) return false;
  if (err.status <= 0 || err.status >= 500) return true;
  if (err.status === 408 || err.status === 429 || err.status === 401) return true;
  return err.status === 409 && err.message.startsWith(IN_PROGRESS_PREFIX);
}

function failureReason(err: unknown): string {
  if (err instanceof Error && err.message) return err.message;
  return 'The change could not be saved';
}

/** `value` with every string equal to `from` replaced by `to`, at any depth (params, body, upload fields). */
function replaceId<T>(value: T, from: string, to: string): T {
  if (value === from) return to as T;
  if (Array.isArray(value)) return value.map((v: unknown) => replaceId(v, from, to)) as T;
  if (value && typeof value === 'object' && !(value instanceof Blob)) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, replaceId(v, from, to)])) as T;
  }
  return value;
}

/** The temporary ids a write refers to (not the one it creates). */
export function tempIdsIn(request: WriteRequest): string[] {
  const found = new Set<string>();
  const walk = (v: unknown) => {
    if (isTempId(v)) found.add(v);
    else if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object' && !(v instanceof Blob)) Object.values(v).forEach(walk);
  };
  walk(request.kind === 'endpoint' ? [request.params, request.query, request.body] : [request.fields]);
  return [...found];
}

export type WriteQueue = ReturnType<typeof createWriteQueue>;

/**
 * The queue of the signed-in user: an in-memory list (what the screens show, at once) kept in `storage`.
 * `subscribe`/`getSnapshot` fit React's useSyncExternalStore.
 */
export function createWriteQueue(deps: { storage: WriteStorage; send: SendWrite; now?: () => number; isOnline?: () => boolean }) {
  const now = deps.now ?? Date.now;
  const isOnline = deps.isOnline ?? (() => typeof navigator === 'undefined' || navigator.onLine !== false);
  let userId: string | null = null;
  let items: readonly QueuedWrite[] = [];
  let lastSeq = 0;
  let loading: Promise<void> = Promise.resolve();
  let replaying: Promise<ReplayOutcome> | null = null;
  let replayAgain = false;
  /** The write being sent now (it is never discarded: the server may already have it). */
  let sending: string | null = null;
  /** The server's ids of rows made offline whose creation has been sent (views may show the temporary id until refetched). */
  const created = new Map<string, string>();
  const listeners = new Set<() => void>();

  function publish(next: readonly QueuedWrite[]) {
    items = next;
    listeners.forEach((l) => l());
  }

  /** The write being sent changes (listeners hear it: the list hides its Discard). */
  function sendingNow(id: string | null) {
    sending = id;
    listeners.forEach((l) => l());
  }

  function nextSeq(): number {
    lastSeq = Math.max(lastSeq + 1, now() * 1000);
    return lastSeq;
  }

  /** Switches to `user`'s queue (null: signed out), loaded from storage. */
  function setUser(user: string | null): Promise<void> {
    if (user === userId) return loading;
    userId = user;
    created.clear();
    publish([]);
    loading = (async () => {
      if (!user) return;
      const stored = await deps.storage.load(user);
      if (userId !== user) return;
      // Writes queued while the stored ones loaded come after them.
      const merged = [...stored.filter((s) => !items.some((i) => i.id === s.id)), ...items].sort((a, b) => a.seq - b.seq);
      lastSeq = Math.max(lastSeq, ...merged.map((w) => w.seq));
      publish(merged);
    })();
    return loading;
  }

  /** Queues writes for the signed-in user (shown at once, stored right after); resolves when they are stored. */
  async function enqueue(writes: readonly NewWrite[]): Promise<QueuedWrite[]> {
    if (!userId) throw new Error('Nobody is signed in: nothing can be queued');
    const user = userId;
    const added = writes.map(
      (w): QueuedWrite => ({
        id: w.id ?? uuid(),
        userId: user,
        seq: nextSeq(),
        createdAt: now(),
        label: w.label,
        // A row made offline whose creation was already sent: the write goes with the server's id.
        request: [...created].reduce((request, [tempId, id]) => replaceId(request, tempId, id), w.request),
        ...(w.tempId ? { tempId: w.tempId } : {}),
        state: 'pending',
        attempts: 0,
      }),
    );
    publish([...items, ...added]);
    for (const w of added) await deps.storage.put(w);
    return added;
  }

  async function save(write: QueuedWrite): Promise<void> {
    publish(items.map((i) => (i.id === write.id ? write : i)));
    await deps.storage.put(write);
  }

  async function drop(ids: ReadonlySet<string>): Promise<void> {
    publish(items.filter((i) => !ids.has(i.id)));
    for (const id of ids) await deps.storage.remove(id);
  }

  /** A write refers to a row still waiting to be created (or whose creation was refused): it waits behind it. */
  function isHeld(write: QueuedWrite): boolean {
    return tempIdsIn(write.request).some((tempId) => items.some((i) => i.tempId === tempId && i.id !== write.id));
  }

  async function replayOnce(): Promise<ReplayOutcome> {
    await loading;
    const outcome: ReplayOutcome = { synced: 0, failed: 0, interrupted: false };
    for (const original of [...items]) {
      if (!isOnline()) {
        outcome.interrupted = true;
        break;
      }
      const write = items.find((i) => i.id === original.id);
      if (!write || write.state !== 'pending' || isHeld(write)) continue;
      const orphan = tempIdsIn(write.request)[0];
      if (orphan) {
        // Its row's creation is no longer queued (discarded): it can never be sent.
        await save({ ...write, state: 'failed', error: 'The item this change belongs to was never created' });
        outcome.failed += 1;
        continue;
      }
      try {
        sendingNow(write.id);
        const answer = await deps.send(write);
        const realId = answer && typeof answer === 'object' ? answer.id : undefined;
        if (write.tempId && realId) created.set(write.tempId, realId);
        sendingNow(null);
        outcome.synced += 1;
        await drop(new Set([write.id]));
        if (write.tempId && realId) {
          // Later writes to the row made offline go out with the server's id.
          for (const later of items.filter((i) => tempIdsIn(i.request).includes(write.tempId!))) {
            await save({ ...later, request: replaceId(later.request, write.tempId, realId) });
          }
        }
      } catch (err) {
        sendingNow(null);
        if (isTransientFailure(err)) {
          await save({ ...write, attempts: write.attempts + 1 });
          outcome.interrupted = true;
          break;
        }
        await save({ ...write, state: 'failed', attempts: write.attempts + 1, error: failureReason(err) });
        outcome.failed += 1;
      }
    }
    return outcome;
  }

  /** Sends the pending writes in order, one at a time; a replay asked for while one runs follows it. */
  async function replay(): Promise<ReplayOutcome> {
    if (replaying) {
      replayAgain = true;
      return replaying;
    }
    replaying = (async () => {
      const total: ReplayOutcome = { synced: 0, failed: 0, interrupted: false };
      do {
        replayAgain = false;
        const o = await replayOnce();
        total.synced += o.synced;
        total.failed += o.failed;
        total.interrupted = o.interrupted;
      } while (replayAgain && !total.interrupted);
      return total;
    })();
    try {
      return await replaying;
    } finally {
      replaying = null;
    }
  }

  /** A failed write back to pending (it is sent on the next replay). */
  async function retry(id: string): Promise<void> {
    const write = items.find((i) => i.id === id);
    if (write?.state === 'failed') {
      const { error: _error, ...rest } = write;
      await save({ ...rest, state: 'pending' });
    }
  }

  /** Removes a write, and the writes to the row it would have created (they can never be sent); not one being sent. */
  async function discard(id: string): Promise<void> {
    const write = items.find((i) => i.id === id);
    if (!write || id === sending) return;
    const ids = new Set([id]);
    if (write.tempId) for (const i of items) if (tempIdsIn(i.request).includes(write.tempId)) ids.add(i.id);
    await drop(ids);
  }

  /**
   * Takes back a row made offline (deleted by the crew): while its creation waits (or was refused), it and the writes
   * to the row are dropped — nothing reaches the server. Once the creation is being sent or has been sent, `remove`
   * (a write naming the temporary id) is what to queue: it follows the creation and goes out with the server's id.
   */
  async function withdraw(tempId: string): Promise<'dropped' | 'sent' | 'unknown'> {
    if (created.has(tempId)) return 'sent';
    const creation = items.find((i) => i.tempId === tempId);
    if (!creation) return 'unknown';
    if (creation.id === sending) return 'sent';
    await discard(creation.id);
    return 'dropped';
  }

  return {
    setUser,
    withdraw,
    enqueue,
    replay,
    retry,
    discard,
    /** Whose queue is open (null: nobody signed in). */
    userId: (): string | null => userId,
    /** Resolves when the signed-in user's stored writes are loaded. */
    ready: () => loading,
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: (): readonly QueuedWrite[] => items,
    /** The id of the write being sent now (null: none), which discard leaves alone; `subscribe` hears it change. */
    sendingId: (): string | null => sending,
  };
}
