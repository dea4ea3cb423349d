import { useRef, useState } from 'react';

/** Spec 001 §4 manual recording: idle, recording, stopped. */
export type RecorderState = 'idle' | 'recording' | 'stopped';

/**
 * The recorder plugin's web fallback: the microphone through MediaRecorder. stop() hands the recording (webm/opus
 * in Chromium and Firefox, mp4 in Safari) to `onRecorded`.
 */
export function useBrowserRecorder(onRecorded: (blob: Blob, extension: string) => void) {
  const [state, setState] = useState<RecorderState>('idle');
  const recorder = useRef<MediaRecorder | null>(null);
  const startedAt = useRef(0);

  const start = async () => {
    if (!navigator.mediaDevices?.getUserMedia || typeof MediaRecorder === 'undefined') throw new Error('This browser cannot record audio');
    const stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    const type = ['audio/webm;codecs=opus', 'audio/webm', 'audio/mp4', 'audio/ogg;codecs=opus'].find((t) => MediaRecorder.isTypeSupported(t));
    const rec = new MediaRecorder(stream, type ? { mimeType: type } : undefined);
    const chunks: Blob[] = [];
    rec.ondataavailable = (e) => e.data.size > 0 && chunks.push(e.data);
    rec.onstop = () => {
      stream.getTracks().forEach((t) => t.stop());
      const mime = rec.mimeType || type || 'audio/webm';
      onRecorded(new Blob(chunks, { type: mime }), mime.includes('mp4') ? 'm4a' : mime.includes('ogg') ? 'ogg' : 'webm');
      setState('stopped');
    };
    rec.start(1000);
    recorder.current = rec;
    startedAt.current = Date.now();
    setState('recording');
  };

  const stop = () => {
    if (recorder.current && recorder.current.state !== 'inactive') recorder.current.stop();
    recorder.current = null;
  };
  return { state, start, stop, startedAt };
}
