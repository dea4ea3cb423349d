import type { Photo } from '@fieldbook/contract';
import { useEffect, useState } from 'react';
import type { PhotoAuthor } from '../components/photo-filters';

/**
 * The authors the Author filter offers: the signed-in user and everyone whose photos have been listed here. A
 * workspace member may not list the workspace's people (that endpoint is the admins'), so the photos name them; a
 * chosen author stays offered while the filter hides the others' photos.
 */
export function usePhotoAuthors(photos: readonly Photo[], me: PhotoAuthor | null): PhotoAuthor[] {
  const [seen, setSeen] = useState<ReadonlyMap<string, string>>(() => new Map());
  useEffect(() => {
    const fresh = photos.filter((p) => p.author.id && !seen.has(p.author.id));
    if (fresh.length === 0) return;
    setSeen((prev) => new Map([...prev, ...fresh.map((p) => [p.author.id!, p.author.name ?? 'Unknown'] as const)]));
  }, [photos, seen]);
  const all = new Map(seen);
  if (me) all.set(me.id, me.name);
  return [...all].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name));
}
