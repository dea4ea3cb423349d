import type { Photo } from '@fieldbook/contract';
import { useState } from 'react';

/** Compare mode: at most two photos chosen; a third replaces the older choice. */
export function usePhotoSelection() {
  const [isPicking, setPicking] = useState(false);
  const [chosen, setChosen] = useState<Photo[]>([]);
  const toggle = (photo: Photo) => setChosen((prev) => (prev.some((p) => p.id === photo.id) ? prev.filter((p) => p.id !== photo.id) : [...prev, photo].slice(-2)));
  const stop = () => {
    setPicking(false);
    setChosen([]);
  };
  return { isPicking, start: () => setPicking(true), stop, chosen, ids: new Set(chosen.map((p) => p.id)), toggle };
}
