import type { DeviceRecording } from '@fieldbook/call-recorder';

/**
 * The recording sync service (spec 001 §7: handleCallRecording, getStatus, retry). Inside the mobile app it takes the
 * signed-in user's recordings the native recorder keeps on the phone — from getRecordings when the app opens (those
 * whose name ends with the user's id: a shared phone lists everyone's), and each new one as the recorder announces it
 * or a manual recording stops — and uploads each to the server once, through the feature's one upload
 * (`uploadRecording`, lib/uploads).
 *
 * Once, however often a recording is offered: the state of every recording is kept per user in IndexedDB, so an
 * uploaded one is never sent again after a restart; and the upload's key (`upload_key`) is derived from the device's
 * id of the recording, so even a repeat the state cannot prevent — the app closed after the server stored the file
 * but before the state said so — is answered with the stored recording instead of a second one.
 *
 * One upload at a time. A failure is tried again with backoff (SYNC_MAX_ATTEMPTS attempts, counted when they start);
 * a refusal (the server's 4xx) or the last attempt leaves it failed with the reason until retry().
 */

export type SyncState = 'pending' | 'uploading' | 'failed' | 'done';

export type SyncEntry = {
  userId: string;
  deviceId: string;
  name: string;
  path: string;
  size: number;
  lastModified: number;
  groupId: string | null;
  mimeType?: string | undefined;
  state: SyncState;
  /** Attempts started (an attempt cut off by the app closing counts too). */
  attempts: number;
  /** When a pending one is due (ms since the epoch). */
  nextAttemptAt: number;
  error: string | null;
  /** The server's recording, once uploaded. */
  recordingId: string | null;
  /** Percent of the current upload (not kept). */
  progress: number;
  /** Deleted from the phone after its upload: kept known (never uploaded again), no longer listed. */
  deleted?: boolean | undefined;
};

export type SyncStatus = {
  pending: number;
  uploading: number;
  failed: number;
  done: number;
  /** The recordings still on the phone, newest first. */
  entries: SyncEntry[];
  /** The device's list could not be read (spec 001 §8 'Failed to load recordings'). */
  listError: string | null;
};

/** Where the state survives restarts (IndexedDB in the app, a Map in tests). */
export interface SyncStore {
  load(userId: string): Promise<SyncEntry[]>;
  put(entry: SyncEntry): Promise<void>;
  remove(userId: string, deviceId: string): Promise<void>;
}

export type SyncDeps = {
  userId: string;
  store: SyncStore;
  /** The plugin's getRecordings. */
  listRecordings: () => Promise<DeviceRecording[]>;
  /** The file's bytes (the WebView reads it from the native bridge's file URL). */
  readFile: (recording: SyncEntry) => Promise<Blob>;
  upload: (file: Blob, opts: { fileName: string; uploadKey: string; groupId?: string | undefined; onProgress: (percent: number) => void }) => Promise<{ id: string }>;
  /** A refusal that retrying would meet again (the server's 4xx): failed at once. */
  isFinal?: (err: unknown) => boolean;
  describeError?: (err: unknown) => string;
  /** Offline, nothing is tried (no attempt is spent); `kick()` when the network returns. */
  isOnline?: () => boolean;
  onUploaded?: (entry: SyncEntry) => void;
  now?: () => number;
  maxAttempts?: number;
  backoffMs?: (attempts: number) => number;
};

export const SYNC_MAX_ATTEMPTS = 6;
/** 5 s, 10 s, 20 s, … capped at 5 minutes. */
export const syncBackoffMs = (attempts: number) => Math.min(5 * 60_000, 5_000 * 2 ** Math.max(0, attempts - 1));

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The last part of a recording's name (before the extension): where the recorder writes the user id. */
const lastPartOf = (name: string) => name.replace(/\.[^.]+$/, '').split('_').at(-1) ?? '';

/**
 * A recording's name ends with the id of the user signed in when it was recorded: direction_date_time_phone_userId
 * for calls (spec 001 §3), manual_date_time_userId for manual recordings (@fieldbook/call-recorder's DeviceRecording).
 * On a shared phone the recorder lists every user's recordings: only those whose name ends with this user's id are
 * theirs to upload. A name without an id (an older recorder's, or one it could not attribute) is nobody's.
 */
export function isOwnRecording(name: string, userId: string): boolean {
  return userId !== '' && lastPartOf(name).toLowerCase() === userId.toLowerCase();
}

/** The name ends with another user's id. */
export function isOtherUsersRecording(name: string, userId: string): boolean {
  const last = lastPartOf(name);
  return UUID.test(last) && last.toLowerCase() !== userId.toLowerCase();
}

/**
 * The upload's idempotency key: the same device recording always gets the same key (the server keeps one
 * recording per user and key), and the key says nothing of the path it came from.
 */
export async function uploadKeyOf(deviceId: string): Promise<string> {
  const subtle = typeof crypto !== 'undefined' ? crypto.subtle : undefined;
  if (!subtle) return `device-${Array.from(new TextEncoder().encode(deviceId), (b) => b.toString(16).padStart(2, '0')).join('').slice(0, 180)}`;
  const digest = await subtle.digest('SHA-256', new TextEncoder().encode(deviceId));
  return `device-${Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

export class RecordingSyncService {
  private readonly entries = new Map<string, SyncEntry>();
  private readonly listeners = new Set<() => void>();
  private loaded: Promise<void> | null = null;
  private working: Promise<void> | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private stopped = false;
  private listError: string | null = null;
  private status: SyncStatus = { pending: 0, uploading: 0, failed: 0, done: 0, entries: [], listError: null };
  private readonly now: () => number;
  private readonly maxAttempts: number;
  private readonly backoffMs: (attempts: number) => number;

  constructor(private readonly deps: SyncDeps) {
    this.now = deps.now ?? Date.now;
    this.maxAttempts = deps.maxAttempts ?? SYNC_MAX_ATTEMPTS;
    this.backoffMs = deps.backoffMs ?? syncBackoffMs;
  }

  /** Loads the kept state, then offers every recording on the device (getRecordings). */
  async start(): Promise<void> {
    await this.load();
    await this.scan();
  }

  /**
   * Offers the device's recordings that are this user's (their name ends with the user's id, `isOwnRecording`): the
   * recorder lists every user's. Resolves when they are known (not when uploaded).
   */
  async scan(): Promise<void> {
    await this.load();
    // Known before the list was asked for: only these can be judged by it (one offered meanwhile may be newer than it).
    const knownBefore = new Set(this.entries.keys());
    let recordings: DeviceRecording[];
    try {
      recordings = await this.deps.listRecordings();
      this.listError = null;
    } catch (err) {
      this.listError = this.describe(err);
      this.changed();
      return;
    }
    for (const recording of recordings) {
      if (isOwnRecording(recording.name, this.deps.userId) || this.entries.has(recording.id)) await this.add(recording);
    }
    await this.dropMissing(knownBefore, new Set(recordings.map((r) => r.id)));
    this.changed();
    this.kick();
  }

  /**
   * A recording the device just made in this user's session (the recorder's event while they are signed in, or the
   * manual recording they just stopped): theirs, whatever its name says — unless it names another user.
   */
  async handleCallRecording(recording: DeviceRecording): Promise<void> {
    await this.load();
    if (isOtherUsersRecording(recording.name, this.deps.userId)) return;
    await this.add(recording);
    this.changed();
    this.kick();
  }

  getStatus(): SyncStatus {
    return this.status;
  }

  /** Failed ones (or the one named) are tried again now, with fresh attempts. */
  async retry(deviceId?: string): Promise<void> {
    await this.load();
    for (const entry of this.entries.values()) {
      if (entry.state !== 'failed' || (deviceId && entry.deviceId !== deviceId)) continue;
      await this.save({ ...entry, state: 'pending', attempts: 0, nextAttemptAt: this.now(), error: null });
    }
    this.changed();
    this.kick();
  }

  /**
   * The recording was deleted from the phone: one not uploaded yet is dropped (one uploading finishes first); an
   * uploaded one stays known, unlisted, so the same recording offered again is not uploaded twice.
   */
  async forget(deviceId: string): Promise<void> {
    await this.load();
    const entry = this.entries.get(deviceId);
    if (!entry || entry.state === 'uploading') return;
    if (entry.state === 'done') await this.save({ ...entry, deleted: true });
    else {
      this.entries.delete(deviceId);
      await this.deps.store.remove(this.deps.userId, deviceId);
    }
    this.changed();
  }

  /**
   * The device's list is the truth of what is on the phone: a recording deleted outside the app (the phone's file
   * manager, another app) is no longer listed, so it is no longer shown and its kept state goes too — waiting or
   * failed it could never be read again; uploaded, the server keeps its copy, and should the same recording ever be
   * offered again its upload key is answered with the stored one. One being uploaded is left to finish (the next scan
   * judges it).
   */
  private async dropMissing(candidates: Set<string>, listed: Set<string>): Promise<void> {
    for (const deviceId of candidates) {
      const entry = this.entries.get(deviceId);
      if (!entry || listed.has(deviceId) || entry.state === 'uploading') continue;
      this.entries.delete(deviceId);
      try {
        await this.deps.store.remove(this.deps.userId, deviceId);
      } catch {
        // Storage closed: gone from view now; the next scan removes it again.
      }
    }
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Works through what is due now (the network came back, or a timer fired). */
  kick(): void {
    if (this.stopped || this.working) return;
    this.working = this.work().finally(() => {
      this.working = null;
      this.schedule();
    });
  }

  /** Resolves when nothing is being uploaded (tests; what is due later waits for its timer). */
  async idle(): Promise<void> {
    while (this.working) await this.working;
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.listeners.clear();
  }

  private load(): Promise<void> {
    this.loaded ??= (async () => {
      for (const kept of await this.deps.store.load(this.deps.userId)) {
        // Cut off by the app closing: sent again with the same key (the server answers a stored one with it).
        const entry: SyncEntry = kept.state === 'uploading' ? { ...kept, state: 'pending', nextAttemptAt: this.now() } : kept;
        this.entries.set(entry.deviceId, { ...entry, progress: entry.state === 'done' ? 100 : 0 });
      }
      this.changed();
    })();
    return this.loaded;
  }

  private async add(recording: DeviceRecording): Promise<void> {
    const known = this.entries.get(recording.id);
    if (known) {
      // Known: never uploaded twice. Only where the file is now is taken (a pending one reads it from there).
      if (known.path !== recording.path && known.state !== 'done') await this.save({ ...known, path: recording.path });
      return;
    }
    await this.save({
      userId: this.deps.userId,
      deviceId: recording.id,
      name: recording.name,
      path: recording.path,
      size: recording.size,
      lastModified: recording.lastModified,
      groupId: recording.groupId ?? null,
      mimeType: recording.mimeType,
      state: 'pending',
      attempts: 0,
      nextAttemptAt: this.now(),
      error: null,
      recordingId: null,
      progress: 0,
    });
  }

  private async work(): Promise<void> {
    await this.load();
    for (;;) {
      if (this.stopped || this.deps.isOnline?.() === false) return;
      const due = [...this.entries.values()].filter((e) => e.state === 'pending' && e.nextAttemptAt <= this.now()).sort((a, b) => a.lastModified - b.lastModified)[0];
      if (!due) return;
      await this.attempt(due);
    }
  }

  private async attempt(entry: SyncEntry): Promise<void> {
    let current: SyncEntry = { ...entry, state: 'uploading', attempts: entry.attempts + 1, progress: 0, error: null };
    await this.save(current);
    this.changed();
    try {
      const file = await this.deps.readFile(current);
      const uploadKey = await uploadKeyOf(current.deviceId);
      const stored = await this.deps.upload(file, {
        fileName: current.name,
        uploadKey,
        groupId: current.groupId ?? undefined,
        onProgress: (progress) => {
          current = { ...current, progress };
          this.entries.set(current.deviceId, current);
          this.changed();
        },
      });
      current = { ...current, state: 'done', progress: 100, recordingId: stored.id, error: null };
      await this.save(current);
      this.changed();
      this.deps.onUploaded?.(current);
    } catch (err) {
      const final = this.deps.isFinal?.(err) ?? false;
      const error = this.describe(err);
      const givenUp = final || current.attempts >= this.maxAttempts;
      current = givenUp
        ? { ...current, state: 'failed', progress: 0, error }
        : { ...current, state: 'pending', progress: 0, error, nextAttemptAt: this.now() + this.backoffMs(current.attempts) };
      await this.save(current);
      this.changed();
    }
  }

  private schedule(): void {
    if (this.stopped) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const next = Math.min(...[...this.entries.values()].filter((e) => e.state === 'pending').map((e) => e.nextAttemptAt));
    if (!Number.isFinite(next)) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.kick();
    }, Math.max(0, next - this.now()));
  }

  private async save(entry: SyncEntry): Promise<void> {
    this.entries.set(entry.deviceId, entry);
    try {
      await this.deps.store.put(entry);
    } catch {
      // Storage full or closed: the state still holds in memory; the upload key keeps a repeat harmless.
    }
  }

  private describe(err: unknown): string {
    return this.deps.describeError?.(err) ?? (err instanceof Error ? err.message : String(err));
  }

  private changed(): void {
    const all = [...this.entries.values()];
    const count = (state: SyncState) => all.filter((e) => e.state === state).length;
    const entries = all.filter((e) => !e.deleted).sort((a, b) => b.lastModified - a.lastModified);
    this.status = { pending: count('pending'), uploading: count('uploading'), failed: count('failed'), done: count('done'), entries, listError: this.listError };
    for (const listener of this.listeners) listener();
  }
}
