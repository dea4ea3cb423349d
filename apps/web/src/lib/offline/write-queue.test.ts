import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiRequestError } from '../api-client';
import { indexedDbStorage } from './idb-storage';
import { createWriteQueue, isTransientFailure, newTempId, type NewWrite, type QueuedWrite, type SendWrite } from './write-queue';

/** The queue over fake-indexeddb (a real IndexedDB implementation in memory), with a recording fake sender. */
const ALICE = 'user-alice';
const BOB = 'user-bob';
const T1 = '00000000-0000-4000-8000-000000000001';

const status = (id: string, s: string): NewWrite => ({ label: `Task status: ${s}`, request: { kind: 'endpoint', endpoint: 'tasks.updateStatus', params: { id }, body: { status: s } } });
const create = (tempId: string, description: string): NewWrite => ({
  label: `New task: ${description}`,
  tempId,
  request: { kind: 'endpoint', endpoint: 'tasks.create', body: { description, job_id: 'job-1', assigned_to: null, due_date: null, priority: 'medium' } },
});

function sender(answer: (w: QueuedWrite, n: number) => { id?: string } | Error = () => ({})) {
  const sent: QueuedWrite[] = [];
  const send: SendWrite = async (w) => {
    sent.push(w);
    const a = answer(w, sent.length);
    if (a instanceof Error) throw a;
    return a;
  };
  return { sent, send };
}

let online = true;
function newQueue(send: SendWrite) {
  return createWriteQueue({ storage: indexedDbStorage(), send, isOnline: () => online });
}

beforeEach(async () => {
  online = true;
  // A fresh IndexedDB per test.
  const { IDBFactory } = await import('fake-indexeddb');
  globalThis.indexedDB = new IDBFactory();
});

describe('the offline write queue', () => {
  it('keeps writes in IndexedDB: a new app (after closing) finds them, per user, in order', async () => {
    const q = newQueue(sender().send);
    await q.setUser(ALICE);
    await q.enqueue([status(T1, 'completed'), status(T1, 'in progress')]);
    await q.enqueue([create(newTempId(), 'Tarp the roof')]);
    expect(q.getSnapshot().map((w) => w.label)).toEqual(['Task status: completed', 'Task status: in progress', 'New task: Tarp the roof']);

    // The app is closed and opened again: a new queue over the same database.
    const reopened = newQueue(sender().send);
    await reopened.setUser(ALICE);
    expect(reopened.getSnapshot().map((w) => w.label)).toEqual(['Task status: completed', 'Task status: in progress', 'New task: Tarp the roof']);
    expect(reopened.getSnapshot().every((w) => w.state === 'pending' && w.userId === ALICE)).toBe(true);
    await reopened.setUser(BOB);
    expect(reopened.getSnapshot()).toEqual([]);
  });

  it('replays in order, each write with its own id (the Idempotency-Key), and empties the queue', async () => {
    const s = sender();
    const q = newQueue(s.send);
    await q.setUser(ALICE);
    const queued = await q.enqueue([status(T1, 'completed'), status(T1, 'pending')]);
    expect(await q.replay()).toEqual({ synced: 2, failed: 0, interrupted: false });
    expect(s.sent.map((w) => w.id)).toEqual(queued.map((w) => w.id));
    expect(s.sent.map((w) => (w.request.kind === 'endpoint' ? w.request.body : null))).toEqual([{ status: 'completed' }, { status: 'pending' }]);
    expect(new Set(queued.map((w) => w.id)).size).toBe(2);
    expect(q.getSnapshot()).toEqual([]);
    const reopened = newQueue(sender().send);
    await reopened.setUser(ALICE);
    expect(reopened.getSnapshot()).toEqual([]);
  });

  it('a write made to a row created offline goes out with the id the server gave it', async () => {
    const tempId = newTempId();
    const s = sender((w) => (w.request.kind === 'endpoint' && w.request.endpoint === 'tasks.create' ? { id: T1 } : {}));
    const q = newQueue(s.send);
    await q.setUser(ALICE);
    await q.enqueue([create(tempId, 'Tarp the roof'), status(tempId, 'completed')]);
    expect((await q.replay()).synced).toBe(2);
    expect(s.sent[1]!.request).toMatchObject({ params: { id: T1 } });
    expect(JSON.stringify(s.sent[1]!.request)).not.toContain(tempId);
  });

  it('no network: the replay stops at the first write and keeps it and the rest, same key next time', async () => {
    const s = sender((_w, n) => (n === 1 ? new ApiRequestError(0, 'NETWORK_ERROR', 'Unable to connect') : {}));
    const q = newQueue(s.send);
    await q.setUser(ALICE);
    await q.enqueue([status(T1, 'completed'), status(T1, 'in progress')]);
    expect(await q.replay()).toEqual({ synced: 0, failed: 0, interrupted: true });
    expect(s.sent).toHaveLength(1);
    expect(q.getSnapshot().map((w) => [w.state, w.attempts])).toEqual([
      ['pending', 1],
      ['pending', 0],
    ]);
    expect(await q.replay()).toEqual({ synced: 2, failed: 0, interrupted: false });
    expect(s.sent[1]!.id).toBe(s.sent[0]!.id);
  });

  it('does not send while the device is offline', async () => {
    const s = sender();
    const q = newQueue(s.send);
    await q.setUser(ALICE);
    await q.enqueue([status(T1, 'completed')]);
    online = false;
    expect((await q.replay()).interrupted).toBe(true);
    expect(s.sent).toHaveLength(0);
  });

  it('a refused write is kept as failed with the reason, the rest goes on; retry sends it again, discard drops it', async () => {
    let refuse = true;
    const s = sender((w) => (refuse && w.label.includes('completed') ? new ApiRequestError(404, 'NOT_FOUND', 'Task not found') : {}));
    const q = newQueue(s.send);
    await q.setUser(ALICE);
    await q.enqueue([status(T1, 'completed'), status('other', 'pending')]);
    expect(await q.replay()).toEqual({ synced: 1, failed: 1, interrupted: false });
    const [failed] = q.getSnapshot();
    expect(failed).toMatchObject({ state: 'failed', error: 'Task not found', attempts: 1 });
    // Failed writes are not sent again by themselves.
    expect((await q.replay()).synced).toBe(0);
    refuse = false;
    await q.retry(failed!.id);
    expect(q.getSnapshot()[0]).toMatchObject({ state: 'pending' });
    expect(q.getSnapshot()[0]).not.toHaveProperty('error');
    expect(await q.replay()).toEqual({ synced: 1, failed: 0, interrupted: false });
    expect(q.getSnapshot()).toEqual([]);

    refuse = true;
    await q.enqueue([status(T1, 'completed')]);
    await q.replay();
    await q.discard(q.getSnapshot()[0]!.id);
    expect(q.getSnapshot()).toEqual([]);
  });

  it('changes to a row whose creation was refused wait behind it, and go when it is discarded', async () => {
    const tempId = newTempId();
    const s = sender((w) => (w.request.kind === 'endpoint' && w.request.endpoint === 'tasks.create' ? new ApiRequestError(404, 'NOT_FOUND', 'Job not found') : {}));
    const q = newQueue(s.send);
    await q.setUser(ALICE);
    await q.enqueue([create(tempId, 'Tarp the roof'), status(tempId, 'completed'), status(T1, 'completed')]);
    expect(await q.replay()).toEqual({ synced: 1, failed: 1, interrupted: false });
    expect(q.getSnapshot().map((w) => [w.label, w.state])).toEqual([
      ['New task: Tarp the roof', 'failed'],
      ['Task status: completed', 'pending'],
    ]);
    await q.discard(q.getSnapshot()[0]!.id);
    expect(q.getSnapshot()).toEqual([]);
  });

  it('a replay asked for while one runs follows it; transient failures are told apart from refusals', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => (release = r));
    const s = sender();
    const q = newQueue(async (w) => {
      await gate;
      return s.send(w);
    });
    await q.setUser(ALICE);
    await q.enqueue([status(T1, 'completed')]);
    const first = q.replay();
    await q.enqueue([status(T1, 'pending')]);
    const second = q.replay();
    release();
    expect(await first).toEqual({ synced: 2, failed: 0, interrupted: false });
    expect(await second).toEqual({ synced: 2, failed: 0, interrupted: false });
    expect(s.sent).toHaveLength(2);

    expect(isTransientFailure(new ApiRequestError(0, 'NETWORK_ERROR', 'x'))).toBe(true);
    expect(isTransientFailure(new ApiRequestError(503, 'UNAVAILABLE', 'x'))).toBe(true);
    expect(isTransientFailure(new ApiRequestError(409, 'CONFLICT', 'A request with this Idempotency-Key is still being processed. Try again shortly.'))).toBe(true);
    expect(isTransientFailure(new ApiRequestError(409, 'CONFLICT', 'A contact with this phone number already exists'))).toBe(false);
    expect(isTransientFailure(new ApiRequestError(422, 'IDEMPOTENCY_KEY_REUSED', 'x'))).toBe(false);
    expect(isTransientFailure(new Error('boom'))).toBe(false);
  });

  describe('a row made offline and deleted (withdraw)', () => {
    const T2 = '00000000-0000-4000-8000-000000000002';
    const remove = (id: string): NewWrite => ({ label: 'Delete task', request: { kind: 'endpoint', endpoint: 'tasks.remove', params: { id } } });
    const endpointOf = (w: QueuedWrite) => (w.request.kind === 'endpoint' ? w.request.endpoint : w.request.kind);

    it('still queued: its creation and the writes to it are dropped, nothing is sent', async () => {
      const tempId = newTempId();
      const s = sender(() => ({ id: T1 }));
      const q = newQueue(s.send);
      await q.setUser(ALICE);
      await q.enqueue([create(tempId, 'Tarp the roof'), status(tempId, 'completed'), status(T2, 'completed')]);
      expect(await q.withdraw(tempId)).toBe('dropped');
      expect(q.getSnapshot().map((w) => w.label)).toEqual(['Task status: completed']);
      await q.replay();
      expect(s.sent.map((w) => w.request)).toEqual([status(T2, 'completed').request]);
    });

    it('already sent (the views still show the temporary id): the delete goes out with the server’s id', async () => {
      const tempId = newTempId();
      const s = sender((w) => (endpointOf(w) === 'tasks.create' ? { id: T1 } : {}));
      const q = newQueue(s.send);
      await q.setUser(ALICE);
      await q.enqueue([create(tempId, 'Tarp the roof')]);
      expect((await q.replay()).synced).toBe(1);
      expect(await q.withdraw(tempId)).toBe('sent');
      await q.enqueue([remove(tempId)]);
      expect(await q.replay()).toEqual({ synced: 1, failed: 0, interrupted: false });
      expect(s.sent.map((w) => [endpointOf(w), w.request.kind === 'endpoint' ? w.request.params : null])).toEqual([
        ['tasks.create', undefined],
        ['tasks.remove', { id: T1 }],
      ]);
    });

    it('being sent: it is not discarded; the delete waits for the creation and goes out with the server’s id', async () => {
      const tempId = newTempId();
      let answerCreation!: () => void;
      const creationHeld = new Promise<void>((resolve) => (answerCreation = resolve));
      let creationSent = false;
      const s = sender((w) => (endpointOf(w) === 'tasks.create' ? { id: T1 } : {}));
      const q = newQueue(async (w) => {
        if (endpointOf(w) === 'tasks.create') {
          creationSent = true;
          await creationHeld;
        }
        return s.send(w);
      });
      await q.setUser(ALICE);
      const [creation] = await q.enqueue([create(tempId, 'Tarp the roof'), status(T2, 'completed')]);
      const replaying = q.replay();
      await vi.waitFor(() => expect(creationSent).toBe(true));
      // The POST is on its way: neither the crew's discard nor the delete takes it back.
      await q.discard(creation!.id);
      expect(q.getSnapshot().map((w) => w.id)).toContain(creation!.id);
      expect(await q.withdraw(tempId)).toBe('sent');
      await q.enqueue([remove(tempId)]);
      const second = q.replay();
      answerCreation();
      await replaying;
      await second;
      expect(s.sent.map((w) => [endpointOf(w), w.request.kind === 'endpoint' ? w.request.params : null])).toEqual([
        ['tasks.create', undefined],
        ['tasks.updateStatus', { id: T2 }],
        ['tasks.remove', { id: T1 }],
      ]);
      expect(q.getSnapshot()).toEqual([]);
    });
  });

  it('says which write is being sent (sendingId), and its listeners hear it start and end', async () => {
    let answer!: () => void;
    const held = new Promise<void>((resolve) => (answer = resolve));
    const q = newQueue(async () => {
      await held;
      return {};
    });
    await q.setUser(ALICE);
    const [first] = await q.enqueue([status(T1, 'completed')]);
    const heard: (string | null)[] = [];
    q.subscribe(() => heard.push(q.sendingId()));
    expect(q.sendingId()).toBeNull();
    const replay = q.replay();
    await vi.waitFor(() => expect(q.sendingId()).toBe(first!.id));
    expect(heard).toContain(first!.id);
    await q.discard(first!.id); // ignored: it is being sent
    expect(q.getSnapshot()).toHaveLength(1);
    answer();
    await replay;
    expect(q.sendingId()).toBeNull();
    expect(heard.at(-1)).toBeNull();
    expect(q.getSnapshot()).toEqual([]);
  });

  it('keeps a recording file (a Blob) until it is uploaded', async () => {
    const s = sender();
    const q = newQueue(s.send);
    await q.setUser(ALICE);
    const file = new Blob([new Uint8Array([1, 2, 3, 4])], { type: 'audio/webm' });
    await q.enqueue([{ label: 'Recording', request: { kind: 'upload', endpoint: 'recordings.upload', path: '/api/recordings', fields: { upload_key: 'k1' }, file, fileName: 'a.webm' } }]);
    const reopened = newQueue(s.send);
    await reopened.setUser(ALICE);
    const [kept] = reopened.getSnapshot();
    expect(kept!.request.kind).toBe('upload');
    const blob = kept!.request.kind === 'upload' ? kept!.request.file : null;
    expect(blob?.size).toBe(4);
    expect(new Uint8Array(await blob!.arrayBuffer())).toEqual(new Uint8Array([1, 2, 3, 4]));
  });
});
