import type { Photo } from '@fieldbook/contract';

/** Fixtures of the photos feature's component tests. */
export const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
export const JOB_ID = uuid(9001);
export const AUTHOR_ID = '6f1c1d1e-0000-4000-8000-00000000a11c'; // TEST_USER (src/test/render.tsx)

/** A photo with every field filled (taken 2026-03-14 15:05 UTC), overrides on top. */
export function makePhoto(n: number, overrides: Partial<Photo> = {}): Photo {
  const id = uuid(n);
  return {
    id,
    job_id: JOB_ID,
    author: { id: AUTHOR_ID, name: 'Sam Crew' },
    content_type: 'image/jpeg',
    byte_size: 1_200_000,
    width: 2560,
    height: 1920,
    taken_at: '2026-03-14T15:05:00.000Z',
    taken_at_source: 'exif',
    latitude: null,
    longitude: null,
    stage: 'during',
    caption: '',
    tags: [],
    status: 'ready',
    processing_error: null,
    has_thumbnail: true,
    thumbnail_url: `/api/photo-images/thumbnail/t${n}`,
    original_url: `/api/photo-images/original/o${n}`,
    markup: null,
    created_at: '2026-03-14T15:06:00.000Z',
    ...overrides,
  };
}
