import { useSyncExternalStore } from 'react';
import type { RecordingSyncService, SyncStatus } from './recording-sync';

/**
 * The signed-in user's sync service while the mobile app runs it (CallRecorderSync starts it), for the screens that
 * show its status or hand it a recording. null in a browser, or when the recorder did not start.
 */
let active: RecordingSyncService | null = null;
let unsubscribeActive = () => {};
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());

export function setActiveRecordingSync(service: RecordingSyncService | null): void {
  unsubscribeActive();
  active = service;
  unsubscribeActive = service ? service.subscribe(emit) : () => {};
  emit();
}

export function activeRecordingSync(): RecordingSyncService | null {
  return active;
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

/** The service and its status (getStatus), re-rendered on every change. */
export function useRecordingSync(): { service: RecordingSyncService | null; status: SyncStatus | null } {
  const status = useSyncExternalStore(subscribe, () => active?.getStatus() ?? null);
  return { service: active, status };
}
