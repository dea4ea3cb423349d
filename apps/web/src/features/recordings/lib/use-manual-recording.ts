import { CallRecorder, callRecorderAvailability, MANUAL_RECORDING_PERMISSIONS, type DeviceRecording, type RecorderPermissionStatus } from '@fieldbook/call-recorder';
import { useCallback, useEffect, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { useAuth } from '../../../lib/auth-provider';

/** Spec 001 §4 manual recording: idle, recording, stopped — with the steps before a start and during a stop. */
export type ManualRecordingState = 'idle' | 'starting' | 'recording' | 'stopping';

/**
 * A finished manual recording. `file`: the browser's recording (the page uploads it); without it the recording is a
 * file on the phone, for the sync service. `pageLeft`: it ended because the page went away, so the page's own
 * status area is no longer there to show its upload.
 */
export type OnRecorded = (recorded: { recording: DeviceRecording; file?: Blob | undefined; pageLeft: boolean }) => void;

const missingPermissions = (status: RecorderPermissionStatus) => MANUAL_RECORDING_PERMISSIONS.filter((p) => status[p] !== 'granted');

/**
 * Manual (speakerphone) recording through the call recorder plugin — the native recorder in the mobile app, the
 * microphone through MediaRecorder in a browser (@fieldbook/call-recorder). Before a start: the recorder's
 * permissions (checkPermissions, then requestPermissions for what is missing; spec 001 §5 — refused:
 * 'Failed to request permissions'), then the consent notice (`confirmConsent`: cancelled, nothing is recorded), then
 * startManualRecording with the group and the signed-in user's id (the recorder names the recording with it, so on a
 * shared phone only this user's sync service uploads it). Only one at a time: Start while one is starting or running does nothing.
 * Leaving the page stops the recording (what was recorded is handed over, not dropped); closing the tab asks first.
 */
export function useManualRecording({ onRecorded, confirmConsent }: { onRecorded: OnRecorded; confirmConsent: () => Promise<boolean> }) {
  const [state, setState] = useState<ManualRecordingState>('idle');
  const userId = useAuth().user?.id;
  const phase = useRef<ManualRecordingState>('idle');
  const mounted = useRef(true);
  const startedAt = useRef(0);
  /** startManualRecording was called and has not answered yet (the microphone prompt may be open). */
  const recorderStarting = useRef(false);
  const handOver = useRef(onRecorded);
  useEffect(() => {
    handOver.current = onRecorded;
  });
  const move = (next: ManualRecordingState) => {
    phase.current = next;
    if (mounted.current) setState(next);
  };

  /** Stops the recorder and hands the recording over; false when the stop failed (the recording goes on). */
  const finish = useCallback(async (pageLeft: boolean): Promise<boolean> => {
    phase.current = 'stopping';
    if (!pageLeft) setState('stopping');
    try {
      const { recording, file } = await CallRecorder.stopManualRecording();
      phase.current = 'idle';
      if (mounted.current) setState('idle');
      handOver.current({ recording, file, pageLeft: pageLeft || !mounted.current });
      return true;
    } catch {
      phase.current = 'recording';
      if (mounted.current) setState('recording');
      return false;
    }
  }, []);

  const start = async (groupId: string) => {
    if (phase.current !== 'idle') return;
    move('starting');
    if (callRecorderAvailability() === 'missing') {
      move('idle');
      return void toast.error('Call Recorder plugin is not available in this environment.');
    }
    try {
      let status = await CallRecorder.checkPermissions();
      if (missingPermissions(status).length > 0) status = await CallRecorder.requestPermissions({ permissions: MANUAL_RECORDING_PERMISSIONS });
      if (missingPermissions(status).length > 0) throw new Error('refused');
    } catch {
      move('idle');
      if (mounted.current) toast.error('Failed to request permissions');
      return;
    }
    if (!mounted.current) return move('idle');
    // The consent notice (issue 26): cancelled, nothing is recorded.
    if (!(await confirmConsent()) || !mounted.current) return move('idle');
    recorderStarting.current = true;
    try {
      await CallRecorder.startManualRecording({ groupId, ...(userId ? { userId } : {}) });
    } catch (err) {
      recorderStarting.current = false;
      move('idle');
      if (mounted.current) toast.error(err instanceof DOMException && err.name === 'NotAllowedError' ? 'Failed to request permissions' : 'Failed to start recording');
      return;
    }
    recorderStarting.current = false;
    startedAt.current = Date.now();
    move('recording');
    // The page was left while the recorder started: stop it, so what it records is handed over.
    if (!mounted.current) void finish(true);
  };

  /** Not in spec 001 §8's catalogue (it names only the start failure): worded like its other failures. */
  const stop = async () => {
    if (phase.current !== 'recording') return;
    if (!(await finish(false))) toast.error('Failed to stop recording');
  };

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      if (phase.current === 'recording') void finish(true);
      // Still starting (the microphone prompt may be open): the recorder gives the microphone back when it arrives.
      else if (recorderStarting.current) void CallRecorder.stopManualRecording().catch(() => undefined);
    };
  }, [finish]);

  // Closing or reloading the tab while recording would lose the recording: the browser asks first.
  useEffect(() => {
    if (state !== 'recording') return;
    const ask = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [state]);

  return { state, start, stop, startedAt };
}
