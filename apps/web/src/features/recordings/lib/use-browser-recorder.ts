import { useCallback, useEffect, useRef, useState } from 'react';

/** Spec 001 §4 manual recording: idle, recording, stopped. */
export type RecorderState = 'idle' | 'recording' | 'stopped';

/**
 * Hands over a finished recording. `pageLeft`: it ended because the page went away (the user moved to another page
 * while recording), so the page's own status area is no longer there to show its upload.
 */
export type OnRecorded = (blob: Blob, extension: string, pageLeft: boolean) => void;

const releaseMicrophone = (stream: MediaStream) => stream.getTracks().forEach((t) => t.stop());

/**
 * The recorder plugin's web fallback: the microphone through MediaRecorder. stop() hands the recording (webm/opus
 * in Chromium and Firefox, mp4 in Safari) to `onRecorded` and releases the microphone. Only one recording at a
 * time: Start while one is starting or running opens no second stream. Leaving the page stops the recording (so
 * what was recorded is handed over, not dropped) and releases the microphone; closing the tab asks first.
 */
export function useBrowserRecorder(onRecorded: OnRecorded) {
  const [state, setState] = useState<RecorderState>('idle');
  const recorder = useRef<MediaRecorder | null>(null);
  const startedAt = useRef(0);
  /** Starting (the permission prompt may be open) or recording: set at once, before any await. */
  const busy = useRef(false);
  const mounted = useRef(true);
  const handOver = useRef(onRecorded);
  useEffect(() => {
    handOver.current = onRecorded;
  });

  const start = async () => {
    if (busy.current) return;
    if (!navigator.mediaDevices?.getUserMedia || typeof MediaRecorder === 'undefined') throw new Error('This browser cannot record audio');
    busy.current = true;
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    } catch (err) {
      busy.current = false;
      throw err;
    }
    // The page was left while the browser asked for the microphone: give it straight back.
    if (!mounted.current) {
      releaseMicrophone(stream);
      busy.current = false;
      return;
    }
    try {
      const type = ['audio/webm;codecs=opus', 'audio/webm', 'audio/mp4', 'audio/ogg;codecs=opus'].find((t) => MediaRecorder.isTypeSupported(t));
      const rec = new MediaRecorder(stream, type ? { mimeType: type } : undefined);
      const chunks: Blob[] = [];
      rec.ondataavailable = (e) => e.data.size > 0 && chunks.push(e.data);
      rec.onstop = () => {
        releaseMicrophone(stream);
        busy.current = false;
        if (recorder.current === rec) recorder.current = null;
        const mime = rec.mimeType || type || 'audio/webm';
        handOver.current(new Blob(chunks, { type: mime }), mime.includes('mp4') ? 'm4a' : mime.includes('ogg') ? 'ogg' : 'webm', !mounted.current);
        if (mounted.current) setState('stopped');
      };
      rec.start(1000);
      recorder.current = rec;
      startedAt.current = Date.now();
      setState('recording');
    } catch (err) {
      releaseMicrophone(stream);
      busy.current = false;
      throw err;
    }
  };

  /** Its stop event hands the recording over and releases the microphone. */
  const stop = useCallback(() => {
    const rec = recorder.current;
    if (rec && rec.state !== 'inactive') rec.stop();
  }, []);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      stop();
    };
  }, [stop]);

  // Closing or reloading the tab while recording would lose the recording: the browser asks first.
  useEffect(() => {
    if (state !== 'recording') return;
    const ask = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [state]);

  return { state, start, stop, startedAt };
}
