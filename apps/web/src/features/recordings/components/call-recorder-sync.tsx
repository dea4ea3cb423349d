import { CallRecorder, callRecorderAvailability, readDeviceRecording, RecordingFileMissingError, type PluginListenerHandle } from '@fieldbook/call-recorder';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import toast from 'react-hot-toast';
import { ApiRequestError } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth-provider';
import { errorReason } from '../../../lib/error-reason';
import { isOffline } from '../../../lib/offline/offline-queue';
import { recordingKeys } from '../api/keys';
import { uploadRecording } from '../api/upload-recording';
import { RecordingSyncService } from '../lib/recording-sync';
import { indexedDbSyncStore } from '../lib/recording-sync-store';
import { setActiveRecordingSync } from '../lib/use-recording-sync';

/** A refusal the server would repeat (415, 413, 400…): retrying cannot help. 401 and 429 may pass; 408 is a timeout. */
const isRefusal = (err: unknown) => err instanceof ApiRequestError && err.status >= 400 && err.status < 500 && ![401, 408, 429].includes(err.status);

/**
 * Inside the mobile app, for the signed-in user: initializes the call recorder with their id when the app opens or
 * another user signs in (spec 001 §8 'Failed to initialize recorder') and runs the recording sync service — their
 * recordings on the phone, then each one the recorder announces ('recordingAdded'), uploaded once. Mounted once by the app shell; renders nothing. In a
 * browser it does nothing (the web recorder's recordings are uploaded by the Recordings page).
 */
export function CallRecorderSync() {
  const userId = useAuth().user?.id;
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!userId || callRecorderAvailability() !== 'native') return;
    let closed = false;
    let listener: PluginListenerHandle | null = null;
    const service = new RecordingSyncService({
      userId,
      store: indexedDbSyncStore(),
      listRecordings: async () => (await CallRecorder.getRecordings()).recordings,
      readFile: (entry) => readDeviceRecording(entry),
      upload: (file, opts) => uploadRecording(file, opts),
      isFinal: (err) => isRefusal(err) || err instanceof RecordingFileMissingError,
      describeError: errorReason,
      isOnline: () => !isOffline(),
      onUploaded: () => void queryClient.invalidateQueries({ queryKey: recordingKeys.all }),
    });
    const online = () => service.kick();
    void (async () => {
      try {
        // The recorder names what it records with the signed-in user's id (a shared phone: the sync service takes only
        // this user's recordings from its list).
        await CallRecorder.initialize({ userId });
      } catch {
        toast.error('Failed to initialize recorder', { id: 'recorder-init' });
        return;
      }
      if (closed) return;
      setActiveRecordingSync(service);
      window.addEventListener('online', online);
      try {
        const handle = await CallRecorder.addListener('recordingAdded', (event) => void service.handleCallRecording(event.recording));
        if (closed) void handle.remove();
        else listener = handle;
      } catch {
        // A recorder without the event: its recordings arrive through getRecordings when the app opens.
      }
      if (!closed) await service.start();
    })();
    return () => {
      closed = true;
      window.removeEventListener('online', online);
      void listener?.remove();
      service.stop();
      setActiveRecordingSync(null);
    };
  }, [userId, queryClient]);
  return null;
}
