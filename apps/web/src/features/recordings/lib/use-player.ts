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
  /** The recording last asked for (null after Stop): an older Play whose awaits end later is stale and does nothing. */
  const wanted = useRef<string | null>(null);
  /** Whose audio the element holds. */
  const loaded = useRef<string | null>(null);

  useEffect(() => {
    const el = new Audio();
    el.preload = 'none';
    el.ontimeupdate = () => setPosition(el.currentTime);
    el.onended = () => setPlayingId(null);
    audio.current = el;
    return () => {
      el.pause();
      el.src = '';
      loaded.current = null;
    };
  }, []);

  const play = async (id: string, at?: number) => {
    const el = audio.current!;
    wanted.current = id;
    try {
      if (loaded.current !== id) {
        el.pause();
        loaded.current = null;
        const [{ url }, { baseUrl }] = await Promise.all([playbackUrl(id), rawApiAccess()]);
        // Another recording (or Stop) was pressed while this one's address was on its way.
        if (wanted.current !== id) return;
        el.src = buildUrl(baseUrl, url);
        loaded.current = id;
        setPlayingId(id);
      }
      if (at !== undefined) el.currentTime = at;
      await el.play();
      if (wanted.current === id) setPlayingId(id);
    } catch (err) {
      // A newer Play or Stop took over: whatever this one met is no longer the user's concern.
      if (wanted.current !== id) return;
      // Stop (or another recording) pressed before playing began interrupts play(): that is not a failure.
      if (err instanceof DOMException && err.name === 'AbortError') return;
      setPlayingId(null);
      onError(err);
    }
  };
  const stop = () => {
    wanted.current = null;
    audio.current?.pause();
    setPlayingId(null);
  };
  return { playingId, position, play, stop };
}
