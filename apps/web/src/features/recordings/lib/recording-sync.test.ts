import 'fake-indexeddb/auto';
import type { DeviceRecording } from '@fieldbook/call-recorder';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiRequestError } from '../../../lib/api-client';
import { isOtherUsersRecording, isOwnRecording, RecordingSyncService, uploadKeyOf, type SyncDeps, type SyncEntry, type SyncStore } from './recording-sync';
import { indexedDbSyncStore } from './recording-sync-store';

const USER = '6f1c1d1e-0000-4000-8000-00000000a11c';
const OTHER = '0b7e7c6a-0000-4000-8000-0000000000b2';

const rec = (n: number, patch: Partial<DeviceRecording> = {}): DeviceRecording => ({
  id: `content://recordings/${n}`,
  name: `incoming_20261120_1000${String(n).padStart(2, '0')}_5125550100_${USER}.m4a`,
  path: `/data/recordings/${n}.m4a`,
  size: 1000 + n,
  lastModified: 1_000 + n,
  groupId: n % 2 ? 'crew-7' : null,
  mimeType: 'audio/mp4',
  ...patch,
});

/** A Map as the kept state (what a restart finds), copying on the way in and out like IndexedDB. */
function memoryStore(): SyncStore & { rows: Map<string, SyncEntry> } {
  const rows = new Map<string, SyncEntry>();
  return {
    rows,
    load: async (userId) => [...rows.values()].filter((e) => e.userId === userId).map((e) => ({ ...e })),
    put: async (entry) => void rows.set(`${entry.userId}:${entry.deviceId}`, { ...entry }),
    remove: async (userId, deviceId) => void rows.delete(`${userId}:${deviceId}`),
  };
}

/** The server as the upload path sees it: one recording per upload key (recordings' upload_key), every key sent recorded. */
function fakeServer() {
  const stored = new Map<string, { id: string; name: string }>();
  const sent: Array<{ name: string; uploadKey: string; groupId: string | undefined; size: number }> = [];
  let failNext: unknown[] = [];
  const upload: SyncDeps['upload'] = async (file, opts) => {
    sent.push({ name: opts.fileName, uploadKey: opts.uploadKey, groupId: opts.groupId, size: file.size });
    opts.onProgress(50);
    const failure = failNext.shift();
    if (failure) throw failure;
    const existing = stored.get(opts.uploadKey);
    if (existing) return existing;
    const row = { id: `rec-${stored.size + 1}`, name: opts.fileName };
    stored.set(opts.uploadKey, row);
    return row;
  };
  return { stored, sent, upload, failWith: (...errors: unknown[]) => (failNext = errors) };
}

let device: DeviceRecording[];
let server: ReturnType<typeof fakeServer>;
let store: ReturnType<typeof memoryStore>;
let now: number;
const services: RecordingSyncService[] = [];

function service(patch: Partial<SyncDeps> = {}) {
  const s = new RecordingSyncService({
    userId: USER,
    store,
    listRecordings: async () => device,
    readFile: async (entry) => new Blob([`audio ${entry.path}`], { type: 'audio/mp4' }),
    upload: server.upload,
    isFinal: (err) => err instanceof ApiRequestError && err.status >= 400 && err.status < 500,
    now: () => now,
    ...patch,
  });
  services.push(s);
  return s;
}

beforeEach(() => {
  device = [rec(1), rec(2), rec(3)];
  server = fakeServer();
  store = memoryStore();
  now = 1_000_000;
});
afterEach(() => {
  services.splice(0).forEach((s) => s.stop());
  vi.useRealTimers();
});

describe('the recording sync service', () => {
  it('uploads every recording on the device once, oldest first, with a key derived from its device id', async () => {
    const sync = service();
    await sync.start();
    await sync.idle();
    expect(server.sent.map((s) => s.name)).toEqual(device.map((r) => r.name));
    expect(server.sent[0]!.uploadKey).toBe(await uploadKeyOf('content://recordings/1'));
    expect(server.sent[0]!.uploadKey).toMatch(/^device-[0-9a-f]{64}$/);
    expect(server.sent.map((s) => s.groupId)).toEqual(['crew-7', undefined, 'crew-7']);
    expect(sync.getStatus()).toMatchObject({ pending: 0, uploading: 0, failed: 0, done: 3 });
    expect(sync.getStatus().entries.map((e) => e.recordingId)).toEqual(['rec-3', 'rec-2', 'rec-1']);

    // Offered again — by getRecordings and by the recorder's event, at once — nothing more is sent.
    await Promise.all([sync.scan(), sync.handleCallRecording(rec(2)), sync.handleCallRecording(rec(2))]);
    await sync.idle();
    expect(server.sent).toHaveLength(3);
  });

  it('survives a restart: what was uploaded is not sent again; a new recording is', async () => {
    const first = service();
    await first.start();
    await first.idle();
    first.stop();

    device = [...device, rec(4)];
    const second = service();
    await second.start();
    await second.idle();
    expect(server.sent.map((s) => s.name)).toEqual([rec(1), rec(2), rec(3), rec(4)].map((r) => r.name));
    expect(second.getStatus().done).toBe(4);
  });

  it('an upload the app was closed during is sent again with the same key: the server answers with the stored one', async () => {
    // The first app stored the recording on the server but closed before its state said so.
    const key = await uploadKeyOf(rec(1).id);
    server.stored.set(key, { id: 'rec-kept', name: rec(1).name });
    await store.put({ userId: USER, deviceId: rec(1).id, name: rec(1).name, path: rec(1).path, size: 1, lastModified: 1, groupId: null, state: 'uploading', attempts: 1, nextAttemptAt: 0, error: null, recordingId: null, progress: 0 });
    device = [rec(1)];
    const sync = service();
    await sync.start();
    await sync.idle();
    expect(server.sent).toEqual([expect.objectContaining({ uploadKey: key })]);
    expect(server.stored.size).toBe(1);
    expect(sync.getStatus().entries[0]).toMatchObject({ state: 'done', recordingId: 'rec-kept', attempts: 2 });
  });

  it('retries a failed upload with backoff, with the same key, until it goes through', async () => {
    vi.useFakeTimers();
    device = [rec(1)];
    server.failWith(new ApiRequestError(0, 'NETWORK', 'Upload failed: the server could not be reached'), new ApiRequestError(502, 'HTTP_502', 'Bad gateway'));
    const sync = service({ now: () => Date.now(), backoffMs: (attempts) => 1000 * attempts });
    await sync.start();
    await sync.idle();
    expect(sync.getStatus().entries[0]).toMatchObject({ state: 'pending', attempts: 1, error: 'Upload failed: the server could not be reached' });
    expect(sync.getStatus().pending).toBe(1);

    await vi.advanceTimersByTimeAsync(999);
    expect(server.sent).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    await sync.idle();
    expect(server.sent).toHaveLength(2);
    expect(sync.getStatus().entries[0]).toMatchObject({ state: 'pending', attempts: 2 });

    await vi.advanceTimersByTimeAsync(2000);
    await sync.idle();
    expect(server.sent).toHaveLength(3);
    expect(new Set(server.sent.map((s) => s.uploadKey)).size).toBe(1);
    expect(sync.getStatus()).toMatchObject({ done: 1, pending: 0, failed: 0 });
    expect(sync.getStatus().entries[0]!.error).toBeNull();
  });

  it('a refusal (4xx) fails at once with the server’s reason; retry() sends it again', async () => {
    device = [rec(1)];
    server.failWith(new ApiRequestError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Unsupported file type'));
    const sync = service();
    await sync.start();
    await sync.idle();
    expect(sync.getStatus()).toMatchObject({ failed: 1, pending: 0, done: 0 });
    expect(sync.getStatus().entries[0]).toMatchObject({ state: 'failed', error: 'Unsupported file type', attempts: 1 });

    await sync.retry();
    await sync.idle();
    expect(sync.getStatus()).toMatchObject({ failed: 0, done: 1 });
    expect(server.sent).toHaveLength(2);
  });

  it('gives up after the last attempt (failed, not tried again until retry)', async () => {
    device = [rec(1)];
    const down = new ApiRequestError(503, 'UNAVAILABLE', 'Service unavailable');
    server.failWith(down, down, down);
    const sync = service({ maxAttempts: 3, backoffMs: () => 0 });
    await sync.start();
    await vi.waitFor(() => expect(sync.getStatus().failed).toBe(1));
    expect(server.sent).toHaveLength(3);
    expect(sync.getStatus().entries[0]).toMatchObject({ attempts: 3, error: 'Service unavailable' });
  });

  it('offline it tries nothing and spends no attempt; kick() when the network returns', async () => {
    let online = false;
    device = [rec(1)];
    const sync = service({ isOnline: () => online });
    await sync.start();
    await sync.idle();
    expect(server.sent).toHaveLength(0);
    expect(sync.getStatus().entries[0]).toMatchObject({ state: 'pending', attempts: 0 });
    online = true;
    sync.kick();
    await sync.idle();
    expect(sync.getStatus().done).toBe(1);
  });

  it('reports the device list’s failure, and leaves another user’s recordings on a shared phone alone', async () => {
    const failing = service({ listRecordings: async () => Promise.reject(new Error('Permission denied: READ_MEDIA_AUDIO')) });
    await failing.start();
    expect(failing.getStatus().listError).toBe('Permission denied: READ_MEDIA_AUDIO');

    device = [rec(1), rec(2, { name: `outgoing_20261120_100002_5125550100_${OTHER}.m4a` }), rec(3, { name: `manual_20261120_100003_${USER}.m4a` })];
    const sync = service();
    await sync.start();
    await sync.idle();
    expect(server.sent.map((s) => s.name)).toEqual([rec(1).name, `manual_20261120_100003_${USER}.m4a`]);
    expect(isOtherUsersRecording(`x_${OTHER}.m4a`, USER)).toBe(true);
    expect(isOtherUsersRecording(`x_${USER.toUpperCase()}.m4a`, USER)).toBe(false);
  });

  it('a shared phone: from the device’s list only recordings named with this user’s id — not another user’s manual ones, nor any without an id', async () => {
    // B signs in on A's phone: the recorder lists every recording on it.
    device = [
      rec(1, { name: `manual_20261120_100001_${OTHER}.webm` }), // A's manual recording
      rec(2, { name: 'manual_20261120_100002.m4a' }), // a manual recording named without a user (whose?)
      rec(3, { name: `incoming_20261120_100003_5125550100_${OTHER}.m4a` }), // A's call
      rec(4, { name: 'incoming_20261120_100004_5125550100.m4a' }), // a call without a user id
      rec(5, { name: `manual_20261120_100005_${USER.toUpperCase()}.m4a` }), // B's own
      rec(6), // B's call
    ];
    const sync = service();
    await sync.start();
    await sync.idle();
    expect(server.sent.map((s) => s.name)).toEqual([`manual_20261120_100005_${USER.toUpperCase()}.m4a`, rec(6).name]);
    expect(sync.getStatus().entries.map((e) => e.deviceId)).toEqual([rec(6).id, rec(5).id]);
    expect(isOwnRecording(`manual_20261120_100001_${USER}.webm`, USER)).toBe(true);
    expect(isOwnRecording('manual_20261120_100001.webm', USER)).toBe(false);
    expect(isOwnRecording(`manual_20261120_100001_${OTHER}.webm`, USER)).toBe(false);

    // Handed in during B's session (the manual recording B just stopped, the recorder's event): B's, named or not —
    // but never one that names another user. The next scan keeps it known (uploaded once).
    await sync.handleCallRecording(rec(7, { name: 'manual_20261120_100007.m4a' }));
    await sync.handleCallRecording(rec(8, { name: `manual_20261120_100008_${OTHER}.m4a` }));
    await sync.idle();
    expect(server.sent.map((s) => s.name).slice(2)).toEqual(['manual_20261120_100007.m4a']);
    device = [...device, rec(7, { name: 'manual_20261120_100007.m4a', path: '/data/recordings/moved-7.m4a' })];
    await sync.scan();
    await sync.idle();
    expect(server.sent).toHaveLength(3);
    expect(sync.getStatus().done).toBe(3);
  });

  it('a recording deleted outside the app (no longer in getRecordings) leaves the list and the kept state at the next scan, uploaded or not', async () => {
    device = [rec(1), rec(2), rec(3)];
    const online = service();
    await online.start();
    await online.idle();
    expect(online.getStatus()).toMatchObject({ done: 3 });
    device = [rec(1), rec(2), rec(3), rec(4)];
    const offline = service({ isOnline: () => false });
    await offline.start(); // rec(4) waits for the network
    expect(offline.getStatus()).toMatchObject({ done: 3, pending: 1 });

    // The phone's file manager deletes 2 (uploaded) and 4 (never uploaded).
    device = [rec(1), rec(3)];
    await offline.scan();
    expect(offline.getStatus()).toMatchObject({ done: 2, pending: 0, failed: 0 });
    expect(offline.getStatus().entries.map((e) => e.deviceId)).toEqual([rec(3).id, rec(1).id]);
    expect([...store.rows.values()].map((e) => e.deviceId).sort()).toEqual([rec(1).id, rec(3).id]);
    // The app reopened: nothing stale comes back from the kept state.
    const reopened = service({ isOnline: () => false });
    await reopened.start();
    expect(reopened.getStatus().entries.map((e) => e.deviceId)).toEqual([rec(3).id, rec(1).id]);
    expect(server.sent).toHaveLength(3);
  });

  it('a recording offered while the device list is being read is not dropped by that older list', async () => {
    device = [];
    let answer!: (list: DeviceRecording[]) => void;
    const sync = service({ isOnline: () => false, listRecordings: () => new Promise((resolve) => (answer = resolve)) });
    const scanning = sync.scan();
    await vi.waitFor(() => expect(answer).toBeTypeOf('function'));
    await sync.handleCallRecording(rec(5));
    answer([]);
    await scanning;
    expect(sync.getStatus().entries.map((e) => e.deviceId)).toEqual([rec(5).id]);
  });

  it('forget(): a recording deleted before its upload is dropped; an uploaded one stays known and is not sent again', async () => {
    device = [rec(1)];
    const sync = service({ isOnline: () => false });
    await sync.start();
    await sync.forget(rec(1).id);
    expect(sync.getStatus().entries).toHaveLength(0);
    expect(store.rows.size).toBe(0);

    const online = service();
    await online.start();
    await online.idle();
    await online.forget(rec(1).id);
    expect(online.getStatus()).toMatchObject({ done: 1, entries: [] });
    await online.handleCallRecording(rec(1));
    await online.idle();
    expect(server.sent).toHaveLength(1);
  });

  it('keeps its state in IndexedDB per user: a new service (the app reopened) finds it', async () => {
    store = indexedDbSyncStore() as ReturnType<typeof memoryStore>;
    const first = service();
    await first.start();
    await first.idle();
    first.stop();
    const reopened = service({ store: indexedDbSyncStore() });
    await reopened.start();
    await reopened.idle();
    expect(server.sent).toHaveLength(3);
    expect(reopened.getStatus().done).toBe(3);
    const otherUser = new RecordingSyncService({ userId: OTHER, store: indexedDbSyncStore(), listRecordings: async () => [], readFile: async () => new Blob(), upload: server.upload });
    await otherUser.start();
    expect(otherUser.getStatus().entries).toHaveLength(0);
  });
});
