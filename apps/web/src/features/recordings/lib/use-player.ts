import { useEffect, useRef, useState } from 'react';
import { buildUrl, rawApiAccess } from '../../../lib/api-client';
import { playbackUrl } from '../api/recordings';

/**
 * One player for the page (spec 001 §4: only one recording plays at a time). The audio streams from a signed URL
 * with HTTP ranges, so seeking in a long call does not download it whole.
 */
export function usePlayer(onError: (err: unknown) => void) {
  const audio = useRef<HTMLAudioElement | null>(null);
  const [playingId, setPlayingId] = useState<string | null>(null);
  const [position, setPosition] = useState(0);

  useEffect(() => {
    const el = new Audio();
    el.preload = 'none';
    el.ontimeupdate = () => setPosition(el.currentTime);
    el.onended = () => setPlayingId(null);
    audio.current = el;
    return () => {
      el.pause();
      el.src = '';
    };
  }, []);

  const play = async (id: string, at?: number) => {
    const el = audio.current!;
    try {
      if (playingId !== id) {
        el.pause();
        const [{ url }, { baseUrl }] = await Promise.all([playbackUrl(id), rawApiAccess()]);
        el.src = buildUrl(baseUrl, url);
        setPlayingId(id);
      }
      if (at !== undefined) el.currentTime = at;
      await el.play();
      setPlayingId(id);
    } catch (err) {
      // Stop (or another recording) pressed before playing began interrupts play(): that is not a failure.
      if (err instanceof DOMException && err.name === 'AbortError') return;
      setPlayingId(null);
      onError(err);
    }
  };
  const stop = () => {
    audio.current?.pause();
    setPlayingId(null);
  };
  return { playingId, position, play, stop };
}
